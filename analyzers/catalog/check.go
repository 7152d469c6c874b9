package catalog

import (
	"fmt"
	"slices"
)

// A Problem is an incompatible change from a released catalog: a reason
// that was removed or whose code changed.
type Problem struct {
	Tool, Reason string
	Message      string // says what changed, naming the tool and reason
}

func (p Problem) String() string { return p.Message }

// Check compares the catalog of the code (current) with a released one and
// returns, per tool and reason, every reason of released that current no
// longer declares with the same code, sorted by tool and reason. Tools and
// reasons added since are fine, and so are changes to every other field.
//
// Tools are identified by name, as clients know them; when several tools
// share a name, their contracts are taken together. Within a contract the
// last entry for a reason wins, as at run time.
func Check(released, current *Catalog) []Problem {
	now, unknown := reasonCodes(current)
	was, _ := reasonCodes(released)
	var problems []Problem
	for _, name := range toolNames(released) {
		for _, reason := range sortedKeys(was[name]) {
			old := was[name][reason]
			codes, declared := now[name]
			code, kept := codes[reason]
			p := Problem{Tool: name, Reason: reason}
			switch {
			case kept && code.Code == old.Code:
				continue
			case kept:
				p.Message = fmt.Sprintf("tool %q: reason %q changed code from %s to %s; released codes are stable: restore it, or declare a new reason",
					name, reason, describeCode(old), describeCode(code))
			case !declared:
				p.Message = fmt.Sprintf("tool %q was removed: its reason %q (%s) is no longer declared", name, reason, describeCode(old))
			case unknown[name]:
				p.Message = fmt.Sprintf("tool %q: reason %q (%s) cannot be checked: the contract is not statically known (rule error-contract-not-static)",
					name, reason, describeCode(old))
			default:
				p.Message = fmt.Sprintf("tool %q: reason %q (%s) was removed; clients may depend on it: restore it", name, reason, describeCode(old))
			}
			problems = append(problems, p)
		}
	}
	return problems
}

// reasonCodes maps each tool name to the entries of its reasons, and says
// which tools have a contract that is not fully known.
func reasonCodes(c *Catalog) (map[string]map[string]Entry, map[string]bool) {
	codes := map[string]map[string]Entry{}
	unknown := map[string]bool{}
	for _, t := range c.Tools {
		if codes[t.Name] == nil {
			codes[t.Name] = map[string]Entry{}
		}
		for _, e := range t.Errors {
			if e.Reason != "" {
				codes[t.Name][e.Reason] = e
			}
		}
		unknown[t.Name] = unknown[t.Name] || t.NotStatic
	}
	return codes, unknown
}

// toolNames returns the distinct tool names of c, sorted.
func toolNames(c *Catalog) []string {
	var names []string
	for _, t := range c.Tools {
		names = append(names, t.Name)
	}
	slices.Sort(names)
	return slices.Compact(names)
}

func sortedKeys[V any](m map[string]V) []string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// describeCode names an entry's code for a message: "NotFound (-32001)".
func describeCode(e Entry) string {
	switch {
	case e.Code == 0:
		return "no code"
	case e.CodeName == "":
		return fmt.Sprintf("code %d", e.Code)
	}
	return fmt.Sprintf("%s (%d)", e.CodeName, e.Code)
}
