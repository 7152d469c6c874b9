// Package delegates has one mcp-go handler that routes each operation to
// a delegate of its own: the order the delegates are found in decides
// which handler a finding reached through several names is reported
// through, and must not change from run to run.
package delegates

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("route"), route)
}

func route(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler "mcp-go handler route": mcp-go handler \[result error\] deferred`
	switch req.GetString("op", "") {
	case "a":
		return opA(ctx, req)
	case "b":
		return opB(ctx, req)
	case "c":
		return opC(ctx, req)
	case "d":
		return opD(ctx, req)
	case "e":
		return opE(ctx, req)
	case "f":
		return opF(ctx, req)
	}
	return nil, errors.New("unknown operation")
}

func opA(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil } // want `handler "mcp-go handler opA": mcp-go handler \[result error\] deferred`
func opB(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil } // want `handler "mcp-go handler opB": mcp-go handler \[result error\] deferred`
func opC(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil } // want `handler "mcp-go handler opC": mcp-go handler \[result error\] deferred`
func opD(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil } // want `handler "mcp-go handler opD": mcp-go handler \[result error\] deferred`
func opE(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil } // want `handler "mcp-go handler opE": mcp-go handler \[result error\] deferred`
func opF(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil } // want `handler "mcp-go handler opF": mcp-go handler \[result error\] deferred`
