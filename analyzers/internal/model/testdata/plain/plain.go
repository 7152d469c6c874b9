// Package plain imports neither the runtime nor an SDK: the model is empty
// and nothing is walked, even for a function with a handler's shape.
package plain

import "context"

type Request struct{}

func Handle(ctx context.Context, req *Request) (any, error) { return nil, nil }
