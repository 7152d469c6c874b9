// Package builtserver builds its mcp-go servers in functions of its own,
// and registers its tools through a function handed the server: the
// server's options are read where the function builds it.
package builtserver

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// newServer builds a server whose options leave handlers' errors alone.
func newServer() *server.MCPServer {
	return server.NewMCPServer("inventory", "1.0", server.WithToolCapabilities(true), server.WithLogging())
}

// newCheckedServer builds one or fails: the nil it returns on failure
// builds no server.
func newCheckedServer(name string) (*server.MCPServer, error) {
	if name == "" {
		return nil, errors.New("a server needs a name")
	}
	return server.NewMCPServer(name, "1.0"), nil
}

// newConvertingServer builds a server whose middleware answers every
// handler's error as an error result.
func newConvertingServer() *server.MCPServer {
	return server.NewMCPServer("inventory", "1.0", server.WithToolHandlerMiddleware(converting))
}

func converting(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
}

func createItem(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.GetString("name", "") == "" {
		return nil, errors.New("name is required") // want `sdk-protocol-error`
	}
	return mcp.NewToolResultText("created"), nil
}

func deleteItem(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.GetString("id", "") == "" {
		return nil, errors.New("id is required") // want `sdk-protocol-error`
	}
	return mcp.NewToolResultText("deleted"), nil
}

// Must not: registered on a server whose middleware converts errors.
func renameItem(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.GetString("name", "") == "" {
		return nil, errors.New("name is required")
	}
	return mcp.NewToolResultText("renamed"), nil
}

func addTools(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("create_item"), createItem)
}

func addConverted(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("rename_item"), renameItem)
}

func run() error {
	s := newServer()
	addTools(s)
	checked, err := newCheckedServer("inventory")
	if err != nil {
		return err
	}
	checked.AddTool(mcp.NewTool("delete_item"), deleteItem)
	addConverted(newConvertingServer())
	return server.ServeStdio(s)
}
