// Package doclinks checks the repository's Markdown pages the way GitHub
// renders them: every relative link names a file that exists, and every
// #anchor a heading of the page it points into.
//
// Anchors follow GitHub's rule for headings: the heading's text as rendered
// (code spans and links reduced to their text), lowercased, with spaces
// turned into '-' and every character that is not a letter, a digit, '-' or
// '_' dropped; a repeated anchor gets "-1", "-2", ... in order. Fenced code
// blocks, code spans and HTML comments hold neither headings nor links.
package doclinks

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"
)

// A Problem is a link that does not resolve.
type Problem struct {
	File string // the page, relative to the root, with '/'
	Line int
	Link string
	Why  string
}

func (p Problem) String() string {
	return fmt.Sprintf("%s:%d: %s: %s", p.File, p.Line, p.Link, p.Why)
}

// Pages returns the Markdown pages Check reads under root: README.md and
// every .md file under docs/, relative to root, with '/'.
func Pages(root string) ([]string, error) {
	pages := []string{"README.md"}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") {
			rel, err := filepath.Rel(root, p)
			if err != nil {
				return err
			}
			pages = append(pages, filepath.ToSlash(rel))
		}
		return nil
	})
	return pages, err
}

// Check resolves every link of the given pages (relative to root, with
// '/') and returns the ones that do not resolve. Links with a scheme
// (https:, mailto:) are not followed.
func Check(root string, pages []string) ([]Problem, error) {
	anchors := map[string]map[string]bool{} // page -> its anchors, read once
	anchorsOf := func(page string) (map[string]bool, error) {
		if a, ok := anchors[page]; ok {
			return a, nil
		}
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(page)))
		if err != nil {
			return nil, err
		}
		a := Anchors(string(data))
		anchors[page] = a
		return a, nil
	}
	var problems []Problem
	for _, page := range pages {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(page)))
		if err != nil {
			return nil, err
		}
		for _, l := range Links(string(data)) {
			if hasScheme(l.Target) {
				continue
			}
			target, anchor, _ := strings.Cut(l.Target, "#")
			file := page
			if target != "" {
				file = path.Clean(path.Join(path.Dir(page), target))
				if file == ".." || strings.HasPrefix(file, "../") {
					problems = append(problems, Problem{page, l.Line, l.Target, "leaves the repository"})
					continue
				}
				info, err := os.Stat(filepath.Join(root, filepath.FromSlash(file)))
				if err != nil {
					problems = append(problems, Problem{page, l.Line, l.Target, "no such file"})
					continue
				}
				if info.IsDir() {
					if anchor != "" {
						problems = append(problems, Problem{page, l.Line, l.Target, "an anchor into a directory"})
					}
					continue
				}
			}
			if anchor == "" || !strings.HasSuffix(file, ".md") {
				continue
			}
			a, err := anchorsOf(file)
			if err != nil {
				return nil, err
			}
			if !a[anchor] {
				problems = append(problems, Problem{page, l.Line, l.Target, "no heading of " + file + " has this anchor"})
			}
		}
	}
	return problems, nil
}

// hasScheme reports whether a link target is an absolute URL.
func hasScheme(target string) bool {
	i := strings.IndexAny(target, ":/#?")
	return i > 0 && target[i] == ':'
}

// A Link is the target of a Markdown link or image, with its line.
type Link struct {
	Line   int
	Target string
}

var (
	inlineLink    = regexp.MustCompile(`\]\(\s*<?([^()\s<>]*)>?(?:\s+"[^"]*")?\s*\)`)
	referenceLink = regexp.MustCompile(`^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$`)
)

// Links returns the targets of the inline links and images and of the link
// reference definitions of a Markdown page, outside code and comments.
func Links(md string) []Link {
	var links []Link
	for i, line := range prose(md, false) {
		if m := referenceLink.FindStringSubmatch(line); m != nil {
			links = append(links, Link{i + 1, m[1]})
			continue
		}
		for _, m := range inlineLink.FindAllStringSubmatch(line, -1) {
			links = append(links, Link{i + 1, m[1]})
		}
	}
	return links
}

// Anchors returns the anchors GitHub gives the headings of a Markdown page.
func Anchors(md string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	for _, line := range prose(md, true) {
		text, ok := heading(line)
		if !ok {
			continue
		}
		slug := Slug(text)
		if n := seen[slug]; n > 0 {
			seen[slug]++
			slug = fmt.Sprintf("%s-%d", slug, n)
		} else {
			seen[slug] = 1
		}
		anchors[slug] = true
	}
	return anchors
}

var atxHeading = regexp.MustCompile(`^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$`)

// heading returns the text of an ATX heading line.
func heading(line string) (string, bool) {
	m := atxHeading.FindStringSubmatch(line)
	if m == nil {
		return "", false
	}
	return m[1], true
}

var (
	linkText   = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
	escapeChar = regexp.MustCompile(`\\([[:punct:]])`)
)

// Slug returns GitHub's anchor for a heading's Markdown text.
func Slug(text string) string {
	text = linkText.ReplaceAllString(text, "$1")
	text = escapeChar.ReplaceAllString(text, "$1")
	var b strings.Builder
	for _, r := range strings.ToLower(text) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.Is(unicode.M, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// prose returns the lines of a Markdown page with fenced code blocks and
// HTML comments blanked, keeping line numbers: what remains can hold
// headings and links. Code spans are reduced to their text when keepCode is
// set (a heading's anchor is made of it), and blanked otherwise.
func prose(md string, keepCode bool) []string {
	lines := strings.Split(md, "\n")
	fence := ""
	comment := false
	for i, line := range lines {
		trimmed := strings.TrimLeft(line, " ")
		switch {
		case fence != "":
			if strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]+" \t") == "" {
				fence = ""
			}
			lines[i] = ""
			continue
		case comment:
			j := strings.Index(line, "-->")
			if j < 0 {
				lines[i] = ""
				continue
			}
			comment = false
			line = line[j+3:]
		case strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~"):
			n := len(trimmed) - len(strings.TrimLeft(trimmed, trimmed[:1]))
			fence = strings.Repeat(trimmed[:1], n)
			lines[i] = ""
			continue
		}
		for {
			j := strings.Index(line, "<!--")
			if j < 0 {
				break
			}
			k := strings.Index(line[j:], "-->")
			if k < 0 {
				line = line[:j]
				comment = true
				break
			}
			line = line[:j] + line[j+k+3:]
		}
		lines[i] = codeSpans(line, keepCode)
	}
	return lines
}

// codeSpans reduces the code spans of a line to their text, or blanks them.
// A span opens with a run of backticks and closes with a run of the same
// length; a run that is never closed is literal text.
func codeSpans(line string, keep bool) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(line, '`')
		if i < 0 {
			b.WriteString(line)
			return b.String()
		}
		n := len(line[i:]) - len(strings.TrimLeft(line[i:], "`"))
		end := -1
		for j := i + n; j < len(line); {
			k := strings.IndexByte(line[j:], '`')
			if k < 0 {
				break
			}
			k += j
			m := len(line[k:]) - len(strings.TrimLeft(line[k:], "`"))
			if m == n {
				end = k
				break
			}
			j = k + m
		}
		if end < 0 {
			b.WriteString(line[:i+n])
			line = line[i+n:]
			continue
		}
		b.WriteString(line[:i])
		if keep {
			b.WriteString(strings.TrimSpace(line[i+n : end]))
		} else {
			b.WriteString(strings.Repeat(" ", end-i-n))
		}
		line = line[end+n:]
	}
}
