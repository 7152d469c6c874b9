package errflow

// The one reader of printf formats in mcperrlint: which operand each verb
// formats, with which flags, and where the verb is written, so that every
// rule agrees on what fmt.Errorf wraps and what fmt.Sprintf prints. It
// follows fmt's own rules for explicit argument indexes (%[2]v, %[1]*d):
// an index sets the operand of the next width, precision or verb, and the
// ones after it continue from there.

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A Verb is one conversion of a printf format, such as %v or %[2]+v.
type Verb struct {
	Verb  rune
	Flags string // the flags written, such as "+" or "#"
	Arg   int    // the index of the operand it formats, counted from the first operand after the format
	Start int    // byte offset of its '%' in the format
	End   int    // byte offset just after the verb letter
}

// HasFlag reports whether the verb is written with flag.
func (v Verb) HasFlag(flag byte) bool { return strings.IndexByte(v.Flags, flag) >= 0 }

// ParseFormat returns the verbs of a printf format, in order. It returns
// false for a format fmt itself would reject: a dangling %, a malformed
// or zero argument index.
func ParseFormat(format string) ([]Verb, bool) {
	var verbs []Verb
	arg := 0
	for i := 0; i < len(format); {
		if format[i] != '%' {
			i++
			continue
		}
		start := i
		i++
		if i < len(format) && format[i] == '%' {
			i++
			continue
		}
		flagStart := i
		for i < len(format) && strings.IndexByte("+-# 0", format[i]) >= 0 {
			i++
		}
		flags := format[flagStart:i]
		// An index, a width, a precision, each of which may take an
		// operand (*) or set the next one ([n]).
		var ok bool
		if i, arg, ok = argIndex(format, i, arg); !ok {
			return nil, false
		}
		i, arg = starOrDigits(format, i, arg)
		if i < len(format) && format[i] == '.' {
			i++
			if i, arg, ok = argIndex(format, i, arg); !ok {
				return nil, false
			}
			i, arg = starOrDigits(format, i, arg)
		}
		if i, arg, ok = argIndex(format, i, arg); !ok {
			return nil, false
		}
		if i >= len(format) {
			return nil, false // a dangling %
		}
		r, size := utf8.DecodeRuneInString(format[i:])
		i += size
		verbs = append(verbs, Verb{Verb: r, Flags: flags, Arg: arg, Start: start, End: i})
		arg++
	}
	return verbs, true
}

// argIndex reads an explicit argument index [n] at format[i:], if there
// is one, and returns the position after it and the operand it selects.
func argIndex(format string, i, arg int) (int, int, bool) {
	if i >= len(format) || format[i] != '[' {
		return i, arg, true
	}
	end := strings.IndexByte(format[i:], ']')
	if end < 0 {
		return i, arg, false
	}
	n, err := strconv.Atoi(format[i+1 : i+end])
	if err != nil || n < 1 {
		return i, arg, false
	}
	return i + end + 1, n - 1, true
}

// starOrDigits skips a width or precision: digits, or * taking an operand.
func starOrDigits(format string, i, arg int) (int, int) {
	if i < len(format) && format[i] == '*' {
		return i + 1, arg + 1
	}
	for i < len(format) && '0' <= format[i] && format[i] <= '9' {
		i++
	}
	return i, arg
}

// FormatOf returns the verbs of the constant format of a printf-like call
// whose format is argument index. It reports false when the format is not
// a constant, fmt would reject it, or the operands are passed as a slice
// (f(format, args...)), so that no rule guesses which operand a verb
// formats.
func FormatOf(info *types.Info, call *ast.CallExpr, index int) ([]Verb, bool) {
	if index >= len(call.Args) || call.Ellipsis.IsValid() {
		return nil, false
	}
	tv, ok := info.Types[call.Args[index]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return nil, false
	}
	return ParseFormat(constant.StringVal(tv.Value))
}

// Operand returns the expression verb v of a printf-like call formats,
// whose format is argument index, or nil.
func Operand(call *ast.CallExpr, index int, v Verb) ast.Expr {
	if i := index + 1 + v.Arg; i < len(call.Args) {
		return call.Args[i]
	}
	return nil
}

// Wrapped returns the operands of a fmt.Errorf call that its format wraps
// with %w, in order, and false when the format cannot be read.
func Wrapped(info *types.Info, call *ast.CallExpr) ([]ast.Expr, bool) {
	verbs, ok := FormatOf(info, call, 0)
	if !ok {
		return nil, false
	}
	var out []ast.Expr
	for _, v := range verbs {
		if v.Verb == 'w' {
			if arg := Operand(call, 0, v); arg != nil {
				out = append(out, arg)
			}
		}
	}
	return out, true
}

// VerbPos returns the position of the verb letter of v in the string
// literal lit, whose value is the format v was parsed from, or NoPos when
// the literal spells that part of the format with escapes.
func VerbPos(lit *ast.BasicLit, v Verb) token.Pos {
	if lit.Kind != token.STRING || len(lit.Value) < 2 {
		return token.NoPos
	}
	src := lit.Value[1 : len(lit.Value)-1]
	if lit.Value[0] == '`' {
		return lit.Pos() + 1 + token.Pos(v.End-1)
	}
	// Map value offsets to source offsets, one escape at a time.
	valueOff, srcOff := 0, 0
	for len(src) > 0 {
		if valueOff == v.End-1 {
			if src[0] != byte(v.Verb) || v.Verb >= utf8.RuneSelf {
				return token.NoPos
			}
			return lit.Pos() + 1 + token.Pos(srcOff)
		}
		r, multibyte, tail, err := strconv.UnquoteChar(src, '"')
		if err != nil {
			return token.NoPos
		}
		if r < utf8.RuneSelf || !multibyte {
			valueOff++
		} else {
			valueOff += utf8.RuneLen(r)
		}
		srcOff += len(src) - len(tail)
		src = tail
	}
	return token.NoPos
}
