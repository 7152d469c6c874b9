// Package port is the service the tools call, as an interface: its
// implementation is in a package the tools never import.
package port

import (
	"context"
	"errors"
)

// ErrUnknownOrder is the venue's answer for an order it does not have.
var ErrUnknownOrder = errors.New("unknown order")

// A Quote is a price for a symbol.
type Quote struct {
	Symbol string
	Price  string
}

// Exchange is what the tools need of a trading venue.
type Exchange interface {
	Quote(ctx context.Context, symbol string) (*Quote, error)
	Balance(ctx context.Context) (string, error)
	Cancel(ctx context.Context, id string) error
}
