package helpers

// A command runner behind an interface, writing the command's output
// into a capped buffer type of the package rather than a bytes.Buffer:
// what the buffer's String method gives back is still the subprocess's
// output, wherever it is printed.

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strings"

	gomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// cappedBuffer keeps at most limit bytes of what is written to it.
type cappedBuffer struct {
	buf   bytes.Buffer
	limit int
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	if room := b.limit - b.buf.Len(); room > 0 {
		if len(p) > room {
			b.buf.Write(p[:room])
		} else {
			b.buf.Write(p)
		}
	}
	return len(p), nil
}

func (b *cappedBuffer) String() string { return b.buf.String() }

type commandRunner interface {
	Run(ctx context.Context, name string, args ...string) (stdout, stderr string, err error)
}

type execRunner struct{}

func (execRunner) Run(ctx context.Context, name string, args ...string) (string, string, error) {
	var stdout, stderr cappedBuffer
	stdout.limit, stderr.limit = 1<<16, 1<<16
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	err := cmd.Run()
	return stdout.String(), strings.TrimSpace(stderr.String()), err
}

type site struct{ runner commandRunner }

var builder = &site{runner: execRunner{}}

func (s *site) build(ctx context.Context, root string) error {
	_, stderr, err := s.runner.Run(ctx, "hugo", "--source", root)
	if err != nil {
		if stderr != "" {
			return fmt.Errorf("build failed: %w: %s", err, stderr) // want `no-stringify-upstream-error: the error mcp.NewToolResultErrorFromErr shows, through helpers.\(\*site\).build → helpers.execRunner.Run, includes a subprocess.s output written to stderr`
		}
		return fmt.Errorf("build failed: %w", err)
	}
	return nil
}

// notes is a capped buffer no command writes to: the server's own words.
func (s *site) check(ctx context.Context, root string) error {
	var notes cappedBuffer
	notes.limit = 256
	fmt.Fprintf(&notes, "no config in %s", root)
	if _, _, err := s.runner.Run(ctx, "test", "-f", root+"/hugo.toml"); err != nil {
		return fmt.Errorf("%s: %w", notes.String(), err)
	}
	return nil
}

func buildHandler(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	root := req.GetString("root", ".")
	if err := builder.check(ctx, root); err != nil {
		return gomcp.NewToolResultErrorFromErr("the site has no configuration", err), nil
	}
	if err := builder.build(ctx, root); err != nil {
		return gomcp.NewToolResultErrorFromErr("the site did not build", err), nil
	}
	return gomcp.NewToolResultText("built"), nil
}

func registerBuild(s *server.MCPServer) {
	s.AddTool(gomcp.NewTool("build"), buildHandler)
}
