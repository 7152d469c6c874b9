// Package kiosk is the self-service kiosk's MCP server, built on
// mark3labs/mcp-go. Its handlers show what handlerbody finds in mcp-go
// code: a subprocess's output shown to the model, directly and through a
// helper's error, and a failure passed off as "no holds".
package kiosk

import (
	"context"
	"fmt"
	"log"
	"os/exec"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/library/desk"
)

// Holds are the books waiting for members at the desk.
type Holds interface {
	Waiting(ctx context.Context, member string) ([]string, error)
}

// NewServer returns the kiosk's server.
func NewServer(holds Holds) *server.MCPServer {
	s := server.NewMCPServer("library-kiosk", "0.1.0", server.WithToolCapabilities(false))
	k := &kiosk{holds: holds}
	s.AddTool(mcp.NewTool("printer_status", mcp.WithDescription("Say whether the receipt printer works.")), k.printerStatus)
	s.AddTool(mcp.NewTool("my_holds",
		mcp.WithDescription("List the books waiting for a member."),
		mcp.WithString("member", mcp.Required())), mcp.NewTypedToolHandler(k.myHolds))
	s.AddTool(mcp.NewTool("print_receipt",
		mcp.WithDescription("Print a member's loans on the receipt printer."),
		mcp.WithString("member", mcp.Required())), k.printReceipt)
	d := &desk.Desk{Holds: holds}
	s.AddTool(mcp.NewTool("collect",
		mcp.WithDescription("Say how many books wait for a member at the desk."),
		mcp.WithString("member", mcp.Required())), d.Collect)
	return s
}

type kiosk struct{ holds Holds }

// printerStatus asks CUPS about the receipt printer.
func (k *kiosk) printerStatus(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	out, err := exec.CommandContext(ctx, "lpstat", "-p", "receipts").CombinedOutput()
	if err != nil {
		return mcp.NewToolResultErrorFromErr("The printer check failed: "+string(out), err), nil // demo: no-stringify-upstream-error
	}
	return mcp.NewToolResultText(strings.TrimSpace(string(out))), nil
}

// HoldsArgs names the member.
type HoldsArgs struct {
	Member string `json:"member"`
}

// myHolds tells a member nothing is waiting when the holds list cannot be
// read.
func (k *kiosk) myHolds(ctx context.Context, req mcp.CallToolRequest, in HoldsArgs) (*mcp.CallToolResult, error) {
	titles, err := k.holds.Waiting(ctx, in.Member)
	if err != nil {
		log.Printf("my_holds %s: %v", in.Member, err)
		return mcp.NewToolResultText("No holds found."), nil // demo: no-fake-empty-result
	}
	if len(titles) == 0 {
		return mcp.NewToolResultText("No holds found."), nil
	}
	return mcp.NewToolResultText(strings.Join(titles, "\n")), nil
}

// printReceipt shows the error of print, which carries lp's whole output.
func (k *kiosk) printReceipt(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	member, err := req.RequireString("member")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("Say which member the receipt is for.", err), nil
	}
	if err := k.print(ctx, "Loans of "+member); err != nil {
		return mcp.NewToolResultErrorFromErr("The receipt could not be printed.", err), nil
	}
	return mcp.NewToolResultText("The receipt is printed."), nil
}

// print sends text to the receipt printer.
func (k *kiosk) print(ctx context.Context, text string) error {
	cmd := exec.CommandContext(ctx, "lp", "-d", "receipts")
	cmd.Stdin = strings.NewReader(text)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("lp failed (%w): %s", err, out) // demo: no-stringify-upstream-error
	}
	return nil
}
