package handlerbody

import (
	"go/ast"
	"go/parser"
	"strconv"
	"testing"
)

func TestParseFormat(t *testing.T) {
	for _, tc := range []struct {
		format string
		want   string // verb letter, flags and operand index of each verb
		ok     bool
	}{
		{"plain", "", true},
		{"%v", "v:0", true},
		{"%d%% of %s: %w", "d:0 s:1 w:2", true},
		{"%+v %#v %-8s", "v+:0 v#:1 s-:2", true},
		{"%*d %.*f %6.2f %v", "d:1 f:3 f:4 v:5", true},
		{"%[1]v", "", false},
		{"dangling %", "", false},
	} {
		verbs, ok := parseFormat(tc.format)
		got := ""
		for i, v := range verbs {
			if i > 0 {
				got += " "
			}
			got += string(v.verb) + v.flags + ":" + string(rune('0'+v.arg))
		}
		if ok != tc.ok || ok && got != tc.want {
			t.Errorf("parseFormat(%q) = %q, %v; want %q, %v", tc.format, got, ok, tc.want, tc.ok)
		}
	}
}

func TestVerbPos(t *testing.T) {
	for _, tc := range []struct {
		lit  string // a Go string literal
		want int    // offset of the verb letter of its last verb in the literal, or -1
	}{
		{`"x: %v"`, 5},
		{"`x: %v`", 5},
		{`"\tx\u00e9: %v"`, 13},
		{`"\x41: %v"`, 8},
		{`"%\x76"`, -1}, // the verb letter itself is an escape
	} {
		expr, err := parser.ParseExpr(tc.lit)
		if err != nil {
			t.Fatal(err)
		}
		lit := expr.(*ast.BasicLit)
		value, err := strconv.Unquote(tc.lit)
		if err != nil {
			t.Fatal(err)
		}
		verbs, _ := parseFormat(value)
		pos := verbPos(lit, verbs[len(verbs)-1])
		got := -1
		if pos.IsValid() {
			got = int(pos - lit.Pos())
		}
		if got != tc.want {
			t.Errorf("verbPos(%s) = %d, want %d", tc.lit, got, tc.want)
		}
	}
}
