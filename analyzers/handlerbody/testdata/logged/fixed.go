package logged

import (
	"context"
	"errors"
	"log"
	"os"
	"strconv"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Failures answered with a fixed success, and what looks alike but is
// not one.

var errBusy = errors.New("busy")

// acquire waits for the speaker; its error may be a lock directory that
// cannot be made as well as the caller giving up.
func acquire(ctx context.Context) (func(), error) {
	if err := os.MkdirAll("/tmp/speaker", 0o755); err != nil {
		return nil, err
	}
	return func() {}, ctx.Err()
}

// say answers every failure to take the lock as a cancellation.
func say(ctx context.Context, req *gosdk.CallToolRequest, in struct{ Text string }) (*gosdk.CallToolResult, any, error) {
	release, err := acquire(ctx)
	if err != nil {
		log.Print("cancelled while waiting for the speaker")
		return textResult("Request cancelled while waiting"), nil, nil // want `no-fake-empty-result: go-sdk typed handler say answers a fixed success while handling err`
	}
	defer release()
	return textResult("spoken"), nil, nil
}

func textResult(s string) *gosdk.CallToolResult {
	return &gosdk.CallToolResult{Content: []gosdk.Content{&gosdk.TextContent{Text: s}}}
}

// connect tells the model in words, as a success.
func (s *session) connect(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := s.Disconnect(ctx); err != nil {
		return mcp.NewToolResultText("Could not reach the session, try again later"), nil // want `no-fake-empty-result: mcp-go handler connect answers a fixed success`
	}
	return mcp.NewToolResultText("connected"), nil
}

// exists answers a probe: a path that cannot be stat'ed is not there.
func exists(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := os.Stat(req.GetString("path", "")); err != nil {
		return mcp.NewToolResultText("false"), nil
	}
	return mcp.NewToolResultText("true"), nil
}

// count answers a malformed input in words: the handler's own input, not
// a failure of work (sdk rules see to the error result).
func count(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n, err := strconv.Atoi(req.GetString("n", ""))
	if err != nil {
		return mcp.NewToolResultText("n must be a number"), nil
	}
	return mcp.NewToolResultText(strconv.Itoa(n * 2)), nil
}

// busy translates the one error it knows.
func (s *session) busy(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := s.Disconnect(ctx); errors.Is(err, errBusy) {
		return mcp.NewToolResultText("The session is busy; it will detach when idle"), nil
	} else if err != nil {
		return mcp.NewToolResultErrorFromErr("detach failed", err), nil
	}
	return mcp.NewToolResultText("Detached"), nil
}

// isBusy says whether the session refused because it is busy.
func isBusy(err error) bool { return errors.Is(err, errBusy) }

// told translates the condition its own test of err picks out.
func (s *session) told(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := s.Disconnect(ctx); err != nil && isBusy(err) {
		return mcp.NewToolResultText("The session is busy; it will detach when idle"), nil
	} else if err != nil {
		return mcp.NewToolResultErrorFromErr("detach failed", err), nil
	}
	return mcp.NewToolResultText("Detached"), nil
}

// partial answers what it has: a value of its own, not a fixed text.
func (s *session) partial(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := req.GetString("id", "")
	if err := s.Disconnect(ctx); err != nil {
		log.Printf("disconnect %s: %v", id, err)
		return mcp.NewToolResultText("detached " + id + " locally"), nil
	}
	return mcp.NewToolResultText("Detached"), nil
}

// waited answers the caller's own giving up.
func waited(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := ctx.Err(); err != nil {
		return mcp.NewToolResultText("cancelled"), nil
	}
	return mcp.NewToolResultText("done"), nil
}

func RegisterFixed(s *gosdk.Server, m *server.MCPServer) {
	gosdk.AddTool(s, &gosdk.Tool{Name: "say"}, say)
	sess := &session{}
	m.AddTool(mcp.NewTool("connect"), sess.connect)
	m.AddTool(mcp.NewTool("exists"), exists)
	m.AddTool(mcp.NewTool("count"), count)
	m.AddTool(mcp.NewTool("busy"), sess.busy)
	m.AddTool(mcp.NewTool("partial"), sess.partial)
	m.AddTool(mcp.NewTool("told"), sess.told)
	m.AddTool(mcp.NewTool("waited"), waited)
}
