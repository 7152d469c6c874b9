// Package command runs the CLI a server's tools wrap.
package command

import (
	"bytes"
	"context"
	"errors"
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

// A Result is what Exec gives back: the command's exit code, and what it
// wrote to each stream.
type Result struct {
	ExitCode int
	Stdout   string
	Stderr   string
	Command  string
}

// Exec runs name and reports how it exited in its Result, not in an
// error, as command executors of real servers do.
func Exec(ctx context.Context, name string, args ...string) (*Result, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return nil, fmt.Errorf("running %s: %w", name, err)
	}
	res := &Result{Stdout: stdout.String(), Command: name}
	res.ExitCode = cmd.ProcessState.ExitCode()
	if res.ExitCode != 0 {
		return &Result{ExitCode: res.ExitCode, Stderr: stderr.String(), Command: name}, nil
	}
	return res, nil
}
