// Package mixedgen holds generated files and hand-written ones: only the
// generated files are exempt. Its handlers log a failure and answer as if
// there were nothing: the log tells the operator, not the agent.
package mixedgen

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

func listItems() ([]string, error) { return nil, errors.New("backend down") }

func handleList(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	items, err := listItems()
	if err != nil {
		return nil, fmt.Errorf("listing: %v", err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v`
	}
	return mcp.NewToolResultText(strings.Join(items, "\n")), nil
}

func handleMessages(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	msgs, err := listItems()
	if err != nil {
		log.Printf("listing messages: %v", err)
		return mcp.NewToolResultText("No messages."), nil // want `no-fake-empty-result: mcp-go handler handleMessages returns an empty success while handling err`
	}
	if len(msgs) == 0 {
		return mcp.NewToolResultText("No messages."), nil // the real, empty answer
	}
	if _, err := listItems(); err != nil {
		// A partial answer that says what failed is not empty.
		return mcp.NewToolResultText(strings.Join(msgs, "\n") + "\n(older messages unavailable: " + err.Error() + ")"), nil
	}
	return mcp.NewToolResultText(strings.Join(msgs, "\n")), nil
}
