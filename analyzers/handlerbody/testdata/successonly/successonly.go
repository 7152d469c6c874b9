// Package successonly has handlers that test a call only for success —
// if err == nil { return … } — and, when it fails, carry on to an empty
// success. And the ones that look alike but answer with something real,
// or say what failed.
package successonly

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"time"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var errNotFound = errors.New("not found")

func metrics(ctx context.Context) (map[string]float64, error) { return nil, nil }

func marshalled(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	m, err := metrics(ctx)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("reading the metrics failed", err), nil
	}
	data, err := json.Marshal(m)
	if err == nil { // want `no-fake-empty-result: mcp-go handler marshalled tests err only for success: when the call fails it carries on to an empty success \(line \d+\)`
		return mcp.NewToolResultText(string(data)), nil
	}
	return mcp.NewToolResultText("{}"), nil
}

type In struct{ Query string }

// nested falls out of the if that holds the test, on to the handler's
// last return.
func nested(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
	if in.Query != "" {
		m, err := metrics(ctx)
		if err == nil { // want `no-fake-empty-result: go-sdk typed handler nested tests err only for success`
			return &gosdk.CallToolResult{Content: []gosdk.Content{&gosdk.TextContent{Text: "ok"}}}, m, nil
		}
	}
	return &gosdk.CallToolResult{Content: []gosdk.Content{&gosdk.TextContent{Text: "[]"}}}, nil, nil
}

// decoded falls back to the text it was given: a real answer.
func decoded(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	raw := req.GetString("data", "")
	b, err := base64.StdEncoding.DecodeString(raw)
	if err == nil {
		return mcp.NewToolResultText(string(b)), nil
	}
	return mcp.NewToolResultText(raw), nil
}

// said says what failed after the test.
func said(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	m, err := metrics(ctx)
	if err == nil {
		return mcp.NewToolResultText(fmstr(m)), nil
	}
	return mcp.NewToolResultError("reading the metrics failed"), nil
}

// translated tests which error it is before answering.
func translated(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	m, err := metrics(ctx)
	if err == nil {
		return mcp.NewToolResultText(fmstr(m)), nil
	}
	if errors.Is(err, errNotFound) {
		return mcp.NewToolResultText("[]"), nil
	}
	return nil, err
}

// retried tries again in a loop: the return after it is not the
// failure's own.
func retried(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	for range 3 {
		m, err := metrics(ctx)
		if err == nil {
			return mcp.NewToolResultText(fmstr(m)), nil
		}
		time.Sleep(time.Second)
	}
	return mcp.NewToolResultText(""), nil
}

func fmstr(m map[string]float64) string { return "" }

func Register(s *gosdk.Server, m *server.MCPServer) {
	gosdk.AddTool(s, &gosdk.Tool{Name: "nested"}, nested)
	m.AddTool(mcp.NewTool("marshalled"), marshalled)
	m.AddTool(mcp.NewTool("decoded"), decoded)
	m.AddTool(mcp.NewTool("said"), said)
	m.AddTool(mcp.NewTool("translated"), translated)
	m.AddTool(mcp.NewTool("retried"), retried)
	// A handler literal: its own statements, checked as any handler's.
	m.AddTool(mcp.NewTool("literal"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		m, err := metrics(ctx)
		if err == nil { // want `no-fake-empty-result: the mcp-go handler tests err only for success`
			return mcp.NewToolResultText(fmstr(m)), nil
		}
		return mcp.NewToolResultText("No metrics found."), nil
	})
}
