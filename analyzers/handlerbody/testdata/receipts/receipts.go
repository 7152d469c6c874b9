// Package receipts answers each run with a receipt of what the run
// changed; a receipt that could not be made says why in a field of its
// own. The text of that field is an error's, and the error carries
// what git wrote.
package receipts

import (
	"context"
	"fmt"
	"os/exec"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Receipt says what a run changed.
type Receipt struct {
	Status string `json:"status,omitempty"`
	Diff   string `json:"diff,omitempty"`
	Error  string `json:"error,omitempty"`
}

func git(ctx context.Context, dir string, args ...string) (string, error) {
	out, err := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("%w: %s", err, strings.TrimSpace(string(out))) // want `no-stringify-upstream-error: the field Receipt.Error of the output go-sdk typed handler run returns, through receipts.collect → receipts.git, includes a subprocess's output`
	}
	return string(out), nil
}

func collect(ctx context.Context, dir string) Receipt {
	var r Receipt
	status, err := git(ctx, dir, "status", "--porcelain")
	if err != nil {
		r.Error = fmt.Sprintf("git status failed: %v", err)
		return r
	}
	r.Status = status
	diff, err := git(ctx, dir, "diff")
	if err != nil {
		r.Error = "git diff failed"
		return r
	}
	r.Diff = diff // the data the receipt is for
	return r
}

// In names the directory a run worked in.
type In struct {
	Dir string `json:"dir"`
}

// Out is a run's answer.
type Out struct {
	Done    bool    `json:"done"`
	Receipt Receipt `json:"receipt"`
}

func run(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	receipt := collect(ctx, in.Dir)
	return nil, Out{Done: true, Receipt: receipt}, nil
}

// Serve registers the tool.
func Serve(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "run"}, run)
}
