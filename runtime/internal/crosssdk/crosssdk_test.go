package crosssdk_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	mcpgoclient "github.com/mark3labs/mcp-go/client"
	mcpgomcp "github.com/mark3labs/mcp-go/mcp"
	mcpgoserver "github.com/mark3labs/mcp-go/server"
	"github.com/mcperrlint/mcperrlint/runtime/internal/bindingtest"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
	"github.com/mcperrlint/mcperrlint/runtime/mcpgo"
	"github.com/mcperrlint/mcperrlint/runtime/mcpsdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// An outcome is what a client receives from a call, in the parts both SDKs
// define, decoded from JSON, and what the server logged.
type outcome struct {
	Result map[string]any   // content, isError, structuredContent
	Logged []map[string]any // each record's message, level and attributes but the stack
}

// clientSide keeps the parts of a result, encoded by a client's types, that
// both SDKs define.
func clientSide(t *testing.T, res any) map[string]any {
	t.Helper()
	raw, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var all map[string]any
	if err := json.Unmarshal(raw, &all); err != nil {
		t.Fatal(err)
	}
	kept := make(map[string]any)
	for _, key := range []string{"content", "isError", "structuredContent"} {
		if v, ok := all[key]; ok {
			kept[key] = v
		}
	}
	return kept
}

// logged returns the records as comparable values.
func logged(log *bindingtest.Recorder) []map[string]any {
	var out []map[string]any
	for _, rec := range log.All() {
		attrs := bindingtest.Attrs(rec)
		delete(attrs, "stack") // the goroutine's stack differs, of course
		attrs["msg"], attrs["level"] = rec.Message, rec.Level.String()
		out = append(out, attrs)
	}
	return out
}

// viaGoSDK calls get_book through the go-sdk's client of an mcpsdk server.
func viaGoSDK(t *testing.T, args map[string]any) outcome {
	t.Helper()
	ctx := context.Background()
	log := &bindingtest.Recorder{}
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "v0"}, nil)
	mcpsdk.AddTool(s, bindingtest.GetBook(), mcpsdk.WithLogger(slog.New(log)), mcpsdk.WithRequestIDs(bindingtest.SequentialIDs()))
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	session, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = session.Close(); _ = ss.Wait() }()
	res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: "get_book", Arguments: args})
	if err != nil {
		t.Fatalf("go-sdk: protocol error %v", err)
	}
	return outcome{clientSide(t, res), logged(log)}
}

// viaMCPGo calls get_book through mcp-go's in-process client of an mcpgo
// server.
func viaMCPGo(t *testing.T, args map[string]any) outcome {
	t.Helper()
	ctx := context.Background()
	log := &bindingtest.Recorder{}
	s := mcpgoserver.NewMCPServer("s", "v0")
	mcpgo.AddTool(s, bindingtest.GetBook(), mcpgo.WithLogger(slog.New(log)), mcpgo.WithRequestIDs(bindingtest.SequentialIDs()))
	c, err := mcpgoclient.NewInProcessClient(s)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	var init mcpgomcp.InitializeRequest
	init.Params.ClientInfo = mcpgomcp.Implementation{Name: "c", Version: "v0"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	var req mcpgomcp.CallToolRequest
	req.Params.Name, req.Params.Arguments = "get_book", args
	res, err := c.CallTool(ctx, req)
	if err != nil {
		t.Fatalf("mcp-go: protocol error %v", err)
	}
	return outcome{clientSide(t, res), logged(log)}
}

// TestSameResults checks that every case gets the same result, and the
// same log records, from both bindings.
func TestSameResults(t *testing.T) {
	for _, tt := range bindingtest.Cases {
		t.Run(tt.Name, func(t *testing.T) {
			gosdk, mcpgo := viaGoSDK(t, tt.Args), viaMCPGo(t, tt.Args)
			if diff := cmp.Diff(gosdk, mcpgo); diff != "" {
				t.Errorf("the bindings differ (-go-sdk +mcp-go):\n%s", diff)
			}
			if _, ok := gosdk.Result["structuredContent"]; !ok {
				t.Errorf("no structuredContent in %v", gosdk.Result) // the comparison must compare something
			}
		})
	}
}

// TestCallRendersAsBound checks that the error mcperr.Tool.Call returns for
// a failure of the handler renders, with ToWire and Text, exactly as each
// binding sends it, but for the request id the binding adds: a test or a
// CLI that runs a tool directly sees what a client would. It covers each
// way a service names a reason (WithReason alone, with WithRetryable, with
// another code than the entry's, RecoveryFor given to a factory) and the
// handler's other failures.
func TestCallRendersAsBound(t *testing.T) {
	for _, tt := range bindingtest.Cases {
		if !tt.Handler {
			continue
		}
		t.Run(tt.Name, func(t *testing.T) {
			id, _ := tt.Args["id"].(string)
			_, err := bindingtest.GetBook().Call(context.Background(), bindingtest.GetBookArgs{ID: id})
			if err == nil {
				t.Fatal("Call succeeded")
			}
			wire, text := decodeJSON(t, mcperr.ToWire(err)), mcperr.Text(err)
			for sdk, got := range map[string]outcome{"go-sdk": viaGoSDK(t, tt.Args), "mcp-go": viaMCPGo(t, tt.Args)} {
				sentWire, sentText := sent(t, got.Result)
				if diff := cmp.Diff(wire, sentWire); diff != "" {
					t.Errorf("%s: ToWire(Call's error) differs from structuredContent.error (-Call +%s):\n%s", sdk, sdk, diff)
				}
				if text != sentText {
					t.Errorf("%s: Text(Call's error) = %q\nthe binding sent     %q", sdk, text, sentText)
				}
			}
		})
	}
}

// sent returns structuredContent.error and content[0].text of a failure
// result as a client decoded them, without the request id the binding adds
// to data and to the text's trailer.
func sent(t *testing.T, result map[string]any) (wire map[string]any, text string) {
	t.Helper()
	structured, _ := result["structuredContent"].(map[string]any)
	wire, _ = structured["error"].(map[string]any)
	data, _ := wire["data"].(map[string]any)
	id, _ := data["requestId"].(string)
	if id == "" {
		t.Fatalf("no data.requestId in %v", result)
	}
	delete(data, "requestId")
	if len(data) == 0 {
		delete(wire, "data")
	}
	content, _ := result["content"].([]any)
	if len(content) == 0 {
		t.Fatalf("no content in %v", result)
	}
	first, _ := content[0].(map[string]any)
	text, _ = first["text"].(string)
	text = strings.Replace(text, " · request "+id+")", ")", 1)
	text = strings.TrimSuffix(text, "\n\n(request "+id+")")
	return wire, text
}

// decodeJSON returns v as a client decodes it from JSON.
func decodeJSON(t *testing.T, v any) map[string]any {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var decoded map[string]any
	if err := json.Unmarshal(raw, &decoded); err != nil {
		t.Fatal(err)
	}
	return decoded
}

// TestSameAdvertisedTool checks that both bindings advertise get_book with
// the same schemas and contract, as their servers encode them for
// tools/list.
func TestSameAdvertisedTool(t *testing.T) {
	tool, _, err := mcpsdk.Bind(bindingtest.GetBook())
	if err != nil {
		t.Fatal(err)
	}
	st, err := mcpgo.ServerTool(bindingtest.GetBook())
	if err != nil {
		t.Fatal(err)
	}
	pick := func(v any) map[string]any {
		raw, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var all map[string]any
		if err := json.Unmarshal(raw, &all); err != nil {
			t.Fatal(err)
		}
		meta, _ := all["_meta"].(map[string]any)
		return map[string]any{
			"name": all["name"], "title": all["title"], "description": all["description"],
			"inputSchema": all["inputSchema"], "outputSchema": all["outputSchema"],
			"contract": meta[mcpsdk.MetaKeyErrors],
		}
	}
	gosdk, mcpgo := pick(tool), pick(st.Tool)
	if diff := cmp.Diff(gosdk, mcpgo); diff != "" {
		t.Errorf("the bindings advertise get_book differently (-go-sdk +mcp-go):\n%s", diff)
	}
	if gosdk["outputSchema"] == nil || gosdk["contract"] == nil {
		t.Errorf("nothing to compare: %v", gosdk)
	}
}
