// Package answercause is a debugger whose helpers never return an error
// to the handler: each failure is built into an error and handed to the
// constructor of the answer, which shows its text in a field. The error
// travels to the client with the answer, and a %v in it loses the cause
// on the way.
package answercause

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// ErrNoSession is what the debugger answers before a session starts.
var ErrNoSession = errors.New("no session")

type state struct{ line int }

// Details says what went wrong in an answer, for the client to read.
type Details struct {
	Operation string `json:"operation"`
	Message   string `json:"error,omitempty"`
}

// StepResult is the answer of a step.
type StepResult struct {
	Line    int      `json:"line"`
	Details *Details `json:"details"`
}

type debugger struct{ running bool }

func (d *debugger) state() (*state, error) {
	if !d.running {
		return nil, ErrNoSession
	}
	return &state{}, nil
}

func (d *debugger) next() error {
	if !d.running {
		return ErrNoSession
	}
	return nil
}

func answer(st *state, err error) StepResult {
	details := Details{Operation: "step"}
	if err != nil {
		details.Message = err.Error()
	}
	r := StepResult{Details: &details}
	if st != nil {
		r.Line = st.line
	}
	return r
}

// step answers where the program stopped, or what failed.
func (d *debugger) step() StepResult {
	st, err := d.state()
	if errors.Is(err, ErrNoSession) {
		return answer(nil, fmt.Errorf("no session to step in: %v", err)) // a known condition in words
	}
	if err != nil {
		return answer(nil, fmt.Errorf("reading the state: %v", err)) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v, which copies its text and drops the error: use %w`
	}
	if err := d.next(); err != nil {
		return answer(st, fmt.Errorf("stepping: %w", err))
	}
	if err := d.settle(); err != nil {
		return answer(st, fmt.Errorf("settling: %w", err))
	}
	return answer(st, nil)
}

// settle waits for the program to stop: its error is built into the
// step's answer, with the cause it lost here.
func (d *debugger) settle() error {
	if _, err := d.state(); err != nil {
		return fmt.Errorf("waiting for a stop: %v", err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v`
	}
	return nil
}

// evaluate returns its error as an error: the handler's error path
// judges it, not the answer's.
func (d *debugger) evaluate(expr string) (string, error) {
	if _, err := d.state(); err != nil {
		return "", fmt.Errorf("evaluating %s: %w", expr, err)
	}
	return expr, nil
}

// reset is called by no handler: what it answers reaches no client.
func (d *debugger) reset() StepResult {
	if err := d.next(); err != nil {
		return answer(nil, fmt.Errorf("resetting: %v", err))
	}
	return answer(nil, nil)
}

var dbg = &debugger{}

func handleStep(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := json.Marshal(dbg.step())
	if err != nil {
		return mcp.NewToolResultErrorFromErr("encoding the answer", err), nil
	}
	return mcp.NewToolResultText(string(data)), nil
}

func handleEval(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v, err := dbg.evaluate(req.GetString("expr", ""))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("evaluating", err), nil
	}
	return mcp.NewToolResultText(v), nil
}

// Serve serves the debugger's tools.
func Serve() error {
	s := server.NewMCPServer("debugger", "1.0.0")
	s.AddTool(mcp.NewTool("step"), handleStep)
	s.AddTool(mcp.NewTool("eval"), handleEval)
	return server.ServeStdio(s)
}
