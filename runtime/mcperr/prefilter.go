package mcperr

import (
	"regexp/syntax"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The message patterns are case-insensitive regexps, and Go runs such a
// regexp over every position of the text: thirty of them cost tens of
// microseconds on a message none matches. A prefilter avoids most of that:
// from each pattern's syntax tree it derives literals, one of which every
// match contains, and a pattern runs only on a text whose case-folded form
// contains one. The prefilter only ever skips patterns that cannot match,
// so classification is exactly what the regexps alone would give.

// maxExact bounds the sets of strings exactMatches enumerates.
const maxExact = 64

// requiredLiterals returns, lower-cased, literals one of which every match of
// expr contains, or nil when there are none to rely on (or one is not ASCII,
// which foldText could not compare).
func requiredLiterals(expr string) []string {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	literals := required(re)
	for i, lit := range literals {
		if !isASCII(lit) {
			return nil
		}
		literals[i] = strings.ToLower(lit)
	}
	return literals
}

// required returns strings one of which every match of re contains, or nil.
func required(re *syntax.Regexp) []string {
	if set, ok := exactMatches(re); ok {
		if shortest(set) > 0 {
			return set
		}
		return nil
	}
	switch re.Op {
	case syntax.OpCapture, syntax.OpPlus:
		return required(re.Sub[0])
	case syntax.OpAlternate:
		var union []string
		for _, sub := range re.Sub {
			set := required(sub)
			if set == nil {
				return nil
			}
			union = append(union, set...)
		}
		return union
	case syntax.OpConcat:
		return requiredInConcat(re.Sub)
	}
	return nil
}

// requiredInConcat returns the best set of required strings of a
// concatenation: the strings a run of parts with few exact matches spells
// out, or a part's own required strings, whichever has the longest shortest
// member.
func requiredInConcat(parts []*syntax.Regexp) []string {
	var best []string
	consider := func(set []string) {
		if shortest(set) > shortest(best) {
			best = set
		}
	}
	run := []string{""}
	for _, part := range parts {
		if set, ok := exactMatches(part); ok {
			if joined, ok := cross(run, set); ok {
				run = joined
				continue
			}
			consider(run)
			run = set
			continue
		}
		consider(run)
		run = []string{""}
		consider(required(part))
	}
	consider(run)
	return best
}

// exactMatches returns every string re matches, when that is a finite set
// of at most maxExact strings.
func exactMatches(re *syntax.Regexp) ([]string, bool) {
	switch re.Op {
	case syntax.OpEmptyMatch:
		return []string{""}, true
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return nil, false
		}
		return []string{string(re.Rune)}, true
	case syntax.OpCapture:
		return exactMatches(re.Sub[0])
	case syntax.OpQuest:
		set, ok := exactMatches(re.Sub[0])
		if !ok || len(set) >= maxExact {
			return nil, false
		}
		return append(set, ""), true
	case syntax.OpAlternate:
		var union []string
		for _, sub := range re.Sub {
			set, ok := exactMatches(sub)
			if !ok || len(union)+len(set) > maxExact {
				return nil, false
			}
			union = append(union, set...)
		}
		return union, true
	case syntax.OpConcat:
		product := []string{""}
		for _, sub := range re.Sub {
			set, ok := exactMatches(sub)
			if !ok {
				return nil, false
			}
			if product, ok = cross(product, set); !ok {
				return nil, false
			}
		}
		return product, true
	}
	return nil, false
}

// cross returns every a+b for a in as and b in bs, unless there would be more
// than maxExact.
func cross(as, bs []string) ([]string, bool) {
	if len(as)*len(bs) > maxExact {
		return nil, false
	}
	out := make([]string, 0, len(as)*len(bs))
	for _, a := range as {
		for _, b := range bs {
			out = append(out, a+b)
		}
	}
	return out, true
}

// shortest returns the length of the shortest string of set, or 0 for an
// empty set.
func shortest(set []string) int {
	if len(set) == 0 {
		return 0
	}
	n := len(set[0])
	for _, s := range set[1:] {
		n = min(n, len(s))
	}
	return n
}

// foldText appends text to dst folded for mayMatch: ASCII lower-cased, a
// rune whose case folds to an ASCII letter (the Kelvin sign, the long s) as
// that letter, as the regexps' case-insensitive matching treats it, and any
// other rune as a NUL byte, which no literal contains.
func foldText(dst []byte, text string) []byte {
	for _, r := range text {
		switch {
		case r < utf8.RuneSelf:
			dst = append(dst, byte(unicode.ToLower(r)))
		default:
			c, ok := asciiFold(r)
			if !ok {
				c = 0
			}
			dst = append(dst, c)
		}
	}
	return dst
}

// asciiFold returns the lower-case ASCII letter r is a case variant of, if
// there is one.
func asciiFold(r rune) (byte, bool) {
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		if f < utf8.RuneSelf {
			return byte(unicode.ToLower(f)), true
		}
	}
	return 0, false
}

// isASCII reports whether s is all ASCII.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
