//mcperrlint:file-ignore sdk-protocol-error,sdk-nil-result,sdk-result-dropped,sdk-wrapped-protocol-error,sdk-error-result-without-content these handlers make each mistake on purpose, to pin what the SDK does with it

package sdkresult_test

// These tests pin the go-sdk v1.8.0 behaviours the rules encode, by calling
// handlers through the SDK's own client over in-memory transports: an SDK
// upgrade that changes one fails here, next to the rule it affects. The
// mcp-go v1.2.1 behaviours are pinned the same way in the fixture module
// (testdata/sdkfacts), which requires mcp-go; TestMCPGoBehaviours runs them.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type in struct{}

type out struct {
	Total int `json:"total"`
}

var rpcErr = &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "bad id"}

func raw(h mcp.ToolHandler) func(*mcp.Server) {
	return func(s *mcp.Server) {
		s.AddTool(&mcp.Tool{Name: "t", InputSchema: map[string]any{"type": "object"}}, h)
	}
}

func typed[Out any](h mcp.ToolHandlerFor[in, Out]) func(*mcp.Server) {
	return func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "t"}, h) }
}

// received calls tool "t" on a server set up by register and describes
// what the client gets: "error <code> <message>" or the result's JSON
// without its _meta.
func received(t *testing.T, register func(*mcp.Server)) string {
	t.Helper()
	ctx := context.Background()
	server := mcp.NewServer(&mcp.Implementation{Name: "facts", Version: "1"}, nil)
	register(server)
	ct, st := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "t", Arguments: map[string]any{}})
	if err != nil {
		var wire *jsonrpc.Error
		if !errors.As(err, &wire) {
			t.Fatalf("CallTool: %v, not a JSON-RPC error", err)
		}
		return fmt.Sprintf("error %d %s", wire.Code, wire.Message)
	}
	res.Meta = nil
	data, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Replace(string(data), `,"resultType":"complete"`, "", 1)
}

func TestGoSDKBehaviours(t *testing.T) {
	partial := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "partial"}}}
	for _, c := range []struct {
		name, rule string
		register   func(*mcp.Server)
		want       string
	}{{
		"raw handler error", "sdk-protocol-error",
		raw(func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, errors.New("boom")
		}),
		"error 0 boom",
	}, {
		"raw handler error, as sdk-protocol-error's fix returns it", "sdk-protocol-error (fixed)",
		raw(setErrorFixed(errors.New("boom"))),
		`{"content":[{"type":"text","text":"boom"}],"isError":true}`,
	}, {
		"raw handler *jsonrpc.Error", "sdk-protocol-error (not flagged)",
		raw(func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, rpcErr
		}),
		"error -32602 bad id",
	}, {
		"raw handler wrapped *jsonrpc.Error keeps its code", "sdk-protocol-error (not flagged)",
		raw(func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, fmt.Errorf("lookup: %w", rpcErr)
		}),
		"error -32602 lookup: bad id",
	}, {
		"raw handler result with a *jsonrpc.Error", "sdk-result-dropped",
		raw(func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return partial, rpcErr
		}),
		"error -32602 bad id",
	}, {
		"raw handler error result without content", "sdk-error-result-without-content",
		raw(func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{IsError: true}, nil
		}),
		`{"content":[],"isError":true}`,
	}, {
		"typed handler error", "sdk-protocol-error (not for typed handlers)",
		typed(func(context.Context, *mcp.CallToolRequest, in) (*mcp.CallToolResult, out, error) {
			return nil, out{}, errors.New("boom")
		}),
		`{"content":[{"type":"text","text":"boom"}],"isError":true}`,
	}, {
		"typed handler nil result", "sdk-nil-result (not for typed handlers)",
		typed(func(context.Context, *mcp.CallToolRequest, in) (*mcp.CallToolResult, *out, error) {
			return nil, nil, nil
		}),
		`{"content":[{"type":"text","text":"{\"total\":0}"}],"structuredContent":{"total":0}}`,
	}, {
		"typed handler result and output with error", "sdk-result-dropped",
		typed(func(context.Context, *mcp.CallToolRequest, in) (*mcp.CallToolResult, out, error) {
			return partial, out{Total: 3}, errors.New("boom")
		}),
		`{"content":[{"type":"text","text":"boom"}],"isError":true}`,
	}, {
		"typed handler *jsonrpc.Error", "sdk-wrapped-protocol-error (not flagged)",
		typed(func(context.Context, *mcp.CallToolRequest, in) (*mcp.CallToolResult, out, error) {
			return nil, out{}, rpcErr
		}),
		"error -32602 bad id",
	}, {
		"typed handler wrapped *jsonrpc.Error", "sdk-wrapped-protocol-error",
		typed(func(context.Context, *mcp.CallToolRequest, in) (*mcp.CallToolResult, out, error) {
			return nil, out{}, fmt.Errorf("lookup: %w", rpcErr)
		}),
		`{"content":[{"type":"text","text":"lookup: bad id"}],"isError":true}`,
	}, {
		"typed handler error result without content", "sdk-error-result-without-content",
		typed(func(context.Context, *mcp.CallToolRequest, in) (*mcp.CallToolResult, out, error) {
			return &mcp.CallToolResult{IsError: true}, out{}, nil
		}),
		`{"content":[{"type":"text","text":"{\"total\":0}"}],"structuredContent":{"total":0},"isError":true}`,
	}, {
		"typed handler (any output) error result without content", "sdk-error-result-without-content",
		typed(func(context.Context, *mcp.CallToolRequest, in) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{IsError: true}, nil, nil
		}),
		`{"content":[],"isError":true}`,
	}} {
		t.Run(c.name, func(t *testing.T) {
			if got := received(t, c.register); got != c.want {
				t.Errorf("%s: the client received\n\t%s\nwant\n\t%s", c.rule, got, c.want)
			}
		})
	}
}

// setErrorFixed returns a raw handler that fails with err the way
// sdk-protocol-error's fix makes it (see testdata/gosdkraw/raw.go.golden).
func setErrorFixed(err error) mcp.ToolHandler {
	return func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := &mcp.CallToolResult{}
		res.SetError(err)
		return res, nil
	}
}

// TestGoSDKRawFixKeepsError (sdk-protocol-error's fix): the result the fix
// returns carries the error itself to the server's middleware, as the
// typed AddTool's does, and the client gets the error's text with
// isError, exactly what a typed handler returning the error gets.
func TestGoSDKRawFixKeepsError(t *testing.T) {
	boom := errors.New("boom")
	var seen error
	fixed := received(t, func(s *mcp.Server) {
		s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
			return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
				res, err := next(ctx, method, req)
				if r, ok := res.(*mcp.CallToolResult); ok {
					seen = r.GetError()
				}
				return res, err
			}
		})
		raw(setErrorFixed(fmt.Errorf("wrapped: %w", boom)))(s)
	})
	if !errors.Is(seen, boom) {
		t.Errorf("the middleware saw the error %v; want the one the handler set, wrapping %v", seen, boom)
	}
	typedError := received(t, typed(func(context.Context, *mcp.CallToolRequest, in) (*mcp.CallToolResult, any, error) {
		return nil, nil, fmt.Errorf("wrapped: %w", boom)
	}))
	if fixed != typedError {
		t.Errorf("the fixed raw handler's client received\n\t%s\nand a typed handler's returning the error\n\t%s\nwant the same", fixed, typedError)
	}
}

// rawNilChildEnv marks the process TestGoSDKRawNilResultKillsServer starts.
const rawNilChildEnv = "SDKRESULT_TEST_RAW_NIL_CHILD"

// TestGoSDKRawNilResultKillsServer (sdk-nil-result): a raw handler that
// returns nil, nil makes the server dereference the nil result; the process
// dies. The call runs in a child process (this test binary, re-executed).
func TestGoSDKRawNilResultKillsServer(t *testing.T) {
	if os.Getenv(rawNilChildEnv) == "1" {
		received(t, raw(func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, nil
		}))
		t.Fatal("the call returned; the server should have crashed")
	}
	if testing.Short() {
		t.Skip("starts a child process")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestGoSDKRawNilResultKillsServer$", "-test.count=1")
	cmd.Env = append(os.Environ(), rawNilChildEnv+"=1")
	output, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || !strings.Contains(string(output), "nil pointer dereference") {
		t.Fatalf("child ended with %v; want it killed by a nil pointer dereference. Output:\n%s", err, output)
	}
}

// TestMCPGoBehaviours runs the mcp-go v1.2.1 behaviour tests of the fixture
// module, which requires mcp-go (the mcperrlint module does not).
func TestMCPGoBehaviours(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test in the fixture module")
	}
	cmd := exec.Command("go", "test", "-count=1", "./sdkfacts")
	cmd.Dir = filepath.Join("testdata")
	output, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test ./sdkfacts in testdata: %v\n%s", err, output)
	}
}
