package logged

import (
	"context"
	"fmt"
	"log"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Work split into parts run side by side, each started once: a part that
// returns on failure without its error leaves its share of the answer
// out, as an if that adds it only on success would.

// A names holds what the parts found.
type names struct {
	owners, stages map[string]string
}

// lookups fetches owners and stages in parallel; a failed fetch leaves
// its map empty, and every name reads "Unknown".
func (s *session) lookups(ctx context.Context) *names {
	owners, stages := map[string]string{}, map[string]string{}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		resp, err := s.Fetch(ctx, "owners")
		if err != nil { // want `no-fake-empty-result: helper lookups drops its part when the call fails: the goroutine returns when err is not nil`
			return
		}
		owners["1"] = resp.Status
	}()
	go func() {
		defer wg.Done()
		resp, err := s.Fetch(ctx, "stages")
		if err != nil { // want `no-fake-empty-result: helper lookups drops its part when the call fails: the goroutine returns`
			log.Printf("stages: %v", err)
			return
		}
		stages["1"] = resp.Status
	}()
	wg.Wait()
	return &names{owners: owners, stages: stages}
}

func (s *session) deals(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n := s.lookups(ctx)
	return mcp.NewToolResultText(fmt.Sprint(n.owners["1"], n.stages["1"])), nil
}

// keptParts keeps each part's failure and returns it.
func (s *session) keptParts(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var (
		wg      sync.WaitGroup
		owner   string
		failure error
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		resp, err := s.Fetch(ctx, "owner")
		if err != nil {
			failure = err
			return
		}
		owner = resp.Status
	}()
	wg.Wait()
	if failure != nil {
		return mcp.NewToolResultErrorFromErr("owner", failure), nil
	}
	return mcp.NewToolResultText(owner), nil
}

// warmed starts a cache warm-up it does not answer with.
func (s *session) warmed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	cache := map[string]string{}
	go func() {
		resp, err := s.Fetch(ctx, "warm")
		if err != nil {
			return
		}
		cache["warm"] = resp.Status
	}()
	return mcp.NewToolResultText("started"), nil
}

func RegisterParts(m *server.MCPServer) {
	sess := &session{}
	m.AddTool(mcp.NewTool("deals"), sess.deals)
	m.AddTool(mcp.NewTool("kept_parts"), sess.keptParts)
	m.AddTool(mcp.NewTool("warmed"), sess.warmed)
}
