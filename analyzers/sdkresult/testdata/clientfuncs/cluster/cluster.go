// Package cluster is a project's API client that imports no MCP SDK, as
// client libraries are. Its errors come through function values — a
// retrier and a transport kept in fields, checks handed in as variadic
// arguments — which code that cannot name an SDK's protocol error can
// never make one.
package cluster

import (
	"context"
	"errors"
	"fmt"
)

// A Client sends requests through the function values it is built with.
type Client struct {
	retry func(op func() error) error
	send  func(ctx context.Context, verb, name string) error
}

// An Option configures a Client.
type Option func(*Client)

// New returns a client whose transport always fails.
func New(opts ...Option) *Client {
	c := &Client{
		retry: func(op func() error) error { return op() },
		send: func(ctx context.Context, verb, name string) error {
			return errors.New("connection refused")
		},
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Get sends through the retrier kept in a field.
func (c *Client) Get(ctx context.Context, name string) (string, error) {
	err := c.retry(func() error { return c.send(ctx, "get", name) })
	if err != nil {
		return "", fmt.Errorf("get %s: %w", name, err)
	}
	return name, nil
}

// Delete hands the transport, a field, to a helper that calls it.
func (c *Client) Delete(ctx context.Context, name string) error {
	return attempt(ctx, name, c.send)
}

func attempt(ctx context.Context, name string, send func(ctx context.Context, verb, name string) error) error {
	if err := send(ctx, "delete", name); err != nil {
		return fmt.Errorf("delete %s: %w", name, err)
	}
	return nil
}

// A Check is a precondition a request runs first.
type Check func(ctx context.Context) error

// List runs the checks it is given, none here, before it lists.
func (c *Client) List(ctx context.Context) ([]string, error) {
	if err := runChecks(ctx); err != nil {
		return nil, err
	}
	if err := c.send(ctx, "list", ""); err != nil {
		return nil, fmt.Errorf("list: %w", err)
	}
	return nil, nil
}

// Watch runs the checks its caller hands it.
func (c *Client) Watch(ctx context.Context, checks ...Check) error {
	return runChecks(ctx, checks...)
}

func runChecks(ctx context.Context, checks ...Check) error {
	for _, check := range checks {
		if err := check(ctx); err != nil {
			return err
		}
	}
	return nil
}

// Require returns a check that a name is given: a function value made by
// a package that imports no SDK.
func Require(name string) Check {
	return func(ctx context.Context) error {
		if name == "" {
			return errors.New("a name is required")
		}
		return nil
	}
}
