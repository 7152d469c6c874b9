package fixmcpgo

import gomcp "github.com/mark3labs/mcp-go/mcp"

// BookRequest and BookResult let noimport.go name the SDK's types without
// importing its package.
type (
	BookRequest = gomcp.CallToolRequest
	BookResult  = gomcp.CallToolResult
)
