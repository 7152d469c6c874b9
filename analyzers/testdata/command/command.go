// Package command runs the CLI a server's tools wrap.
package command

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
)

// Run runs name with args and returns its standard output; its error
// carries what the command wrote to standard error.
func Run(ctx context.Context, name string, args ...string) (string, error) {
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%s failed: %w: %s", name, err, stderr.String())
	}
	return string(out), nil
}

// Quiet runs name and keeps what it wrote out of its error.
func Quiet(ctx context.Context, name string, args ...string) (string, error) {
	out, err := exec.CommandContext(ctx, name, args...).Output()
	if err != nil {
		return "", fmt.Errorf("%s failed: %w", name, err)
	}
	return string(out), nil
}

// Output runs name and returns its standard output, or, when it fails,
// what it wrote to standard error, with the error.
func Output(ctx context.Context, name string, args ...string) (string, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stderr.String(), err
	}
	return stdout.String(), nil
}
