package handlerbody

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A verb is one conversion of a printf format, such as %v or %+v.
type verb struct {
	verb  rune
	flags string // the flags written, such as "+" or "#"
	arg   int    // the index of the operand it formats, counted from the first operand after the format
	start int    // byte offset of its '%' in the format
	end   int    // byte offset just after the verb
}

// parseFormat returns the verbs of a printf format, in order. It returns
// false for formats it does not fully understand — explicit argument
// indexes such as %[2]v — so that no rule guesses which operand a verb
// formats.
func parseFormat(format string) ([]verb, bool) {
	var verbs []verb
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
		// width and precision, either of which may be * (an operand)
		for part := 0; part < 2; part++ {
			if part == 1 {
				if i >= len(format) || format[i] != '.' {
					break
				}
				i++
			}
			if i < len(format) && format[i] == '*' {
				arg++
				i++
				continue
			}
			for i < len(format) && '0' <= format[i] && format[i] <= '9' {
				i++
			}
		}
		if i < len(format) && format[i] == '[' {
			return nil, false
		}
		if i >= len(format) {
			return nil, false // a dangling %
		}
		r, size := utf8.DecodeRuneInString(format[i:])
		i += size
		verbs = append(verbs, verb{verb: r, flags: flags, arg: arg, start: start, end: i})
		arg++
	}
	return verbs, true
}

// formatOf returns the constant format string of a printf-like call whose
// format is argument index, and its verbs.
func formatOf(info *types.Info, call *ast.CallExpr, index int) (string, []verb, bool) {
	if index >= len(call.Args) || call.Ellipsis.IsValid() {
		return "", nil, false
	}
	tv, ok := info.Types[call.Args[index]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", nil, false
	}
	format := constant.StringVal(tv.Value)
	verbs, ok := parseFormat(format)
	return format, verbs, ok
}

// operand returns the expression verb v of a printf-like call formats,
// whose format is argument index, or nil.
func operand(call *ast.CallExpr, index int, v verb) ast.Expr {
	if i := index + 1 + v.arg; i < len(call.Args) {
		return call.Args[i]
	}
	return nil
}

// verbPos returns the position of the verb letter of v in the string
// literal lit, whose value is the format v was parsed from, or NoPos when
// the literal spells that part of the format with escapes.
func verbPos(lit *ast.BasicLit, v verb) token.Pos {
	if lit.Kind != token.STRING || len(lit.Value) < 2 {
		return token.NoPos
	}
	src := lit.Value[1 : len(lit.Value)-1]
	if lit.Value[0] == '`' {
		return lit.Pos() + 1 + token.Pos(v.end-1)
	}
	// Map value offsets to source offsets, one escape at a time.
	valueOff, srcOff := 0, 0
	for len(src) > 0 {
		if valueOff == v.end-1 {
			if src[0] != byte(v.verb) || v.verb >= utf8.RuneSelf {
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
