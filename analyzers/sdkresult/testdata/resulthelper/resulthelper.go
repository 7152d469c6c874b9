// Package resulthelper answers as an mcp-go handler does, for the // want package:"resulthelper.JSON pending: sdk-protocol-error@17; resulthelper.Text pending: sdk-protocol-error@25"
// handlers of other packages: its returns are theirs where they return
// its results.
package resulthelper

import (
	"encoding/json"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
)

// JSON answers with v encoded.
func JSON(v any) (*mcp.CallToolResult, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err // want `sdk-protocol-error: mcp-go sends an error returned by this function as a JSON-RPC internal error`
	}
	return mcp.NewToolResultText(string(data)), nil
}

// Text answers with s; its only caller turns its error into a result.
func Text(s string) (*mcp.CallToolResult, error) {
	if s == "" {
		return nil, errors.New("nothing to say")
	}
	return mcp.NewToolResultText(s), nil
}
