// Package swallowdep is a helper package of swallow, in the same module:
// the empty answer its Names gives on failure is recorded here, and
// reported by swallow, whose handler answers with it.
package swallowdep

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
)

// Names lists the names.
func Names(ctx context.Context) []string { // want Names:"answer pending: no-fake-empty-result@16"
	if err := fetch(ctx); err != nil {
		return nil // want `no-fake-empty-result: helper Names returns an empty value, with no error to say it failed, while handling err: a handler that answers with what it gives cannot tell`
	}
	return []string{"a"}
}

func fetch(ctx context.Context) error { return errors.New("unavailable") }

type Message struct {
	Parts []string
}

// Read returns a message with each part that could be read: a part whose
// read fails is skipped, and the rest after a failed header is lost.
func Read(ctx context.Context, raw []string) *Message { // want Read:"answer pending: no-fake-empty-result@33 no-fake-empty-result@43"
	m := &Message{}
	for _, r := range raw {
		part, err := readPart(ctx, r)
		if err != nil { // want `no-fake-empty-result: helper Read skips to the next iteration when err is not nil and answers with what the loop found`
			continue
		}
		m.Parts = append(m.Parts, part)
	}
	for {
		h, err := nextHeader(ctx)
		if err == errDone {
			break
		}
		if err != nil { // want `no-fake-empty-result: helper Read stops the loop when err is not nil and answers with what the loop found`
			break
		}
		m.Parts = append(m.Parts, h)
	}
	return m
}

// Summed keeps the error that stops its loop and returns it.
func Summed(ctx context.Context, raw []string) (*Message, error) {
	m := &Message{}
	var err error
	for {
		var h string
		h, err = nextHeader(ctx)
		if err != nil {
			break
		}
		m.Parts = append(m.Parts, h)
	}
	if err != errDone {
		return nil, err
	}
	return m, nil
}

var errDone = errors.New("done")

func readPart(ctx context.Context, r string) (string, error) { return r, fetch(ctx) }
func nextHeader(ctx context.Context) (string, error)         { return "", fetch(ctx) }

// Deep answers with what gather answers with, which answers with what
// collect's loop finds: a part that loop drops is one of many, two calls
// down, and is not followed that far.
func Deep(ctx context.Context, raw []string) []string { return gather(ctx, raw) }

func gather(ctx context.Context, raw []string) []string { return collect(ctx, raw) }

func collect(ctx context.Context, raw []string) []string {
	var out []string
	for _, r := range raw {
		part, err := readPart(ctx, r)
		if err != nil {
			continue
		}
		out = append(out, part)
	}
	return out
}

// Examples decodes the examples with the error assigned again in the
// if's own statement: its failure is returned, not a nil error.
func Examples(ctx context.Context, url string) (any, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var examples any
	if err = json.NewDecoder(resp.Body).Decode(&examples); err != nil {
		return nil, err
	}
	return examples, nil
}
