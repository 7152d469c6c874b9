package logged

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Loops that keep their failures in a variable, and successes after them
// that drop what they kept.

type broker struct{ id int }

func (broker) groups(ctx context.Context) ([]string, error) { return nil, errors.New("down") }

// allGroups answers with the groups of the brokers that answered, even
// when some failed: a part passed off as the whole.
func allGroups(ctx context.Context, brokers []broker) ([]string, error) {
	var all []string
	var firstErr error
	for _, b := range brokers {
		groups, err := b.groups(ctx)
		if err != nil {
			log.Printf("broker %d: %v", b.id, err)
			if firstErr == nil {
				firstErr = fmt.Errorf("broker %d: %w", b.id, err)
			}
			continue
		}
		all = append(all, groups...)
	}
	if len(all) > 0 {
		return all, nil // want `no-fake-empty-result: helper allGroups keeps the loop's failures in firstErr and answers with what the loop gathered without them`
	}
	return nil, firstErr
}

func (s *session) listGroups(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	groups, err := allGroups(ctx, nil)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("listing groups", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprint(groups)), nil
}

// everyGroup fails when any broker failed: it tests what it kept first.
func everyGroup(ctx context.Context, brokers []broker) ([]string, error) {
	var all []string
	var lastErr error
	for _, b := range brokers {
		groups, err := b.groups(ctx)
		if err != nil {
			lastErr = err
			continue
		}
		all = append(all, groups...)
	}
	if lastErr != nil {
		return nil, lastErr
	}
	return all, nil
}

func (s *session) everyGroup(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	groups, err := everyGroup(ctx, nil)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("listing groups", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprint(groups)), nil
}

// joinedGroups carries what it kept in its answer.
func (s *session) joinedGroups(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var all []string
	var failed error
	for _, b := range []broker{{1}, {2}} {
		groups, err := b.groups(ctx)
		if err != nil {
			failed = errors.Join(failed, err)
			continue
		}
		all = append(all, groups...)
	}
	return mcp.NewToolResultText(fmt.Sprintf("%v (failures: %v)", all, failed)), nil
}

// droppedInHandler keeps the failure and answers without it, in the
// handler itself.
func (s *session) droppedInHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var all []string
	var lastErr error
	for _, b := range []broker{{1}, {2}} {
		groups, err := b.groups(ctx)
		if err != nil {
			lastErr = err
			continue
		}
		all = append(all, groups...)
	}
	if len(all) == 0 && lastErr != nil {
		return mcp.NewToolResultErrorFromErr("no broker answered", lastErr), nil
	}
	return mcp.NewToolResultText(fmt.Sprint(all)), nil // want `no-fake-empty-result: mcp-go handler droppedInHandler keeps the loop's failures in lastErr`
}

// firstAnswers answers with the first part it gathered, in a test of the
// answer, before the kept failure is tested.
func (s *session) firstAnswers(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var all []string
	var firstErr error
	for _, b := range []broker{{1}, {2}} {
		groups, err := b.groups(ctx)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		all = append(all, groups...)
	}
	if len(all) > 0 {
		return mcp.NewToolResultText(fmt.Sprint(all)), nil // want `no-fake-empty-result: mcp-go handler firstAnswers keeps the loop's failures in firstErr`
	}
	return mcp.NewToolResultErrorFromErr("no broker answered", firstErr), nil
}

func registerKept(m *server.MCPServer, sess *session) {
	m.AddTool(mcp.NewTool("groups"), sess.listGroups)
	m.AddTool(mcp.NewTool("every_group"), sess.everyGroup)
	m.AddTool(mcp.NewTool("joined_groups"), sess.joinedGroups)
	m.AddTool(mcp.NewTool("dropped_in_handler"), sess.droppedInHandler)
	m.AddTool(mcp.NewTool("first_answers"), sess.firstAnswers)
	m.AddTool(mcp.NewTool("reused"), sess.reused)
}

// reused declares its error before the loop and returns it at once: the
// variable is reused, not kept.
func (s *session) reused(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var all []string
	var err error
	for _, b := range []broker{{1}, {2}} {
		var groups []string
		groups, err = b.groups(ctx)
		if err != nil {
			return mcp.NewToolResultErrorFromErr("listing groups", err), nil
		}
		all = append(all, groups...)
	}
	return mcp.NewToolResultText(fmt.Sprint(all)), nil
}
