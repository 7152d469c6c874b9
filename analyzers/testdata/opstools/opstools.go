// Package opstools holds a server's operations: functions converted to
// ops.OperationFunc and ops.QueryFunc, and types that implement
// ops.Operation, all handed to ops' adapters by another package.
package opstools

import (
	"context"
	"errors"
	"fmt"
	"os/exec"

	"fixtures/ops"
)

// Logs reads a node's journal; a failure shows the client what the
// command printed.
func Logs() ops.Operation {
	return ops.OperationFunc(func(ctx context.Context, args map[string]any) (string, error) {
		node, _ := args["node"].(string)
		out, err := exec.CommandContext(ctx, "journalctl", "--machine", node).CombinedOutput()
		if err != nil {
			return "", fmt.Errorf("journalctl: %w: %s", err, out) // want `no-stringify-upstream-error: the error the adapted handler returns includes a subprocess's output from \(\*exec.Cmd\).CombinedOutput`
		}
		return string(out), nil
	})
}

// Uptime wraps its cause and shows nothing raw.
func Uptime() ops.Operation {
	return ops.OperationFunc(uptime)
}

func uptime(ctx context.Context, args map[string]any) (string, error) {
	if err := exec.CommandContext(ctx, "uptime").Run(); err != nil {
		return "", fmt.Errorf("uptime: %w", err)
	}
	return "up", nil
}

// Status implements ops.Operation with a method.
type Status struct{ Host string }

// Run reports whether the host answers; it loses why it does not.
func (s Status) Run(ctx context.Context, args map[string]any) (string, error) {
	if err := exec.CommandContext(ctx, "ping", "-c1", s.Host).Run(); err != nil {
		return "", errors.New("host unreachable") // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	return "ok", nil
}

// Disk implements ops.Operation on a pointer and keeps its cause.
type Disk struct{}

func (*Disk) Run(ctx context.Context, args map[string]any) (string, error) {
	out, err := exec.CommandContext(ctx, "df").Output()
	if err != nil {
		return "", fmt.Errorf("df: %w", err)
	}
	return string(out), nil
}

// Owner is a query: its errors go to mcp-go through ops.Raw.
func Owner() ops.Query {
	return ops.QueryFunc(func(ctx context.Context, id string) (string, error) {
		if id == "" {
			return "", errors.New("id is required") // folded under the server that hands it on raw (TestServerRoots)
		}
		return "root", nil
	})
}

// Pretty is a Formatter, which no adapter takes: not a handler.
func Pretty() ops.Formatter {
	return ops.Formatter(func(ctx context.Context, args map[string]any) (string, error) {
		if err := exec.CommandContext(ctx, "true").Run(); err != nil {
			return "", errors.New("cannot format")
		}
		return "", nil
	})
}

// Ping is a Check: ops has two adapters for Checks that disagree, so
// what its errors become is not known from its type.
func Ping() ops.Check {
	return ops.CheckFunc(func(ctx context.Context) (string, error) {
		if err := exec.CommandContext(ctx, "ping").Run(); err != nil {
			return "", errors.New("no answer")
		}
		return "pong", nil
	})
}
