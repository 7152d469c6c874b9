package successonly

import (
	"context"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A block is a part of a page; some have children fetched on demand.
type block interface{ id() string }

type (
	table     struct{ key string }
	paragraph struct{ text string }
	toggle    struct{ key string }
)

func (t table) id() string     { return t.key }
func (p paragraph) id() string { return p.text }
func (t toggle) id() string    { return t.key }

// children fetches and renders the blocks under one.
func children(ctx context.Context, key string) (string, error) {
	items, err := listFrom(ctx, "http://blocks/"+key)
	if err != nil {
		return "", err
	}
	return strings.Join(items, "\n"), nil
}

// lookup finds a block's note; nil when it has none.
func lookup(ctx context.Context, key string) (*string, error) {
	items, err := listFrom(ctx, "http://notes/"+key)
	if err != nil || len(items) == 0 {
		return nil, err
	}
	return &items[0], nil
}

// renderBlock writes a block's text; a table's rows are its children,
// and a failed fetch leaves them out of a page rendered as complete.
func renderBlock(ctx context.Context, b block) string {
	var text strings.Builder
	switch b := b.(type) {
	case paragraph:
		text.WriteString(b.text)
	case table:
		rows, err := children(ctx, b.key)
		if err == nil && rows != "" { // want `no-fake-empty-result: helper renderBlock adds to its answer only when err is nil`
			text.WriteString(rows)
		}
	case toggle:
		// A test beside err == nil of anything but emptiness may be
		// where a lookup that finds nothing is told apart: not followed.
		if extra, err := lookup(ctx, b.key); err == nil && extra != nil {
			text.WriteString(*extra)
		}
		inner, err := children(ctx, b.key)
		if err != nil {
			return "(could not load: " + err.Error() + ")"
		}
		text.WriteString(inner)
	}
	return text.String()
}

func page(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var out []string
	for _, b := range []block{paragraph{"intro"}, table{"t1"}, toggle{"t2"}} {
		out = append(out, renderBlock(ctx, b))
	}
	return mcp.NewToolResultText(strings.Join(out, "\n")), nil
}

func RegisterRender(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("page"), page)
}
