// Package reviews is the client of the bookstore's reviews service, an HTTP
// upstream. It turns every way a call can go wrong (the service unreachable,
// answering with an error status, sending what cannot be read) into an
// mcperr error built WithReason, and keeps the upstream's response as the
// cause: its status and body are for the server's logs, not for the model.
package reviews

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// Reasons the client fails with, declared ThrownByService by the tools that
// fetch reviews.
const (
	// ReasonBookNotFound: the reviews service knows no such book. It is the
	// catalog's reason too: to the agent, both mean the id is wrong.
	ReasonBookNotFound = "book_not_found"
	// ReasonReviewsUnavailable: the reviews service cannot answer now.
	ReasonReviewsUnavailable = "reviews_unavailable"
)

// service names the upstream in the messages FromHTTPResponse builds.
const service = "Reviews"

// A Review is one reader's opinion of a book.
type Review struct {
	Reader string `json:"reader"`
	Rating int    `json:"rating" jsonschema:"from 1 to 5 stars"`
	Text   string `json:"text"`
}

// A Client calls the reviews service.
type Client struct {
	base string
	http *http.Client
}

// NewClient returns a client of the reviews service at base, an absolute
// URL, that sends its requests with hc.
func NewClient(base string, hc *http.Client) *Client {
	return &Client{base: base, http: hc}
}

// List returns at most limit reviews of the book with the given id.
func (c *Client) List(ctx context.Context, bookID string, limit int) ([]Review, error) {
	endpoint := fmt.Sprintf("%s/books/%s/reviews?limit=%d", c.base, url.PathEscape(bookID), limit)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, endpoint, nil)
	if err != nil {
		return nil, unavailable(ctx, err)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, unavailable(ctx, err)
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusOK:
		return decode(ctx, resp)
	case http.StatusNotFound:
		return nil, mcperr.NotFound(fmt.Sprintf("The reviews service has no book with id %q.", bookID),
			mcperr.WithReason(ReasonBookNotFound),
			mcperr.WithRetryable(false),
			mcperr.WithCause(mcperr.FromHTTPResponse(resp, mcperr.WithService(service))),
			mcperr.RecoveryFor(ctx, ReasonBookNotFound))
	default:
		return nil, unavailable(ctx, mcperr.FromHTTPResponse(resp, mcperr.WithService(service)))
	}
}

// decode reads a successful response's list of reviews.
func decode(ctx context.Context, resp *http.Response) ([]Review, error) {
	var body struct {
		Reviews []Review `json:"reviews"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		return nil, unavailable(ctx, fmt.Errorf("decoding the reviews service's reply: %w", err))
	}
	if body.Reviews == nil {
		body.Reviews = []Review{}
	}
	return body.Reviews, nil
}

// unavailable is the error for a reviews service that cannot answer, for
// whatever cause. The message says what the agent needs to know; the cause
// (a transport error, the upstream's response) stays on the server.
func unavailable(ctx context.Context, cause error) *mcperr.Error {
	return mcperr.ServiceUnavailable("The reviews service is not answering right now.",
		mcperr.WithReason(ReasonReviewsUnavailable),
		mcperr.WithRetryable(true),
		mcperr.WithCause(cause),
		mcperr.RecoveryFor(ctx, ReasonReviewsUnavailable))
}
