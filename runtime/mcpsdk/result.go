package mcpsdk

import (
	"github.com/mcperrlint/mcperrlint/runtime/internal/binding"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// FromResult reads back the failure a tool result carries, for a Go client,
// host or test on the go-sdk: code, message and data from
// structuredContent.error, or, failing that, the message, reason,
// retryability, recovery hint and request id from the text of content[0]
// (see mcperr.FromResult). WireError's methods read the parts; AsError makes
// an error of it for mcperr.Retry.
//
// It reports false for a nil result and for one that is not an error. An
// error result in neither shape, from a tool this runtime does not serve,
// gives its text as the message, with no code.
func FromResult(res *mcp.CallToolResult) (mcperr.WireError, bool) {
	if res == nil {
		return mcperr.WireError{}, false
	}
	return binding.ReadFailure(res.IsError, res.StructuredContent, firstText(res.Content))
}

// firstText returns the text of the first text content, or "".
func firstText(content []mcp.Content) string {
	for _, c := range content {
		if text, ok := c.(*mcp.TextContent); ok {
			return text.Text
		}
	}
	return ""
}
