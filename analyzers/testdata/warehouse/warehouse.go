// Package warehouse knows the queries of a data warehouse and runs them
// through a Runner its caller implements: the package that imports it
// talks HTTP, this one never sees how. What a Runner's error carries is
// decided in the importing package.
package warehouse

import (
	"context"
	"encoding/json"
	"fmt"
)

// A Runner sends requests to the warehouse.
type Runner interface {
	Query(ctx context.Context, sql string) ([]byte, error)
	Resource(ctx context.Context, path string) ([]byte, error)
}

// Tables lists the tables of a schema, passing the runner on.
func Tables(ctx context.Context, r Runner, schema string) ([]string, error) {
	names, err := listTables(ctx, r, schema)
	if err != nil {
		return nil, fmt.Errorf("listing the tables of %s: %w", schema, err)
	}
	return names, nil
}

func listTables(ctx context.Context, r Runner, schema string) ([]string, error) {
	data, err := r.Resource(ctx, "/schemas/"+schema+"/tables")
	if err != nil {
		return nil, err
	}
	var names []string
	if err := json.Unmarshal(data, &names); err != nil {
		return nil, err // json's error, not the data's text
	}
	return names, nil
}

// Count counts a table's rows with a query.
func Count(ctx context.Context, r Runner, table string) (int, error) {
	data, err := r.Query(ctx, "SELECT count(*) FROM "+table)
	if err != nil {
		return 0, err
	}
	var n int
	if err := json.Unmarshal(data, &n); err != nil {
		return 0, fmt.Errorf("decoding the count: %w", err)
	}
	return n, nil
}
