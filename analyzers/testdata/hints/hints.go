// Package hints adds recovery hints to a typed handler's results, and
// hands its error on unchanged.
package hints

import "github.com/modelcontextprotocol/go-sdk/mcp"

func With[Out any](res *mcp.CallToolResult, out Out, err error) (*mcp.CallToolResult, Out, error) {
	if res != nil && err == nil {
		res.Content = append(res.Content, &mcp.TextContent{Text: "see also: notes_list"})
	}
	return res, out, err
}
