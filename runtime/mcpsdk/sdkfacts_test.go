package mcpsdk_test

// These tests pin the go-sdk v1.8.0 behaviours this package is built around,
// so that an SDK upgrade that changes one of them fails here, next to the
// reason it matters, instead of somewhere downstream.

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type sdkOut struct {
	Title string `json:"title"`
}

// TestSDKTypedAddToolDropsResultWithError: a typed handler that returns a
// result together with an error loses the result; the client gets only the
// error's text, and no structuredContent. A failure cannot carry data this
// way, which is why AddTool registers raw handlers.
func TestSDKTypedAddToolDropsResultWithError(t *testing.T) {
	session := connect(t, func(s *mcp.Server) {
		mcp.AddTool(s, &mcp.Tool{Name: "typed"}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, sdkOut, error) {
			res := &mcp.CallToolResult{
				Content:           []mcp.Content{&mcp.TextContent{Text: "the text we meant to send"}},
				StructuredContent: map[string]any{"error": map[string]any{"code": -32001}},
			}
			//mcperrlint:ignore sdk-result-dropped this test pins the go-sdk behaviour the rule is about
			return res, sdkOut{}, errors.New("boom")
		})
	})
	res := call(t, session, "typed", nil)
	if !res.IsError || textOf(t, res) != "boom" || res.StructuredContent != nil {
		t.Errorf("got isError %v, text %q, structuredContent %v; want true, \"boom\", nil",
			res.IsError, textOf(t, res), res.StructuredContent)
	}
}

// TestSDKTypedSetErrorZeroOutIsProtocolError: a typed handler that reports
// its failure through SetError and returns a zero Out has that Out validated
// against the output schema; when it fails, the model gets no tool result at
// all but a JSON-RPC error with code 0.
func TestSDKTypedSetErrorZeroOutIsProtocolError(t *testing.T) {
	schema := &jsonschema.Schema{
		Type:       "object",
		Properties: map[string]*jsonschema.Schema{"title": {Type: "string", MinLength: jsonschema.Ptr(1)}},
		Required:   []string{"title"},
	}
	session := connect(t, func(s *mcp.Server) {
		mcp.AddTool(s, &mcp.Tool{Name: "typed", OutputSchema: schema}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, sdkOut, error) {
			var res mcp.CallToolResult
			res.SetError(errors.New("book not found"))
			return &res, sdkOut{}, nil
		})
	})
	_, err := session.CallTool(context.Background(), &mcp.CallToolParams{Name: "typed"})
	var rpcErr *jsonrpc.Error
	if !errors.As(err, &rpcErr) || rpcErr.Code != 0 {
		t.Fatalf("CallTool error = %#v; want a *jsonrpc.Error with code 0", err)
	}
	if !strings.Contains(rpcErr.Message, "validating tool output") {
		t.Errorf("message = %q; want it to mention output validation", rpcErr.Message)
	}
}

// TestSDKClientDoesNotValidateOutput: the v1.8.0 client accepts
// structuredContent that contradicts the tool's output schema. Nothing on
// the client side would catch an error envelope the schema does not admit,
// so TestOutputSchemaAdmitsBoth validates it explicitly.
func TestSDKClientDoesNotValidateOutput(t *testing.T) {
	session := connect(t, func(s *mcp.Server) {
		tool := &mcp.Tool{
			Name:        "raw",
			InputSchema: &jsonschema.Schema{Type: "object"},
			OutputSchema: &jsonschema.Schema{
				Type:       "object",
				Properties: map[string]*jsonschema.Schema{"n": {Type: "integer"}},
				Required:   []string{"n"},
			},
		}
		s.AddTool(tool, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{
				Content:           []mcp.Content{&mcp.TextContent{Text: "{}"}},
				StructuredContent: map[string]any{"n": "not a number"},
			}, nil
		})
	})
	listTool(t, session, "raw") // the client knows the schema
	res := call(t, session, "raw", nil)
	if diff := cmp.Diff(map[string]any{"n": "not a number"}, res.StructuredContent); diff != "" {
		t.Errorf("structuredContent mismatch (-want +got):\n%s", diff)
	}
}

// panicChildEnv marks the process TestSDKTypedPanicKillsProcess starts.
const panicChildEnv = "MCPSDK_TEST_PANIC_CHILD"

// TestSDKTypedPanicKillsProcess: nothing in the go-sdk recovers a panicking
// handler; the whole server process dies. The test runs the panicking call
// in a child process (this test binary, re-executed) and checks how it ends.
func TestSDKTypedPanicKillsProcess(t *testing.T) {
	if os.Getenv(panicChildEnv) == "1" {
		session := connect(t, func(s *mcp.Server) {
			mcp.AddTool(s, &mcp.Tool{Name: "typed"}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, sdkOut, error) {
				panic("handler bug")
			})
		})
		call(t, session, "typed", nil)
		t.Fatal("the panicking call returned; the process should have died")
	}
	if testing.Short() {
		t.Skip("starts a child process")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestSDKTypedPanicKillsProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), panicChildEnv+"=1")
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || !strings.Contains(string(out), "panic: handler bug") {
		t.Fatalf("child ended with %v; want it killed by the panic. Output:\n%s", err, out)
	}
	if strings.Contains(string(out), "the panicking call returned") {
		t.Errorf("the call returned before the process died:\n%s", out)
	}
}

// TestSDKTypedValidatesOneViolation: the typed mcp.AddTool validates the
// arguments against the input schema and answers the first violation
// jsonschema-go meets, as text, at a schema location, with no
// structuredContent: an agent fixing the call learns of one problem at a
// time. The binding reports every one, at the agent's own paths.
func TestSDKTypedValidatesOneViolation(t *testing.T) {
	type in struct {
		ID    string `json:"id"`
		Limit int    `json:"limit"`
	}
	session := connect(t, func(s *mcp.Server) {
		mcp.AddTool(s, &mcp.Tool{Name: "typed"}, func(context.Context, *mcp.CallToolRequest, in) (*mcp.CallToolResult, sdkOut, error) {
			return nil, sdkOut{Title: "ran"}, nil
		})
	})
	res := call(t, session, "typed", map[string]any{"id": 42, "limit": "ten"})
	text := textOf(t, res)
	if !res.IsError || res.StructuredContent != nil || !strings.HasPrefix(text, `validating "arguments": `) ||
		strings.Contains(text, "42") == strings.Contains(text, "ten") {
		t.Errorf("got isError %v, structuredContent %v, text %q; want one violation as text", res.IsError, res.StructuredContent, text)
	}
}
