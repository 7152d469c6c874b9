// Package mcperrtools has mcperr tools: the runtime binding delivers their
// results and errors, so sdkresult reports nothing about them, whatever
// they return.
package mcperrtools

import (
	"context"
	"errors"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
	"github.com/mcperrlint/mcperrlint/runtime/mcpsdk"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct{ ID string }
type Out struct{ Title string }

var getBook = &mcperr.Tool[In, *Out]{
	Name: "get_book",
	Handler: func(ctx context.Context, in In) (*Out, error) {
		switch in.ID {
		case "":
			return nil, nil
		case "partial":
			return &Out{Title: "partial"}, errors.New("partial")
		case "rpc":
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams}
		}
		return nil, mcperr.NotFound("no such book")
	},
}

func Register(s *mcp.Server) {
	mcpsdk.AddTool(s, getBook)
}
