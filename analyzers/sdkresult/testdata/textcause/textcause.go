// Package textcause keeps only the text of the errors it wraps: a text is
// never an SDK's protocol error, whatever made the error it came from.
package textcause

import (
	"context"
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type panelError struct{ Details string }

func (e *panelError) Error() string { return e.Details }

// internalError keeps err's text in a new error: err.Error() is a call of
// the one method of the error interface, whose result is a string.
func internalError(err error) error {
	return &panelError{Details: err.Error()}
}

type client struct{ Payload any }

// encode marshals a payload of any type: json.Marshal may call a
// MarshalJSON the layer cannot see, whose error could be anything.
func (c *client) encode() ([]byte, error) {
	data, err := json.Marshal(c.Payload)
	if err != nil {
		return nil, internalError(err)
	}
	return data, nil
}

func send(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	c := &client{Payload: req.GetArguments()}
	data, err := c.encode()
	if err != nil {
		return nil, err // want `sdk-protocol-error`
	}
	return mcp.NewToolResultText(string(data)), nil
}

func register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("send"), send)
}

func run() error {
	s := server.NewMCPServer("panel", "1.0")
	register(s)
	return server.ServeStdio(s)
}
