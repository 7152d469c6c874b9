// Package pipeserver registers tools over package pipeline. Its error
// helper finds the library's *ErrorResponse with errors.As and shows what
// the library kept of the refused response: the message the service gave
// is fine; its raw body is not, though it only ever reaches the helper
// inside an error.
package pipeserver

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/upstream/chatapi"
	"example.com/upstream/pipeline"
)

// New returns the server.
func New() *server.MCPServer {
	s := server.NewMCPServer("pipeline", "1.0.0")
	s.AddTool(mcp.NewTool("build"), build)
	s.AddTool(mcp.NewTool("summary"), summary)
	s.AddTool(mcp.NewTool("explain"), explain)
	s.AddTool(mcp.NewTool("fix"), fix)
	return s
}

var client = &pipeline.Client{URL: "https://ci.example"}

// apiFailure is the error result of a refused call.
func apiFailure(err error) *mcp.CallToolResult {
	var errResp *pipeline.ErrorResponse
	if errors.As(err, &errResp) {
		if len(errResp.RawBody) > 0 {
			return mcp.NewToolResultError(string(errResp.RawBody)) // want `no-stringify-upstream-error: the text of mcp.NewToolResultError includes an HTTP response body read with io.ReadAll`
		}
		return mcp.NewToolResultError("the CI service refused: " + errResp.Message)
	}
	return mcp.NewToolResultError("the CI service could not be reached")
}

func build(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	state, err := client.Build(ctx, req.GetString("id", ""))
	if err != nil {
		return apiFailure(err), nil
	}
	return mcp.NewToolResultText(state), nil
}

// summary says what failed in words of its own.
func summary(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	state, err := client.Build(ctx, req.GetString("id", ""))
	var errResp *pipeline.ErrorResponse
	if errors.As(err, &errResp) {
		return mcp.NewToolResultErrorf("the build cannot be read (status %d): %s", errResp.StatusCode, errResp.Message), nil
	}
	if err != nil {
		return mcp.NewToolResultErrorFromErr("reading the build", err), nil
	}
	return mcp.NewToolResultText("the build is " + state), nil
}

var model = &chatapi.Client{URL: "https://models.example"}

// chatFailure shows the model's error, whose text has the body of the
// refused response: the one place every tool that asks the model puts
// that body into its text.
func chatFailure(err error) *mcp.CallToolResult {
	return mcp.NewToolResultError("the model failed: " + err.Error()) // want `no-stringify-upstream-error: pipeserver.chatFailure puts its parameter err into the text of the error result it builds, and 2 calls of 2 functions hand it an HTTP response body`
}

func explain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	answer, err := model.Complete(ctx, "explain the failure of build "+req.GetString("id", ""))
	if err != nil {
		return chatFailure(err), nil
	}
	return mcp.NewToolResultText(answer), nil
}

func fix(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	answer, err := model.Complete(ctx, "suggest a fix for build "+req.GetString("id", ""))
	if err != nil {
		return chatFailure(err), nil
	}
	return mcp.NewToolResultText(answer), nil
}
