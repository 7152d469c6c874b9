// Package aliased imports the runtime and the go-sdk under other names;
// fixes keep them.
package aliased

import (
	"context"
	"errors"
	"fmt"

	e "github.com/mcperrlint/mcperrlint/runtime/mcperr"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct{ Q string }
type Out struct{ N int }

func fetch(ctx context.Context) (int, error) { return 0, nil }

var tool = &e.Tool[In, Out]{
	Name: "aliased",
	Handler: func(ctx context.Context, in In) (Out, error) {
		n, err := fetch(ctx)
		if err != nil {
			return Out{}, e.New(e.CodeNotFound, "missing") // want `prefer-error-factory: e.New\(e.CodeNotFound, …\) has a factory: write e.NotFound\(…\)` `preserve-cause-on-rethrow: this mcperr.New error`
		}
		if n < 0 {
			return Out{}, errors.New("negative") // want `prefer-mcp-error-in-handler`
		}
		return Out{N: n}, nil
	},
}

func typed(ctx context.Context, req *sdk.CallToolRequest, in In) (*sdk.CallToolResult, Out, error) {
	n, err := fetch(ctx)
	if err != nil {
		return nil, Out{}, fmt.Errorf("fetching: %v", err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v`
	}
	if n == 0 {
		return nil, Out{}, errors.New("zero") // not an mcperr tool: prefer-mcp-error-in-handler does not apply
	}
	return nil, Out{N: n}, nil
}

func Register(s *sdk.Server) {
	sdk.AddTool(s, &sdk.Tool{Name: "typed"}, typed)
}
