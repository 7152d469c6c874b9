package conformance

import (
	"go/ast"
	"go/types"
)

// wrappedArgs returns the indexes of the arguments of a fmt.Errorf call
// that its constant format wraps with %w. A format that is not constant
// wraps nothing that can be known.
func wrappedArgs(info *types.Info, call *ast.CallExpr) []int {
	format, ok := constString(info, argAt(call, 0))
	if !ok || call.Ellipsis.IsValid() {
		return nil
	}
	var out []int
	for _, i := range wrapVerbs(format) {
		if i+1 < len(call.Args) {
			out = append(out, i+1)
		}
	}
	return out
}

// wrapVerbs returns the operand indexes (0-based, after the format) of the
// %w verbs of a format, following fmt's rules for flags, widths and
// precisions given by '*', and explicit indexes such as %[2]w.
func wrapVerbs(format string) []int {
	var out []int
	arg := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		// Flags.
		for i < len(format) && (format[i] == '+' || format[i] == '-' || format[i] == '#' || format[i] == ' ' || format[i] == '0') {
			i++
		}
		// Width and precision, each possibly '*' or an explicit index.
		for part := 0; part < 2; part++ {
			i, arg = argIndex(format, i, arg)
			if i < len(format) && format[i] == '*' {
				i++
				arg++
			} else {
				for i < len(format) && '0' <= format[i] && format[i] <= '9' {
					i++
				}
			}
			if part == 0 && i < len(format) && format[i] == '.' {
				i++
				continue
			}
			break
		}
		i, arg = argIndex(format, i, arg)
		if i >= len(format) {
			break
		}
		switch format[i] {
		case '%':
		case 'w':
			out = append(out, arg)
			arg++
		default:
			arg++
		}
	}
	return out
}

// argIndex reads an explicit argument index [n] at format[i], returning the
// position after it and the operand it selects.
func argIndex(format string, i, arg int) (int, int) {
	if i >= len(format) || format[i] != '[' {
		return i, arg
	}
	n := 0
	for j := i + 1; j < len(format); j++ {
		switch c := format[j]; {
		case c == ']':
			if n < 1 {
				return j + 1, arg
			}
			return j + 1, n - 1
		case '0' <= c && c <= '9':
			n = n*10 + int(c-'0')
		default:
			return i, arg
		}
	}
	return i, arg
}
