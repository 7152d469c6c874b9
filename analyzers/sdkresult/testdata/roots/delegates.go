package roots

// A helper whose results handlers return as their own: its return is the
// one place that decides what each of them becomes, and the finding there
// names every handler return that hands its error on. A helper only one
// handler returns is that handler's own business.

import (
	"context"
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func resultJSON(v any) (*mcp.CallToolResult, error) {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err // want `sdk-protocol-error: mcp-go sends an error returned by this function as a JSON-RPC internal error \(-32603\).* \(3 handlers return what this function returns\)`
	}
	return mcp.NewToolResultText(string(b)), nil
}

func resultYAML(v any) (*mcp.CallToolResult, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err // want `sdk-protocol-error: mcp-go sends an error returned by this function as a JSON-RPC internal error \(-32603\), which the model never sees: return mcp.NewToolResultError\(msg\) \(or NewToolResultErrorFromErr\) with a nil error \(it reaches the SDK this way: its results are returned by a function literal; registered with \(\*server.MCPServer\).AddTool\)$`
	}
	return mcp.NewToolResultText(string(b)), nil
}

func ServeDelegates() {
	s := server.NewMCPServer("delegates", "1.0.0")
	s.AddTool(mcp.NewTool("ticker"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return resultJSON(map[string]string{"symbol": req.GetString("symbol", "")})
	})
	s.AddTool(mcp.NewTool("book"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return resultJSON([]string{req.GetString("symbol", "")})
	})
	s.AddTool(mcp.NewTool("trades"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return resultJSON(req.GetArguments())
	})
	s.AddTool(mcp.NewTool("config"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return resultYAML(req.GetArguments())
	})
}
