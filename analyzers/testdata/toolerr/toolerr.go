// Package toolerr builds the error results of a server's handlers and logs
// them, one helper with the error it was given and one without.
package toolerr

import (
	"fmt"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
)

// Errorf is an error result built from a message alone: a handler that
// calls it while handling an error loses that error.
func Errorf(logger *log.Logger, format string, args ...any) *mcp.CallToolResult {
	msg := fmt.Sprintf(format, args...)
	logger.Print(msg)
	return mcp.NewToolResultError(msg)
}

// WithErr is an error result that shows msg and err.
func WithErr(logger *log.Logger, msg string, err error) *mcp.CallToolResult {
	logger.Printf("%s: %v", msg, err)
	return mcp.NewToolResultErrorFromErr(msg, err)
}
