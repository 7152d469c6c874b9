// Package ticketclient is a client library of another module, released
// at a version: its error type prints the body of the response it failed
// on, and its Lister interface has one implementation here.
package ticketclient

import (
	"context"
	"fmt"
	"io"
	"net/http"
)

// APIError is a reply other than 200; Error prints the reply's body.
type APIError struct {
	Status int
	Body   string
}

func (e *APIError) Error() string { return fmt.Sprintf("ticket API: %d: %s", e.Status, e.Body) }

// A Client talks to the ticket API.
type Client struct {
	Base string
	HTTP *http.Client
}

// Ticket returns the ticket's text.
func (c *Client) Ticket(ctx context.Context, id string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.Base+"/tickets/"+id, nil)
	if err != nil {
		return "", err
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", err
	}
	if resp.StatusCode != http.StatusOK {
		return "", &APIError{Status: resp.StatusCode, Body: string(b)}
	}
	return string(b), nil
}

// A Lister lists ticket ids.
type Lister interface {
	List(ctx context.Context) ([]string, error)
}

// Queue lists the ids of one queue.
type Queue struct{ C *Client }

// List returns the queue's ids, or the error the API answered with.
func (q *Queue) List(ctx context.Context) ([]string, error) {
	text, err := q.C.Ticket(ctx, "queue")
	if err != nil {
		return nil, err
	}
	return []string{text}, nil
}
