package logged

import (
	"context"
	"log"
	"net/http"
	"strings"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Failures answered by emptying the failed call's value: the branch sets
// it to nil (after a log line, perhaps), and the answer shows it empty.

type board struct {
	Running []string
	Queued  []string
}

func (s *session) queue(ctx context.Context) ([]string, error) { return nil, nil }

// running lists the running builds and the queue; when the queue cannot
// be read it answers with an empty one.
func (s *session) running(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := s.Fetch(ctx, "running")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("listing running builds", err), nil
	}
	queued, err := s.queue(ctx)
	if err != nil { // want `no-fake-empty-result: mcp-go handler running empties what the failed call gives when err is not nil and answers with it \(line 41\)`
		// Degrade gracefully if the queue is unavailable.
		queued = nil
	}
	b := board{Running: strings.Fields(resp.Status), Queued: queued}
	if len(b.Running) > 100 {
		b.Running = b.Running[:100]
	}
	return mcp.NewToolResultText(strings.Join(append(b.Running, b.Queued...), ",")), nil
}

// What looks alike and is not reported.

// noted empties the queue and says so in the answer.
func (s *session) noted(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	queued, err := s.queue(ctx)
	note := ""
	if err != nil {
		queued = nil
		note = "the queue could not be read"
	}
	return mcp.NewToolResultText(strings.Join(queued, ",") + note), nil
}

// notedLater empties the queue, and says so in the answer further on,
// where it tests the error again.
func (s *session) notedLater(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	queued, err := s.queue(ctx)
	if err != nil {
		queued = nil
	}
	if len(queued) > 100 {
		return mcp.NewToolResultText(strings.Join(queued[:100], ",")), nil
	}
	notes := []string{"read-only view"}
	if err != nil {
		notes = append(notes, "the queue could not be read")
	}
	return mcp.NewToolResultText(strings.Join(append(queued, notes...), ",")), nil
}

// defaulted falls back on a default of its own, not an empty value.
func (s *session) defaulted(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	queued, err := s.queue(ctx)
	if err != nil {
		log.Printf("queue: %v", err)
		queued = []string{"(queue unavailable)"}
	}
	return mcp.NewToolResultText(strings.Join(queued, ",")), nil
}

// unusedReset empties a value the answer does not use.
func (s *session) unusedReset(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var resp *http.Response
	resp, err := s.Fetch(ctx, "warm")
	if err != nil {
		resp = nil
	}
	_ = resp
	return mcp.NewToolResultText("ok " + s.id), nil
}

func registerReset(m *server.MCPServer, g *gosdk.Server) {
	gosdk.AddTool(g, &gosdk.Tool{Name: "typed-queue"}, (&session{}).typedQueue)
	sess := &session{}
	m.AddTool(mcp.NewTool("running"), sess.running)
	m.AddTool(mcp.NewTool("noted"), sess.noted)
	m.AddTool(mcp.NewTool("noted-later"), sess.notedLater)
	m.AddTool(mcp.NewTool("defaulted"), sess.defaulted)
	m.AddTool(mcp.NewTool("unused-reset"), sess.unusedReset)
}

type queueOut struct {
	Queued []string `json:"queued"`
}

func structured(out queueOut) (*gosdk.CallToolResult, queueOut, error) { return nil, out, nil }

// typedQueue is a typed go-sdk handler that answers through a helper
// with its structured output, the queue emptied when it cannot be read.
func (s *session) typedQueue(ctx context.Context, req *gosdk.CallToolRequest, in struct{}) (*gosdk.CallToolResult, queueOut, error) {
	queued, err := s.queue(ctx)
	if err != nil { // want `no-fake-empty-result: go-sdk typed handler typedQueue empties what the failed call gives`
		queued = nil
	}
	return structured(queueOut{Queued: queued})
}
