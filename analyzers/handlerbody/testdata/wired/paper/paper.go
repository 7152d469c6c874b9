// Package paper is a paper-trading exchange: its errors say what failed
// in words of its own.
package paper

import (
	"context"
	"fmt"

	"fixtures/wired/port"
)

// Paper trades on paper.
type Paper struct{ prices map[string]string }

// New returns an empty paper exchange.
func New() *Paper { return &Paper{prices: map[string]string{}} }

// Quote answers the price set for symbol.
func (p *Paper) Quote(_ context.Context, symbol string) (*port.Quote, error) {
	price, ok := p.prices[symbol]
	if !ok {
		return nil, fmt.Errorf("no price for %q", symbol)
	}
	return &port.Quote{Symbol: symbol, Price: price}, nil
}

// Balance is always zero on paper.
func (p *Paper) Balance(context.Context) (string, error) { return "0", nil }

// Cancel knows no orders.
func (p *Paper) Cancel(context.Context, string) error { return port.ErrUnknownOrder }
