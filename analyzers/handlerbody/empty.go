package handlerbody

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// noFakeEmptyResult reports the returns, inside a branch that handles a
// non-nil error, that give the client an empty success: a nil error and
// nothing but empty values (see emptySuccess). Such a value carries no
// trace of err by construction; a partial success that carries the error
// in a field is not empty, nor is a value stating a fact (OK: false). A
// nil *CallToolResult with a nil error is not a success at all: sdkresult
// reports it.
func noFakeEmptyResult(h *handler) {
	flow := h.c.flow
	errIndex, resIndex := h.errorSlot(), h.resultSlot()
	for _, ret := range h.b.Returns {
		if len(ret.Results) != h.results || errIndex >= 0 && !flow.IsNilError(h.b, ret.Results[errIndex]) {
			continue
		}
		br := h.branchFor(ret)
		if br == nil || br.Partial {
			continue // no failure branch, or one that also runs without a failure
		}
		if resIndex >= 0 {
			shape := flow.ResultShape(h.b, ret.Results[resIndex])
			if errflow.IsErrorResult(shape) || shape == errflow.ShapeNil && h.kind() != model.GoSDKTyped {
				continue
			}
		}
		empty, values := true, 0
		for i, v := range ret.Results {
			if i != errIndex && h.Path.Roles[i] != errflow.RoleDropped {
				empty = empty && flow.EmptySuccess(h.b, v)
				values++
			}
		}
		if !empty || values == 0 || !h.c.once(rules.NoFakeEmptyResult, ret) {
			continue
		}
		h.c.report.Diagnostic(rules.NoFakeEmptyResult, analysis.Diagnostic{
			Pos:     ret.Pos(),
			End:     ret.End(),
			Related: h.related(br),
			Message: fmt.Sprintf("%s returns an empty success while handling %s: the client cannot tell this failure from a real, empty answer; return the error (or an error result), or carry it in the result — logging it does not tell the client",
				h.describe(), br.Err.Name()),
		})
	}
}
