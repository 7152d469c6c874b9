// Command realservers runs mcperrlint on Go MCP servers whose sources are
// already on disk, and prints, per server, its findings by rule and the
// time it took; given a review of a server, it also scores the findings
// against the defects the review lists. It fetches nothing: point it at
// checkouts (docs/real-servers.md says where ours came from).
//
//	go run ./internal/realservers [-review DIR] [-out DIR] SERVER[=PATTERNS]...
//
// SERVER is a directory holding a Go module; PATTERNS, comma-separated,
// default to ./... . A review is a file named after the server's
// directory, DIR/NAME.md, whose lines
//
//	DEFECT<TAB>path/to/file.go:LINE<TAB>rule-id<TAB>class<TAB>…
//
// are the defects a reader found (BRIEF.md is the reader's brief; the
// class is protocol, result, body, cause or swallow, and defaults to the
// rule's). A finding matches a defect of its class in the same file within
// one line, at its own position or at one of its related positions (a
// root names the returns it explains). Other lines are ignored. With -out,
// DIR/NAME.reading lists what is left to read: the findings that match no
// defect and the defects no finding reports.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

func main() {
	review := flag.String("review", "", "directory of reviews, NAME.md per server")
	out := flag.String("out", "", "directory to keep each server's JSON findings in")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: go run ./internal/realservers [-review DIR] [-out DIR] SERVER[=PATTERNS]...\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(os.Stdout, *review, *out, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "realservers:", err)
		os.Exit(1)
	}
}

func run(w io.Writer, reviewDir, outDir string, servers []string) error {
	if outDir != "" {
		if err := os.MkdirAll(outDir, 0o755); err != nil {
			return err
		}
	}
	bin, err := build()
	if err != nil {
		return err
	}
	defer os.RemoveAll(filepath.Dir(bin))
	fmt.Fprintln(w, "| server | findings | by rule | reviewed defects | found | missed | findings not in review | time |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|")
	for _, arg := range servers {
		dir, patterns, _ := strings.Cut(arg, "=")
		if patterns == "" {
			patterns = "./..."
		}
		name := filepath.Base(filepath.Clean(dir))
		start := time.Now()
		report, raw, err := lint(bin, dir, strings.Split(patterns, ","))
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		elapsed := time.Since(start)
		if outDir != "" {
			if err := os.WriteFile(filepath.Join(outDir, name+".json"), raw, 0o644); err != nil {
				return err
			}
		}
		row := []string{name, strconv.Itoa(len(report.Findings)), byRule(report.Findings)}
		if reviewDir != "" {
			defects, err := readReview(filepath.Join(reviewDir, name+".md"))
			if err != nil {
				return err
			}
			s := score(report.Findings, defects)
			found := s.count()
			row = append(row, strconv.Itoa(len(defects)), fmt.Sprintf("%d (%s)", found, byClass(defects, s)), strconv.Itoa(len(defects)-found), strconv.Itoa(len(s.unmatched)))
			if outDir != "" {
				if err := writeReading(filepath.Join(outDir, name+".reading"), defects, s); err != nil {
					return err
				}
			}
		} else {
			row = append(row, "", "", "", "")
		}
		row = append(row, elapsed.Round(100*time.Millisecond).String())
		fmt.Fprintf(w, "| %s |\n", strings.Join(row, " | "))
		for _, e := range report.Errors {
			fmt.Fprintf(os.Stderr, "%s: incomplete: %s %s\n", name, e.Package, e.Message)
		}
	}
	return nil
}

// build builds mcperrlint from this checkout into a temporary directory.
func build() (string, error) {
	tmp, err := os.MkdirTemp("", "realservers")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(tmp, "mcperrlint")
	cmd := exec.Command("go", "build", "-o", bin, "github.com/mcperrlint/mcperrlint/cmd/mcperrlint")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("building mcperrlint: %v", err)
	}
	return bin, nil
}

// A report is mcperrlint's JSON output, the parts this command reads.
type report struct {
	Findings []finding `json:"findings"`
	Errors   []struct {
		Package string `json:"package"`
		Message string `json:"message"`
	} `json:"errors"`
}

type finding struct {
	Rule    string     `json:"rule"`
	File    string     `json:"file"`
	Line    int        `json:"line"`
	Message string     `json:"message"`
	Related []position `json:"related"`
}

type position struct {
	File string `json:"file"`
	Line int    `json:"line"`
}

// lint runs mcperrlint in dir. Exit code 3 means findings, not failure.
func lint(bin, dir string, patterns []string) (*report, []byte, error) {
	cmd := exec.Command(bin, append([]string{"-format=json"}, patterns...)...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if exit, ok := err.(*exec.ExitError); ok && exit.ExitCode() == 3 {
		err = nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("mcperrlint: %v\n%s", err, stderr.Bytes())
	}
	r := new(report)
	if err := json.Unmarshal(stdout.Bytes(), r); err != nil {
		return nil, nil, fmt.Errorf("reading mcperrlint's output: %v", err)
	}
	return r, stdout.Bytes(), nil
}

// byRule counts findings by rule, most first.
func byRule(fs []finding) string {
	counts := map[string]int{}
	for _, f := range fs {
		counts[f.Rule]++
	}
	rules := make([]string, 0, len(counts))
	for r := range counts {
		rules = append(rules, r)
	}
	slices.SortFunc(rules, func(a, b string) int {
		if counts[a] != counts[b] {
			return counts[b] - counts[a]
		}
		return strings.Compare(a, b)
	})
	var parts []string
	for _, r := range rules {
		parts = append(parts, fmt.Sprintf("%s %d", r, counts[r]))
	}
	return strings.Join(parts, ", ")
}

// A defect is one a reviewer found.
type defect struct {
	file  string
	line  int
	rule  string
	class string // the review's class, or the rule's
	text  string // the review's line, for the list of misses
}

// classOf gives the class a rule's defects belong to, the classes the
// review brief (BRIEF.md) names.
func classOf(rule string) string {
	switch rule {
	case "sdk-protocol-error", "sdk-wrapped-protocol-error":
		return "protocol"
	case "sdk-result-dropped", "sdk-nil-result", "sdk-error-result-without-content":
		return "result"
	case "no-stringify-upstream-error":
		return "body"
	case "preserve-cause-on-rethrow":
		return "cause"
	case "no-fake-empty-result":
		return "swallow"
	}
	return rule
}

var classes = []string{"protocol", "result", "body", "cause", "swallow"}

func readReview(path string) ([]defect, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []defect
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) < 3 || fields[0] != "DEFECT" {
			continue
		}
		file, line, ok := strings.Cut(fields[1], ":")
		l, err := strconv.Atoi(line)
		if !ok || err != nil {
			return nil, fmt.Errorf("%s:%d: want path:line, got %q", path, n, fields[1])
		}
		rule := strings.TrimSpace(fields[2])
		class := classOf(rule)
		if len(fields) > 3 && slices.Contains(classes, strings.TrimSpace(fields[3])) {
			class = strings.TrimSpace(fields[3])
		}
		out = append(out, defect{file, l, rule, class, sc.Text()})
	}
	return out, sc.Err()
}

// A scored server: which defects its findings report, and which
// findings report none (to be read and judged true or false).
type scored struct {
	found     []bool
	unmatched []finding
}

func (s scored) count() int {
	n := 0
	for _, ok := range s.found {
		if ok {
			n++
		}
	}
	return n
}

// score matches findings to defects: a finding reports a defect of its
// class when it or one of its related positions is in the defect's file
// within a line of it (a root names the returns it explains as related
// positions). Each defect counts once however many findings it has.
func score(fs []finding, defects []defect) scored {
	s := scored{found: make([]bool, len(defects))}
	for _, f := range fs {
		hit := false
		for i, d := range defects {
			if d.class == classOf(f.Rule) && f.reports(d) {
				s.found[i], hit = true, true
			}
		}
		if !hit {
			s.unmatched = append(s.unmatched, f)
		}
	}
	return s
}

func (f finding) reports(d defect) bool {
	near := func(file string, line int) bool {
		return file == d.file && line-d.line <= 1 && d.line-line <= 1
	}
	if near(f.File, f.Line) {
		return true
	}
	for _, r := range f.Related {
		if near(r.File, r.Line) {
			return true
		}
	}
	return false
}

// byClass gives found/defects per class, "protocol 3/4, body 2/2".
func byClass(defects []defect, s scored) string {
	var parts []string
	for _, c := range classes {
		n, found := 0, 0
		for i, d := range defects {
			if d.class == c {
				n++
				if s.found[i] {
					found++
				}
			}
		}
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d/%d", c, found, n))
		}
	}
	return strings.Join(parts, ", ")
}

// writeReading writes what is left to read: the findings that match no
// defect, and the defects no finding reports.
func writeReading(path string, defects []defect, s scored) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# findings that match no defect (%d): read each, judge true or false\n", len(s.unmatched))
	for _, f := range s.unmatched {
		fmt.Fprintf(&b, "%s:%d\t%s\t%s\n", f.File, f.Line, f.Rule, f.Message)
	}
	fmt.Fprintf(&b, "\n# defects no finding reports (%d)\n", len(defects)-s.count())
	for i, d := range defects {
		if !s.found[i] {
			fmt.Fprintln(&b, d.text)
		}
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}
