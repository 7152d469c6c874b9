package handlerbody

// Servers rarely build the error a handler returns in the handler: a
// client method does the HTTP call, reads the body of a failed response
// and returns fmt.Errorf("status %d: %s", code, body), and every handler
// that calls it returns or wraps that error. no-stringify-upstream-error
// follows such errors into the functions and methods of the package that
// return them, helper to helper, and reports the raw value where the
// helper puts it in the text: that is where the fix belongs, and where a
// suppression goes.
//
// What a helper's returned errors carry does not depend on who calls it,
// so it is computed once per helper and shared by every handler that
// reaches it, from errflow's answers for the helper's body (its returns
// and resolver) without another walk. Helpers of other packages are not
// followed: their bodies are not loaded (the loader reads non-SDK packages
// from export data), and a finding must not depend on how a package was
// loaded.

import (
	"go/types"
	"strings"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// helperBlobs is what the errors a helper returns carry. It is recorded
// before it is computed, empty, so that a recursive call stops there.
type helperBlobs struct {
	blobs []errorBlob // via starts with the helper itself
}

// returnedBlobs returns the raw values in the text of the errors fn
// returns, when fn is a function or method of this package with a body,
// that returns an error and is not a handler (a handler's returns are
// checked as such). A call cycle is cut where it closes: a helper computed
// while a caller of it on the cycle is being computed misses what that
// caller's own errors carry, a rare loss that keeps each helper analysed
// once. A chain is followed at most maxBlobDepth helpers deep.
func (c *checker) returnedBlobs(fn *types.Func) []errorBlob {
	if fn == nil || c.helperDepth >= maxBlobDepth {
		return nil // not remembered: the helper may be reached from nearer
	}
	if hb, ok := c.helpers[fn]; ok {
		return hb.blobs // nil while being computed
	}
	hb := &helperBlobs{}
	c.helpers[fn] = hb
	decl := c.model.Funcs[fn]
	if decl == nil || decl.Body == nil || !returnsError(fn) || c.isHandler(fn) {
		return nil
	}
	c.helperDepth++
	defer func() { c.helperDepth-- }()

	flow := c.flows.Func(decl.Body)
	s := &messageScan{c: c, body: decl.Body, resolver: flow.Resolver()}
	n := fn.Type().(*types.Signature).Results().Len()
	var blobs []errorBlob
	for _, ret := range flow.Returns() {
		e := errflow.Result(ret, n-1, n)
		if e == nil || errflow.IsNil(c.info, e) {
			continue
		}
		for _, eb := range s.errorBlobs(e, 0) {
			eb.via = append([]*types.Func{fn}, eb.via...)
			eb.call = nil // set by the caller, to its own call
			blobs = append(blobs, eb)
		}
	}
	hb.blobs = blobs
	return blobs
}

// returnsError reports whether fn's last result is an error.
func returnsError(fn *types.Func) bool {
	res := fn.Type().(*types.Signature).Results()
	return res.Len() > 0 && errflow.IsError(res.At(res.Len()-1).Type())
}

// isHandler reports whether fn is one of the package's handlers.
func (c *checker) isHandler(fn *types.Func) bool {
	if c.handlerFuncs == nil {
		c.handlerFuncs = map[*types.Func]bool{}
		for _, h := range c.model.Handlers {
			if h.Func != nil {
				c.handlerFuncs[h.Func] = true
			}
		}
	}
	return c.handlerFuncs[fn]
}

// helperChain names the helpers an error goes through, as the messages
// show them, outermost first: pkg.f → pkg.(*T).m.
func helperChain(via []*types.Func) string {
	names := make([]string, len(via))
	for i, fn := range via {
		names[i] = model.FuncName(fn)
	}
	return strings.Join(names, " → ")
}
