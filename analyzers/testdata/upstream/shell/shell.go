// Package shell runs a command-line tool for its callers and hands back
// what the tool printed, in a struct, behind an interface: the shape of
// a cloud CLI's client library.
package shell

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"strings"
)

// A Result is what a command printed and how it ended.
type Result struct {
	Output   string
	Stderr   string // what the tool printed on stderr, as it printed it
	Status   string // the process's state, "exit status 2"
	Hint     string
	Note     string
	Later    string
	ExitCode int
}

// A Runner runs the tool.
type Runner interface {
	Run(ctx context.Context, args ...string) (*Result, error)
}

// New returns a Runner of bin, whose type the caller cannot name.
func New(bin string) Runner { return &runner{bin: bin} }

type runner struct{ bin string }

func (r *runner) Run(ctx context.Context, args ...string) (*Result, error) {
	cmd := exec.CommandContext(ctx, r.bin, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		return nil, err
	}
	errText := ""
	if stderr.Len() > 0 {
		errText = strings.TrimSpace(stderr.String())
	}
	var note strings.Builder
	note.WriteString("ran ")
	note.WriteString(r.bin)
	res := &Result{
		Output:   stdout.String(),
		Stderr:   errText,
		Status:   cmd.ProcessState.String(),
		Hint:     "run the tool with --help",
		Note:     note.String(),
		ExitCode: code,
	}
	res.Later = stderr.String() // written after the literal
	return res, nil
}

// An Info describes the tool.
type Info struct {
	Version string
	Path    string
}

// Describe asks the tool for its version.
func Describe(ctx context.Context, bin string) (*Info, error) {
	out, err := exec.CommandContext(ctx, bin, "--version").CombinedOutput()
	if err != nil {
		return nil, err
	}
	return &Info{Version: strings.TrimSpace(string(out)), Path: bin}, nil
}

// A Log is a line of the tool's own log.
type Log struct {
	Line string
}

func newLog() *Log { return &Log{} }

// Tail returns the last line the tool logged. The local it fills comes
// from a function, not a literal: the source reader does not know its
// type; the package's summary, computed from its bodies, does.
func Tail(ctx context.Context, bin string) (*Log, error) {
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, bin, "log")
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, err
	}
	l := newLog()
	l.Line = stderr.String()
	return l, nil
}
