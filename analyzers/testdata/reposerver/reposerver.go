// Package reposerver registers the repos tools on a go-sdk server.
package reposerver

import (
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/repos"
)

func New() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "repos", Version: "1.0.0"}, nil)
	for _, t := range append(repos.Tools(repos.Deps{Client: http.DefaultClient}), repos.GeneratedTools...) {
		s.AddTool(t.Tool, t.Handler)
	}
	return s
}
