package sdkfacts_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type args struct{}

type greeting struct {
	Text string `json:"text"`
}

// received registers h as tool "t" and describes what the in-process client
// gets: "error <code> <message>" from the raw JSON-RPC response, or the
// result's JSON.
func received(t *testing.T, h server.ToolHandlerFunc) string {
	t.Helper()
	ctx := context.Background()
	srv := server.NewMCPServer("facts", "1", server.WithToolCapabilities(false))
	srv.AddTool(mcp.NewTool("t"), h)

	c, err := client.NewInProcessClient(srv)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	var init mcp.InitializeRequest
	init.Params.ProtocolVersion = "2025-06-18"
	init.Params.ClientInfo = mcp.Implementation{Name: "client", Version: "1"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	var call mcp.CallToolRequest
	call.Params.Name = "t"
	call.Params.Arguments = map[string]any{}
	res, err := c.CallTool(ctx, call)
	if err != nil {
		// The client's error keeps only the message; read the code from
		// the server's answer to the same request.
		req := `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"t","arguments":{}}}`
		data, _ := json.Marshal(srv.HandleMessage(ctx, json.RawMessage(req)))
		var wire struct {
			Error struct {
				Code    int    `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(data, &wire); err != nil || wire.Error.Code == 0 {
			t.Fatalf("CallTool: %v; the server answered %s", err, data)
		}
		return fmt.Sprintf("error %d %s", wire.Error.Code, wire.Error.Message)
	}
	res.Meta = nil
	res.ResultType = ""
	data, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestMCPGoBehaviours(t *testing.T) {
	for _, c := range []struct {
		name, rule string
		h          server.ToolHandlerFunc
		want       string
	}{{
		"plain handler error", "sdk-protocol-error",
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, errors.New("boom")
		},
		"error -32603 boom",
	}, {
		// The text is the one the JSON-RPC error carried, now in a tool
		// result the model reads (see ../mcpgo/mcpgo.go.golden).
		"plain handler error, as sdk-protocol-error's fix returns it", "sdk-protocol-error (fixed)",
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultError(fmt.Errorf("greet: %w", errors.New("boom")).Error()), nil
		},
		`{"content":[{"type":"text","text":"greet: boom"}],"isError":true}`,
	}, {
		"typed handler error, as sdk-protocol-error's fix returns it", "sdk-protocol-error (fixed)",
		mcp.NewTypedToolHandler(func(context.Context, mcp.CallToolRequest, args) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultError(errors.New("boom").Error()), nil
		}),
		`{"content":[{"type":"text","text":"boom"}],"isError":true}`,
	}, {
		"typed handler error", "sdk-protocol-error",
		mcp.NewTypedToolHandler(func(context.Context, mcp.CallToolRequest, args) (*mcp.CallToolResult, error) {
			return nil, errors.New("boom")
		}),
		"error -32603 boom",
	}, {
		"plain handler nil result", "sdk-nil-result",
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, nil
		},
		"error -32603 tool 't' handler returned no result",
	}, {
		"typed handler nil result", "sdk-nil-result",
		mcp.NewTypedToolHandler(func(context.Context, mcp.CallToolRequest, args) (*mcp.CallToolResult, error) {
			return nil, nil
		}),
		"error -32603 tool 't' handler returned no result",
	}, {
		"plain handler result with error", "sdk-protocol-error",
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText("partial"), errors.New("boom")
		},
		"error -32603 boom",
	}, {
		"plain handler wrapped URLElicitationRequiredError", "sdk-protocol-error (not flagged)",
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText("partial"), fmt.Errorf("authorize: %w", mcp.URLElicitationRequiredError{})
		},
		"error -32042 authorize: URL elicitation required: 0 elicitation(s) needed",
	}, {
		"plain handler error result without content", "sdk-error-result-without-content",
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{IsError: true}, nil
		},
		`{"content":[],"isError":true}`,
	}, {
		"structured handler error", "sdk-protocol-error (not for structured handlers)",
		mcp.NewStructuredToolHandler(func(context.Context, mcp.CallToolRequest, args) (greeting, error) {
			return greeting{}, errors.New("boom")
		}),
		`{"content":[{"type":"text","text":"tool execution failed: boom"}],"isError":true}`,
	}, {
		"structured handler value with error", "sdk-result-dropped",
		mcp.NewStructuredToolHandler(func(context.Context, mcp.CallToolRequest, args) (greeting, error) {
			return greeting{Text: "partial"}, errors.New("boom")
		}),
		`{"content":[{"type":"text","text":"tool execution failed: boom"}],"isError":true}`,
	}} {
		t.Run(c.name, func(t *testing.T) {
			got := received(t, c.h)
			if got != c.want {
				t.Errorf("%s: the client received\n\t%s\nwant\n\t%s", c.rule, got, c.want)
			}
		})
	}
}

// TestMCPGoFixKeepsText (sdk-protocol-error's fix): the tool error the
// fix returns, NewToolResultError(err.Error()), gives the model exactly the
// text the JSON-RPC error it replaces carried, with isError.
func TestMCPGoFixKeepsText(t *testing.T) {
	err := fmt.Errorf("greet %q: %w", "ada", errors.New("no such member"))
	protocol := received(t, func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, err
	})
	fixed := received(t, func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultError(err.Error()), nil
	})
	text, _ := json.Marshal(err.Error())
	if want := "error -32603 " + err.Error(); protocol != want {
		t.Errorf("returning the error, the client received\n\t%s\nwant\n\t%s", protocol, want)
	}
	if want := `{"content":[{"type":"text","text":` + string(text) + `}],"isError":true}`; fixed != want {
		t.Errorf("returning the fix's result, the client received\n\t%s\nwant\n\t%s", fixed, want)
	}
}

// TestMCPGoRecoveryDoesNotConvertErrors: server.WithRecovery recovers
// panics only; an error still reaches the client as -32603.
func TestMCPGoRecoveryDoesNotConvertErrors(t *testing.T) {
	ctx := context.Background()
	srv := server.NewMCPServer("facts", "1", server.WithRecovery())
	srv.AddTool(mcp.NewTool("t"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, errors.New("boom")
	})
	srv.HandleMessage(ctx, json.RawMessage(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`))
	data, _ := json.Marshal(srv.HandleMessage(ctx, json.RawMessage(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"t","arguments":{}}}`)))
	if !strings.Contains(string(data), `"code":-32603`) {
		t.Errorf("with WithRecovery the server answered %s; want a -32603 error", data)
	}
}
