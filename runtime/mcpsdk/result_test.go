package mcpsdk_test

import (
	"context"
	"errors"
	"log/slog"
	"regexp"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcperrlint/mcperrlint/runtime/mcpsdk"
)

// TestNilPointerOutput checks that a nil *Out is sent as the zero Out, as
// mcp.AddTool does, so the result still matches the advertised schema.
func TestNilPointerOutput(t *testing.T) {
	h := rawHandler(t, func(context.Context, struct{}) (*book, error) { return nil, nil })
	isError, text, structured := invoke(t, h, `{}`)
	if isError || text != `{"id":"","title":""}` {
		t.Errorf("got isError %v, text %s; want a success with the zero book", isError, text)
	}
	if diff := cmp.Diff(decodeJSON(t, `{"id": "", "title": ""}`), structured); diff != "" {
		t.Errorf("structuredContent mismatch (-want +got):\n%s", diff)
	}
}

// TestAnyOutput checks that a tool whose Out is any sends whatever the
// handler returns, and nothing at all for nil.
func TestAnyOutput(t *testing.T) {
	var out any = map[string]any{"free": "form"}
	h := rawHandler(t, func(context.Context, struct{}) (any, error) { return out, nil })
	if _, text, _ := invoke(t, h, `{}`); text != `{"free":"form"}` {
		t.Errorf("text = %s, want the output's JSON", text)
	}
	out = nil
	res, err := h(context.Background(), nil)
	if err != nil || res.IsError || len(res.Content) != 0 || res.StructuredContent != nil {
		t.Errorf("nil output: got %+v, %v; want an empty success", res, err)
	}
}

// badJSON cannot be encoded.
type badJSON struct{}

func (badJSON) MarshalJSON() ([]byte, error) { return nil, errors.New("no encoding for this") }

// TestOutputFailures checks that an output the tool cannot send is a failure
// of the server, reported as a tool error rather than sent or dropped.
func TestOutputFailures(t *testing.T) {
	t.Run("does not encode", func(t *testing.T) {
		type out struct {
			Bad badJSON `json:"bad"`
		}
		h := rawHandler(t, func(context.Context, struct{}) (out, error) { return out{}, nil })
		_, text, _ := invoke(t, h, `{}`)
		want := "Error: Tool \"search\" produced a result that cannot be encoded as JSON.\n\n(request req-1)"
		if diff := cmp.Diff(want, text); diff != "" {
			t.Errorf("text mismatch (-want +got):\n%s", diff)
		}
	})
	t.Run("does not match the output schema", func(t *testing.T) {
		schema := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{"n": {Type: "integer", Minimum: jsonschema.Ptr(1.0)}}}
		h := rawHandler(t, func(context.Context, struct{}) (map[string]int, error) { return map[string]int{"n": 0}, nil },
			mcpsdk.WithOutputSchema(schema))
		isError, text, _ := invoke(t, h, `{}`)
		want := "Error: Tool \"search\" produced a result that does not match its output schema.\n\n(request req-1)"
		if !isError || text != want {
			t.Errorf("got isError %v, text %q; want true, %q", isError, text, want)
		}
	})
}

// TestRandomRequestIDs checks the default ids: 12 hex digits, different each
// time; and that a generator returning "" falls back to them.
func TestRandomRequestIDs(t *testing.T) {
	idOf := func(next func() string) string {
		h := rawHandler(t, func(context.Context, struct{}) (string, error) { return "", errors.New("nope") },
			mcpsdk.WithRequestIDs(next))
		_, _, structured := invoke(t, h, `{}`)
		id, _ := structured.(map[string]any)["error"].(map[string]any)["data"].(map[string]any)["requestId"].(string)
		return id
	}
	hexID := regexp.MustCompile(`^[0-9a-f]{12}$`)
	first, second := idOf(nil), idOf(nil)
	if !hexID.MatchString(first) || first == second {
		t.Errorf("ids %q, %q; want two different 12-hex-digit ids", first, second)
	}
	if id := idOf(func() string { return "" }); !hexID.MatchString(id) {
		t.Errorf("id with a generator returning \"\" = %q, want a random one", id)
	}
}

// panickyHandler is a slog.Handler whose Handle panics.
type panickyHandler struct{ recorder }

func (*panickyHandler) Handle(context.Context, slog.Record) error { panic("log sink broken") }

// TestBrokenLogger checks that a panicking log handler costs the log record,
// not the client's answer.
func TestBrokenLogger(t *testing.T) {
	h := rawHandler(t, func(context.Context, struct{}) (string, error) { return "", errors.New("nope") },
		mcpsdk.WithLogger(slog.New(&panickyHandler{})))
	isError, text, _ := invoke(t, h, `{}`)
	if want := "Error: nope\n\n(request req-1)"; !isError || text != want {
		t.Errorf("got isError %v, text %q; want true, %q", isError, text, want)
	}
}
