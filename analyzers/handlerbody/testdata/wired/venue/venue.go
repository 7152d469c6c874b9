package venue // want package:"body fixes: venue/venue.go:41"

// Package venue implements port.Exchange over HTTP.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"

	"fixtures/wired/port"
)

// Venue is an HTTP trading venue.
type Venue struct {
	base   string
	client *http.Client
}

// New returns a venue at base.
func New(base string) *Venue { return &Venue{base: base, client: http.DefaultClient} }

// Quote asks the venue for a symbol's price: on a refusal, its error
// carries what the venue answered, word for word.
func (v *Venue) Quote(ctx context.Context, symbol string) (*port.Quote, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, v.base+"/quote?symbol="+symbol, nil)
	if err != nil {
		return nil, fmt.Errorf("quote request: %w", err)
	}
	resp, err := v.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("quote: %w", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("quote: reading the answer: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("quote: status %d: %s", resp.StatusCode, body) // want `no-stringify-upstream-error: an HTTP response body read with io.ReadAll enters the text of an error at venue/venue.go:41 \(in venue.\(\*Venue\).Quote\), and 2 texts of 2 functions show it`
	}
	return &port.Quote{Symbol: symbol, Price: string(body)}, nil
}

// Balance says the account's balance; its errors say what failed in
// words of its own.
func (v *Venue) Balance(ctx context.Context) (string, error) {
	resp, err := v.client.Get(v.base + "/balance")
	if err != nil {
		return "", fmt.Errorf("balance: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("balance: the venue answered status %d", resp.StatusCode)
	}
	return "0", nil
}

// Cancel cancels an order: the body of a refusal is in its error.
func (v *Venue) Cancel(ctx context.Context, id string) error {
	resp, err := v.client.Post(v.base+"/cancel/"+id, "text/plain", nil)
	if err != nil {
		return fmt.Errorf("cancel: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		return port.ErrUnknownOrder
	}
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		return errors.New("cancel refused: " + string(b))
	}
	return nil
}
