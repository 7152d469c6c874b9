package fixmcpgo

import (
	"context"
	"errors"
)

// noImport's file does not import the mcp package: a fix could not name
// NewToolResultError, and none is offered.
func noImport(ctx context.Context, req BookRequest) (*BookResult, error) {
	if req.GetString("id", "") == "" {
		return nil, errors.New("no id") // want `sdk-protocol-error`
	}
	return nil, nil // want `sdk-nil-result`
}
