package gosdk

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct{ Q string }
type Out struct{ N int }

func typed(ctx context.Context, req *sdk.CallToolRequest, in In) (*sdk.CallToolResult, Out, error) { // want `handler "go-sdk typed handler typed": go-sdk typed handler \[result output error\]`
	return nil, Out{}, nil
}

func raw(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) { // want `handler "go-sdk raw handler raw": go-sdk raw handler \[result error\]`
	return &sdk.CallToolResult{}, nil
}

// unregistered is found by its signature alone.
func unregistered(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) { // want `handler "go-sdk raw handler unregistered": go-sdk raw handler \[result error\]`
	return &sdk.CallToolResult{}, nil
}

type server struct{}

func (server) Search(ctx context.Context, req *sdk.CallToolRequest, in In) (*sdk.CallToolResult, any, error) { // want `handler "go-sdk typed handler Search": go-sdk typed handler \[result output error\]`
	return nil, nil, nil
}

// makeRaw is a handler factory: the literal it returns is the handler.
func makeRaw(prefix string) sdk.ToolHandler {
	return func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) { // want `handler "go-sdk raw handler function literal": go-sdk raw handler \[result error\]`
		return &sdk.CallToolResult{}, nil
	}
}

// notAHandler returns no error.
func notAHandler(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, int) {
	return nil, 0
}

func Register(s *sdk.Server) {
	sdk.AddTool(s, &sdk.Tool{Name: "typed"}, typed)
	s.AddTool(&sdk.Tool{Name: "raw"}, raw)
	var srv server
	sdk.AddTool(s, &sdk.Tool{Name: "search"}, srv.Search)
	s.AddTool(&sdk.Tool{Name: "made"}, makeRaw("x"))
	sdk.AddTool(s, &sdk.Tool{Name: "lit"}, func(ctx context.Context, req *sdk.CallToolRequest, in map[string]any) (*sdk.CallToolResult, []string, error) { // want `handler "go-sdk typed handler function literal": go-sdk typed handler \[result output error\]`
		return nil, nil, nil
	})
	_ = notAHandler
}
