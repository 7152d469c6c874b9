// Package causefields has helpers that build their errors as values of
// the package's own error types. A type given only err's words, in a text
// field, keeps no cause; one given err itself does.
package causefields

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type ValidationError struct {
	Field   string
	Message string
}

func (e *ValidationError) Error() string { return e.Field + ": " + e.Message }

type RangeError struct {
	Ref    string
	Reason string
}

func (e RangeError) Error() string { return e.Ref + ": " + e.Reason }

type FormulaError struct {
	Cell    string
	Message string
	Cause   error
}

func (e *FormulaError) Error() string { return e.Cell + ": " + e.Message }
func (e *FormulaError) Unwrap() error { return e.Cause }

type sheet struct{}

func (sheet) Cell(ref string) (string, error) { return "", nil }
func (sheet) SetFormula(ref, f string) error  { return nil }
func (sheet) Column(n int) (string, error)    { return "", nil }

// cell flattens the failure of the lookup into a field.
func cell(s sheet, ref string) (string, error) {
	v, err := s.Cell(ref)
	if err != nil {
		return "", &ValidationError{Field: "cell", Message: fmt.Sprintf("invalid cell %s: %v", ref, err)} // want `preserve-cause-on-rethrow: the \*ValidationError returned while handling err keeps only its text, in field Message`
	}
	return v, nil
}

// setFormula does it with err.Error(), in a value, not a pointer.
func setFormula(s sheet, ref, f string) error {
	if err := s.SetFormula(ref, f); err != nil {
		return RangeError{Ref: ref, Reason: "formula rejected: " + err.Error()} // want `preserve-cause-on-rethrow: the RangeError returned while handling err keeps only its text, in field Reason`
	}
	return nil
}

// column keeps the cause in a field of its own: not reported.
func column(s sheet, n int) (string, error) {
	name, err := s.Column(n)
	if err != nil {
		return "", &FormulaError{Cell: strconv.Itoa(n), Message: fmt.Sprintf("no column: %v", err), Cause: err}
	}
	return name, nil
}

// other puts the words of another value in the field: not err's.
func other(s sheet, ref string) (string, error) {
	v, err := s.Cell(ref)
	if err != nil {
		return "", &ValidationError{Field: "cell", Message: fmt.Sprintf("invalid cell %s", ref)} // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	return v, nil
}

// known translates a known failure into words: not reported.
var errLocked = errors.New("locked")

func known(s sheet, ref string) (string, error) {
	v, err := s.Cell(ref)
	if errors.Is(err, errLocked) {
		return "", &ValidationError{Field: "cell", Message: "the sheet is locked: " + err.Error()}
	}
	return v, err
}

func read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	s := sheet{}
	ref := req.GetString("ref", "A1")
	v, err := cell(s, ref)
	if err == nil {
		_, err = column(s, 1)
	}
	if err == nil {
		_, err = other(s, ref)
	}
	if err == nil {
		_, err = known(s, ref)
	}
	if err == nil {
		err = setFormula(s, ref, "=1")
	}
	if err != nil {
		return mcp.NewToolResultErrorFromErr("read failed", err), nil
	}
	return mcp.NewToolResultText(v), nil
}

func Register(m *server.MCPServer) {
	m.AddTool(mcp.NewTool("read"), read)
}
