package handlerbody

import (
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/report"
)

// answerPendingFact holds the empty answers an exported function gives on
// failure, or the functions of its package (and of others, as their
// packages recorded them) whose value it answers with give: a client
// package's GetDeals, whose helper returns nil when the deals it was
// handed cannot be decoded. A package whose handler answers with the
// function's value reports them (see errflow.ForeignCallees), as a
// handler's callee of its own package is judged: no-fake-empty-result,
// and preserve-cause-on-rethrow for the errors it builds into its answer
// (see flattenedInAnswer).
//
// Wired are the interface methods, as "path.Type.Method", whose answer
// the function's answer is made of and whose implementations its package
// cannot see (errflow's WiredElsewhere): a port whose adapter main wires
// in. A package whose handler answers with the function passes them on
// (see abstractAnswerFact).
type answerPendingFact struct {
	report.PendingSet
	Wired []string
}

func (*answerPendingFact) AFact() {}

func (f *answerPendingFact) String() string {
	s := "answer " + f.PendingSet.String()
	if len(f.Wired) > 0 {
		s += " wired: " + strings.Join(f.Wired, " ")
	}
	return s
}

// exportAnswers records, for each exported function of the package that
// is not one of its handlers and answers with more than an error, the
// empty answers it and the functions its answer comes from give on
// failure, for the packages whose handlers answer with it. They are found
// from the functions that give them up, through the calls whose value is
// their caller's answer (errflow.AnswerCallers), so that a package whose
// functions give none pays for no more than finding that out.
func (c *checker) exportAnswers() {
	judged := map[*errflow.Body]bool{}
	for _, h := range c.flow.Handlers {
		if h.Body != nil {
			judged[h.Body] = true // a candidate's findings are its pending fact's
		}
	}
	for _, ce := range c.flow.Callees {
		judged[ce.Body] = true // reported here, for a handler of the package
	}
	saved := c.done
	defer func() { c.done = saved }()
	found := map[*types.Func][]report.Pending{}
	var layouts map[string]report.Layout // of the files other packages' findings are in
	var queue []answerStep
	for _, root := range c.flow.Index().Roots() {
		b := root.Body
		if b.Func == nil || judged[b] || b.Sig == nil || !errflow.AnswersValue(b.Sig) || c.model.InGenerated(c.pass.Fset, b.Node.Pos()) {
			continue // it is judged here
		}
		c.done = map[doneKey]bool{}
		ce := &errflow.Callee{Body: b, FailsClosed: c.flow.FailsClosed(b.Func)}
		var h *handler
		if b.Block != nil {
			h = calleeHandler(c, ce)
		}
		p := c.report.Capture(candidateNeeds, func() {
			checkEmptyAnswers(c, ce, "a handler that answers with what it gives")
			if h != nil {
				answerValueChecks(h)
			}
		})
		if len(p) > 0 {
			queue = append(queue, answerStep{fn: b.Func, found: p})
		}
		if h != nil {
			// A loop that drops a failed item loses a part of the answer
			// of the function it is in and of the one that answers with
			// it, no further: deeper, the part is one of many a caller
			// gathers, and may be best effort.
			if loops := c.report.Capture(candidateNeeds, func() { answerLoopChecks(h) }); len(loops) > 0 {
				queue = append(queue, answerStep{fn: b.Func, found: loops, depth: maxAnswerDepth - 1})
			}
		}
	}
	for _, fc := range c.flow.ForeignCalled() {
		var st answerStep
		if fc.Func == fc.Called && c.flow.WiredElsewhere(fc.Func) {
			st.wired = []string{methodKey(fc.Func)}
		} else if fact := new(answerPendingFact); c.pass.ImportObjectFact(fc.Func, fact) {
			st.found, st.wired = fact.Findings, fact.Wired
			layouts = mergeLayouts(layouts, fact.Layouts)
		} else {
			continue
		}
		for _, ac := range c.flow.AnswerCallers(fc.Called) {
			if caller := ac.Body.Root.Body.Func; caller != nil {
				step := report.PendingRelated{At: c.report.Position(ac.Call.Pos(), ac.Call.End()), Message: caller.Name() + " answers with it through this call"}
				queue = append(queue, answerStep{caller, withStep(st.found, step), st.wired, 1})
			}
		}
	}
	wired := map[*types.Func][]string{}
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		have := found[st.fn]
		added := false
		for _, p := range st.found {
			if !slices.ContainsFunc(have, func(q report.Pending) bool { return q.Rule == p.Rule && q.At == p.At }) {
				have = append(have, p)
				added = true
			}
		}
		for _, k := range st.wired {
			if !slices.Contains(wired[st.fn], k) {
				wired[st.fn] = append(wired[st.fn], k)
				added = true
			}
		}
		if !added {
			continue
		}
		found[st.fn] = have
		if st.depth >= maxAnswerDepth {
			continue
		}
		for _, ac := range c.flow.AnswerCallers(st.fn) {
			if caller := ac.Body.Root.Body.Func; caller != nil && caller != st.fn {
				step := report.PendingRelated{At: c.report.Position(ac.Call.Pos(), ac.Call.End()), Message: caller.Name() + " answers with it through this call"}
				queue = append(queue, answerStep{caller, withStep(st.found, step), st.wired, st.depth + 1})
			}
		}
	}
	for _, root := range c.flow.Index().Roots() {
		b := root.Body
		if b.Sig == nil || !errflow.AnswersValue(b.Sig) {
			wired[b.Func] = nil // it answers with nothing: a registration's closures did
		}
		if b.Func == nil || !b.Func.Exported() || judged[b] || len(found[b.Func])+len(wired[b.Func]) == 0 {
			continue
		}
		set := c.report.NewPendingSet(found[b.Func])
		for f, l := range layouts {
			if _, ok := set.Layouts[f]; !ok {
				set.Layouts = mergeLayouts(set.Layouts, map[string]report.Layout{f: l})
			}
		}
		w := slices.Clone(wired[b.Func])
		slices.Sort(w)
		c.pass.ExportObjectFact(b.Func, &answerPendingFact{set, w})
	}
}

// maxAnswerDepth bounds how many calls up an empty answer is followed, as
// a handler's callees are followed down.
const maxAnswerDepth = 4

// An answerStep is the empty answers found to reach fn's answer, depth
// calls up from where they are given.
type answerStep struct {
	fn    *types.Func
	found []report.Pending
	wired []string // see answerPendingFact
	depth int
}

// withStep returns found, each with step added to its related positions.
func withStep(found []report.Pending, step report.PendingRelated) []report.Pending {
	out := make([]report.Pending, len(found))
	for i, p := range found {
		p.Related = append(slices.Clip(p.Related), step)
		out[i] = p
	}
	return out
}

// mergeLayouts adds the layouts of from to into, and returns it.
func mergeLayouts(into, from map[string]report.Layout) map[string]report.Layout {
	if len(from) == 0 {
		return into
	}
	if into == nil {
		into = map[string]report.Layout{}
	}
	maps.Copy(into, from)
	return into
}

// reportForeignAnswers reports the empty answers of the functions of other
// packages the package's handlers answer with, as their packages recorded
// them.
func (c *checker) reportForeignAnswers() {
	c.reportForeign(c.flow.ForeignCallees, "a handler answers with it through this call", func(fn *types.Func) *report.PendingSet {
		if fact := new(answerPendingFact); c.pass.ImportObjectFact(fn, fact) {
			return &fact.PendingSet
		}
		return nil
	})
}
