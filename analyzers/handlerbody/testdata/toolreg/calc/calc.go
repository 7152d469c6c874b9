// Package calc is a tool of the registry: its cause is lost in a helper
// two calls below Execute, which only the registry's interface reaches.
package calc

import (
	"context"
	"fmt"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"

	"fixtures/toolreg"
)

type Calc struct{}

func init() { toolreg.Register(Calc{}) }

func (Calc) Name() string { return "calc" }

func (Calc) Execute(ctx context.Context, args map[string]any) (*mcp.CallToolResult, error) { // want Execute:"source pending: preserve-cause-on-rethrow@33"
	n, err := operand(args)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(strconv.Itoa(n * 2)), nil
}

func operand(args map[string]any) (int, error) {
	s, _ := args["n"].(string)
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("operand %q is not a number", s) // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	return n, nil
}
