package golangci

// Settings are validated completely before any flag is set, and every
// problem is reported at once: a configuration is usually fixed in one
// edit, not one error at a time.

import (
	"flag"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
)

// disableKey is the one setting that is not an analyzer's name.
const disableKey = "disable"

// settings are the decoded settings of the linter.
type settings struct {
	suite    []*analysis.Analyzer
	disabled map[string]bool
	values   []flagValue
}

// A flagValue is a value to set on an analyzer's flag, as it would be
// written on the mcperrlint command line.
type flagValue struct {
	analyzer *analysis.Analyzer
	flag     *flag.Flag
	value    string
}

// parseSettings checks raw against the analyzers of suite and their flags.
func parseSettings(raw map[string]any, suite []*analysis.Analyzer) (*settings, error) {
	s := &settings{suite: suite, disabled: map[string]bool{}}
	var problems []string
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, key := range keys {
		if key == disableKey {
			problems = append(problems, s.parseDisable(raw[key])...)
			continue
		}
		a := analyzerNamed(suite, key)
		if a == nil {
			problems = append(problems, fmt.Sprintf("unknown setting %q: the settings are %q and the analyzers' names (%s)",
				key, disableKey, strings.Join(names(suite), ", ")))
			continue
		}
		problems = append(problems, s.parseFlags(a, raw[key])...)
	}
	if len(problems) == 0 && len(s.enabled()) == 0 {
		problems = append(problems, "every analyzer is disabled: remove mcperrlint from linters.enable instead")
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("mcperrlint settings: %s", strings.Join(problems, "; "))
	}
	return s, nil
}

// parseDisable reads the list of analyzers not to run.
func (s *settings) parseDisable(v any) []string {
	list, ok := v.([]any)
	if !ok && v != nil {
		return []string{fmt.Sprintf("%q must be a list of analyzer names (%s), not %s", disableKey, strings.Join(names(s.suite), ", "), describe(v))}
	}
	var problems []string
	for _, item := range list {
		name, ok := item.(string)
		if !ok || analyzerNamed(s.suite, name) == nil {
			problems = append(problems, fmt.Sprintf("%q: no analyzer is named %s; the analyzers are %s",
				disableKey, describe(item), strings.Join(names(s.suite), ", ")))
			continue
		}
		s.disabled[name] = true
	}
	return problems
}

// parseFlags reads an analyzer's settings: its flags' values.
func (s *settings) parseFlags(a *analysis.Analyzer, v any) []string {
	if v == nil {
		return nil
	}
	values, ok := v.(map[string]any)
	if !ok {
		return []string{fmt.Sprintf("%s: the settings of an analyzer are a map of its flags (%s), not %s", a.Name, flagList(a), describe(v))}
	}
	keys := make([]string, 0, len(values))
	for k := range values {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var problems []string
	for _, name := range keys {
		f := lookupFlag(a, name)
		if f == nil {
			problems = append(problems, fmt.Sprintf("%s has no setting %q; its settings are: %s", a.Name, name, flagList(a)))
			continue
		}
		value, err := flagString(f, values[name])
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s.%s: %v", a.Name, f.Name, err))
			continue
		}
		s.values = append(s.values, flagValue{a, f, value})
	}
	return problems
}

// apply sets the values on the analyzers' flags.
func (s *settings) apply() error {
	for _, v := range s.values {
		if err := v.analyzer.Flags.Set(v.flag.Name, v.value); err != nil {
			return fmt.Errorf("mcperrlint settings: %s.%s: %v", v.analyzer.Name, v.flag.Name, err)
		}
	}
	return nil
}

// enabled returns the analyzers of the suite that are not disabled, in
// suite order.
func (s *settings) enabled() []*analysis.Analyzer {
	var out []*analysis.Analyzer
	for _, a := range s.suite {
		if !s.disabled[a.Name] {
			out = append(out, a)
		}
	}
	return out
}

// flagString converts a settings value to the flag's command-line form,
// requiring the type of the flag's default value.
func flagString(f *flag.Flag, v any) (string, error) {
	getter, ok := f.Value.(flag.Getter)
	if !ok {
		return scalarString(v, "a string")
	}
	switch getter.Get().(type) {
	case bool:
		if b, ok := v.(bool); ok {
			return strconv.FormatBool(b), nil
		}
		return "", fmt.Errorf("want true or false, not %s", describe(v))
	case int, int64, uint, uint64:
		n, ok := v.(float64)
		if !ok || n != math.Trunc(n) || math.IsInf(n, 0) {
			return "", fmt.Errorf("want an integer, not %s", describe(v))
		}
		return strconv.FormatFloat(n, 'f', -1, 64), nil
	case float64:
		if n, ok := v.(float64); ok {
			return strconv.FormatFloat(n, 'g', -1, 64), nil
		}
		return "", fmt.Errorf("want a number, not %s", describe(v))
	case time.Duration:
		d, ok := v.(string)
		if _, err := time.ParseDuration(d); !ok || err != nil {
			return "", fmt.Errorf("want a duration such as \"30s\", not %s", describe(v))
		}
		return d, nil
	case string:
		if str, ok := v.(string); ok {
			return str, nil
		}
		return "", fmt.Errorf("want a string, not %s", describe(v))
	default:
		return scalarString(v, "a string")
	}
}

// scalarString formats a string, number or boolean for a flag of a type
// this package does not know.
func scalarString(v any, want string) (string, error) {
	switch v := v.(type) {
	case string:
		return v, nil
	case bool:
		return strconv.FormatBool(v), nil
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64), nil
	}
	return "", fmt.Errorf("want %s, not %s", want, describe(v))
}

// describe names a decoded value's kind for an error message.
func describe(v any) string {
	switch v := v.(type) {
	case nil:
		return "nothing"
	case bool:
		return strconv.FormatBool(v)
	case float64:
		return "the number " + strconv.FormatFloat(v, 'g', -1, 64)
	case string:
		return strconv.Quote(v)
	case []any:
		return "a list"
	case map[string]any:
		return "a map"
	}
	return fmt.Sprintf("%T", v)
}

// lookupFlag finds an analyzer's flag by name. Configuration loaders lower
// the case of keys, so case is ignored when there is no exact match.
func lookupFlag(a *analysis.Analyzer, name string) *flag.Flag {
	if f := a.Flags.Lookup(name); f != nil {
		return f
	}
	var found *flag.Flag
	a.Flags.VisitAll(func(f *flag.Flag) {
		if strings.EqualFold(f.Name, name) {
			found = f
		}
	})
	return found
}

// flagList lists an analyzer's flags with their usage, for error messages.
func flagList(a *analysis.Analyzer) string {
	var list []string
	a.Flags.VisitAll(func(f *flag.Flag) {
		list = append(list, fmt.Sprintf("%s (%s, default %s)", f.Name, f.Usage, f.DefValue))
	})
	if len(list) == 0 {
		return "none"
	}
	return strings.Join(list, ", ")
}

func analyzerNamed(suite []*analysis.Analyzer, name string) *analysis.Analyzer {
	for _, a := range suite {
		if a.Name == name {
			return a
		}
	}
	return nil
}

func names(suite []*analysis.Analyzer) []string {
	var out []string
	for _, a := range suite {
		out = append(out, a.Name)
	}
	return out
}
