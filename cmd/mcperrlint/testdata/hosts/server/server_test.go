package server

import (
	"testing"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// testTool is declared in a test: linted (-test is on by default), but not
// in the catalog, which lists the server's tools.
var testTool = mcperr.Tool[In, Out]{Name: "test_only", Errors: []mcperr.Contract{}}

func TestNothing(t *testing.T) { _ = testTool }
