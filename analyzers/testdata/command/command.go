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
