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
		return "", fmt.Errorf("%s failed: %w: %s", name, err, stderr.String()) // want `no-stringify-upstream-error: a subprocess's output written to stderr by \(\*exec.Cmd\).Stderr enters the text of an error at command/command.go:\d+ \(in command.Run\), and 2 texts of 2 functions show it`
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

// A Client runs commands through a runner it was given: the call of
// run is an interface call, and the method that answers it is declared
// below the caller, so the layer summarises Client.Run first.
type Client struct {
	runner runner
}

type runner interface {
	run(ctx context.Context, name string, args ...string) (*Result, error)
}

// NewClient returns a Client running commands on this machine.
func NewClient() *Client { return &Client{runner: localRunner{}} }

// Run runs name through the client's runner.
func (c *Client) Run(ctx context.Context, name string, args ...string) (*Result, error) {
	return c.runner.run(ctx, name, args...)
}

type localRunner struct{}

func (localRunner) run(ctx context.Context, name string, args ...string) (*Result, error) {
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return nil, fmt.Errorf("running %s: %w", name, err)
	}
	return &Result{ExitCode: cmd.ProcessState.ExitCode(), Stdout: string(out), Stderr: stderr.String(), Command: name}, nil
}

// A Cache answers from its next runner, which may be another Cache:
// Output calls itself through an interface, so a path round that
// recursion names Output twice, and the shorter one is the one to show.
type Cache struct {
	next   outputter
	loaded bool
}

type outputter interface {
	Output(ctx context.Context, name string) (string, error)
}

// NewCache returns a Cache over next.
func NewCache(next *Cache) *Cache { return &Cache{next: next} }

func (c *Cache) Output(ctx context.Context, name string) (string, error) {
	if c.loaded {
		return c.next.Output(ctx, name)
	}
	if err := c.load(ctx); err != nil {
		return "", err
	}
	return c.next.Output(ctx, name)
}

func (c *Cache) load(ctx context.Context) error {
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, "warm-cache")
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("warming the cache: %w: %s", err, stderr.String())
	}
	c.loaded = true
	return nil
}
