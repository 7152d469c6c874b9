// Package toolkit is a server's own tool API, of no SDK: a handler type
// whose result carries the failure in a field, and a tool that holds a
// handler. The server package adapts it to the go-sdk; the tools are
// written in packages that import this one and not the server's.
package toolkit

// A Params is what a handler is called with.
type Params struct {
	Args map[string]any
}

// A Result is what a handler returns; Err is the failure the client is
// shown.
type Result struct {
	Text string
	Err  error
}

// NewResult returns a result of text, or of the failure err.
func NewResult(text string, err error) *Result {
	return &Result{Text: text, Err: err}
}

// A HandlerFunc handles a call of a tool.
type HandlerFunc func(p Params) (*Result, error)

// A Tool is a named handler.
type Tool struct {
	Name    string
	Handler HandlerFunc
}

// A Formatter is a function type of the same shape that no adapter calls.
type Formatter func(p Params) (*Result, error)

// A Format is a named formatter.
type Format struct {
	Name string
	Run  Formatter
}

// A QuietFunc handles a call whose every failure is in its result; its
// handlers never return an error.
type QuietFunc func(p Params) (*Result, error)

// A QuietTool is a named QuietFunc.
type QuietTool struct {
	Name    string
	Handler QuietFunc
}
