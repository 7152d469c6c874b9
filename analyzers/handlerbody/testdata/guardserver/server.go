// Package guardserver hands its tools' work to another package's breaker
// and retry loop: the work it hands over is on each handler's error path,
// and so is what the retry loop loses.
package guardserver

import (
	"context"
	"fmt"
	"os/exec"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/guard"
)

var breaker = &guard.Breaker{}

func vet(pkg string) (string, error) {
	out, err := exec.Command("go", "vet", pkg).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go vet %s: %v", pkg, err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v`
	}
	return string(out), nil
}

func handleVet(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var report string
	err := breaker.Call(func() error {
		_, err := guard.Retry(ctx, func(int) (any, error) {
			var err error
			report, err = vet(req.GetString("package", "./..."))
			return nil, err
		})
		return err
	})
	if err != nil {
		return mcp.NewToolResultErrorFromErr("go vet", err), nil
	}
	return mcp.NewToolResultText(report), nil
}

func Serve() {
	s := server.NewMCPServer("guard", "1.0.0")
	s.AddTool(mcp.NewTool("vet"), handleVet)
}
