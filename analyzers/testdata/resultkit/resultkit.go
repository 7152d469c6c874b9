// Package resultkit is a project's own re-export of the go-sdk's result
// constructors: the suite sees through it by what its functions do.
package resultkit

import "github.com/modelcontextprotocol/go-sdk/mcp"

// Error is an error result that shows msg.
func Error(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
}

// ErrorFromErr is an error result that shows msg and err, and keeps err.
func ErrorFromErr(msg string, err error) *mcp.CallToolResult {
	res := Error(msg + ": " + err.Error())
	res.SetError(err)
	return res
}

// Text is a success result that shows text.
func Text(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}
