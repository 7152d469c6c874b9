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
//	DEFECT<TAB>path/to/file.go:LINE<TAB>rule-id<TAB>…
//
// are the defects a reader found; a finding matches a defect of the same
// rule in the same file within one line. Other lines are ignored.
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
			row = append(row, strconv.Itoa(len(defects)), strconv.Itoa(s.found), strconv.Itoa(len(defects)-s.found), strconv.Itoa(s.unmatched))
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
	Rule string `json:"rule"`
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
	file string
	line int
	rule string
}

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
		out = append(out, defect{file, l, strings.TrimSpace(fields[2])})
	}
	return out, sc.Err()
}

type scored struct{ found, unmatched int }

// score matches findings to defects: the same rule in the same file,
// within a line. Each defect counts once however many findings it has.
func score(fs []finding, defects []defect) scored {
	var s scored
	found := make([]bool, len(defects))
	for _, f := range fs {
		hit := false
		for i, d := range defects {
			if d.file == f.File && d.rule == f.Rule && f.Line-d.line <= 1 && d.line-f.Line <= 1 {
				found[i], hit = true, true
			}
		}
		if !hit {
			s.unmatched++
		}
	}
	for _, ok := range found {
		if ok {
			s.found++
		}
	}
	return s
}
