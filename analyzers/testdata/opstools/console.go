package opstools

import (
	"context"
	"fmt"
	"os/exec"

	"fixtures/command"
	"fixtures/ops"
)

// Journal is an ops.Command whose Exec returns what command.Output
// returns: stderr, with the error, which ops.Console shows.
type Journal struct{}

func (Journal) Exec(ctx context.Context, line string) (string, error) {
	return command.Output(ctx, "journalctl", line) // want `no-stringify-upstream-error: the text adapted handler Exec returns with its error \(shown to the client with the error's message\), through command.Output`
}

// Shell returns a command's combined output with its error itself.
func Shell() ops.Command {
	return ops.CommandFunc(func(ctx context.Context, line string) (string, error) {
		out, err := exec.CommandContext(ctx, "sh", "-c", line).CombinedOutput()
		if err != nil {
			return string(out), fmt.Errorf("sh: %w", err) // want `no-stringify-upstream-error: the text the adapted handler returns with its error \(shown to the client with the error's message\) includes a subprocess's output`
		}
		return string(out), nil
	})
}

// Echo returns its output only on success, and keeps what the command
// printed out of its error.
func Echo() ops.Command {
	return ops.CommandFunc(func(ctx context.Context, line string) (string, error) {
		out, err := exec.CommandContext(ctx, "echo", line).Output()
		if err != nil {
			return "", fmt.Errorf("echo: %w", err)
		}
		return string(out), nil
	})
}
