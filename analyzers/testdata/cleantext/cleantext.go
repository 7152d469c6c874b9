// Package cleantext makes text safe to show a model: it strips the
// characters a prompt injection hides in, and keeps everything else. What
// goes in comes out, a response's body included.
package cleantext

import (
	"io"
	"net/http"
	"regexp"
	"strings"
	"unicode"
)

var invisible = regexp.MustCompile("[\u200B-\u200F\u2060-\u206F\uFEFF]")

// Clean strips invisible and control characters.
func Clean(s string) string {
	s = invisible.ReplaceAllString(s, "")
	s = dropControls(s)
	return s
}

func dropControls(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) && r != '\n' && r != '\t' {
			return -1
		}
		return r
	}, s)
}

// BodyText returns the body of a response, as text.
func BodyText(resp *http.Response) string {
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return ""
	}
	return string(data)
}

// Label is a fixed label, whatever it is given.
func Label(kind string) string {
	if kind == "" {
		return "unknown"
	}
	return "kind"
}
