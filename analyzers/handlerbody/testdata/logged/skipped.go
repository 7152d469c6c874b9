package logged

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mark3labs/mcp-go/mcp"
)

// Loops that skip a failed call and answer with what they gathered.

// activeSprint returns the first board's active sprint. When every
// board's request fails it says there is none.
func (s *session) activeSprint(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	for _, board := range []string{"a", "b"} {
		resp, err := s.Fetch(ctx, board)
		if err != nil { // want `no-fake-empty-result: mcp-go handler activeSprint skips to the next iteration when err is not nil and answers with what the loop found \(line 38\)`
			if resp != nil {
				return mcp.NewToolResultErrorFromErr("listing sprints", err), nil
			}
			continue
		}
		defer resp.Body.Close()
		if resp.StatusCode == 200 {
			return mcp.NewToolResultText("sprint of " + board), nil
		}
	}
	return mcp.NewToolResultText("No active sprint found."), nil
}

type detail struct{ Branches, Builds []string }

// development gathers the details of each integration, flattens them in a
// second loop, and answers with the YAML-like text of what it found.
func (s *session) development(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var all []detail
	for _, kind := range []string{"github", "bitbucket"} {
		resp, err := s.Fetch(ctx, kind)
		if err != nil { // want `no-fake-empty-result: mcp-go handler development skips to the next iteration`
			log.Printf("detail %s: %v", kind, err)
			continue
		}
		var d detail
		if err := json.NewDecoder(resp.Body).Decode(&d); err != nil {
			return mcp.NewToolResultErrorFromErr("decoding the details", err), nil
		}
		all = append(all, d)
	}
	var branches []string
	for _, d := range all {
		branches = append(branches, d.Branches...)
	}
	out, err := json.Marshal(map[string]any{"branches": branches})
	if err != nil {
		return mcp.NewToolResultErrorFromErr("encoding", err), nil
	}
	return mcp.NewToolResultText(string(out)), nil
}

type Listing struct {
	Names []string `json:"names"`
}

// listing is a typed go-sdk handler that writes what each page gives into
// a builder: what it answers is what the builder was written, the body a
// failed read cut short among it.
func listing(ctx context.Context, req *gosdk.CallToolRequest, in struct{ Pages []string }) (*gosdk.CallToolResult, Listing, error) {
	s := &session{}
	var b strings.Builder
	for _, p := range in.Pages {
		resp, err := s.Fetch(ctx, p)
		if err != nil { // want `no-fake-empty-result: go-sdk typed handler listing skips to the next iteration`
			continue
		}
		body, _ := io.ReadAll(resp.Body) // want `no-fake-empty-result: go-sdk typed handler listing drops the error of ReadAll and answers with what it gave`
		b.Write(body)
	}
	return nil, Listing{Names: strings.Fields(b.String())}, nil
}

// What looks alike and is not reported.

// collected keeps each failure and answers with them.
func (s *session) collected(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var names []string
	var errs []error
	for _, q := range []string{"a", "b"} {
		resp, err := s.Fetch(ctx, q)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		names = append(names, resp.Status)
	}
	if err := errors.Join(errs...); err != nil {
		return mcp.NewToolResultErrorFromErr("some fetches failed", err), nil
	}
	return mcp.NewToolResultText(strings.Join(names, ",")), nil
}

// checked tells the empty answer apart after the loop.
func (s *session) checked(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var names []string
	for _, q := range []string{"a", "b"} {
		resp, err := s.Fetch(ctx, q)
		if err != nil {
			continue
		}
		names = append(names, resp.Status)
	}
	if len(names) == 0 {
		return mcp.NewToolResultError("no fetch succeeded"), nil
	}
	return mcp.NewToolResultText(strings.Join(names, ",")), nil
}

// detailed lists every name, and the detail only of those whose fetch
// worked: what the loop gathers is written before the call.
func (s *session) detailed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var lines []string
	for _, q := range []string{"a", "b"} {
		lines = append(lines, q)
		resp, err := s.Fetch(ctx, q)
		if err != nil {
			continue
		}
		lines[len(lines)-1] += " " + resp.Status
	}
	return mcp.NewToolResultText(strings.Join(lines, "\n")), nil
}

// numbers skips the arguments that do not parse: the handler's own input,
// not work that failed.
func numbers(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var sum int
	var seen []int
	for _, a := range strings.Fields(req.GetString("ns", "")) {
		n, err := strconv.Atoi(a)
		if err != nil {
			continue
		}
		seen = append(seen, n)
		sum += n
	}
	return mcp.NewToolResultText(strconv.Itoa(sum) + " from " + strconv.Itoa(len(seen))), nil
}

// retried tries again, and fails when every try did.
func (s *session) retried(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	for i := 0; i < 3; i++ {
		resp, err := s.Fetch(ctx, "q")
		if err != nil {
			continue
		}
		return mcp.NewToolResultText(resp.Status), nil
	}
	return mcp.NewToolResultError("the service did not answer after 3 tries"), nil
}

// gone skips what is known to be gone.
func (s *session) gone(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var names []string
	for _, q := range []string{"a", "b"} {
		resp, err := s.Fetch(ctx, q)
		if errors.Is(err, errGone) {
			continue
		}
		if err != nil {
			return mcp.NewToolResultErrorFromErr("fetching", err), nil
		}
		names = append(names, resp.Status)
	}
	return mcp.NewToolResultText(strings.Join(names, ",")), nil
}

// background skips in a goroutine's loop: not the handler's answer.
func (s *session) background(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	go func() {
		var names []string
		for _, q := range []string{"a", "b"} {
			resp, err := s.Fetch(ctx, q)
			if err != nil {
				continue
			}
			names = append(names, resp.Status)
		}
		log.Print(names)
	}()
	return mcp.NewToolResultText("started"), nil
}

// batch says how many it was asked for and how many it found: the
// client can tell that some are missing.
func (s *session) batch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ids := strings.Fields(req.GetString("ids", ""))
	total := len(ids)
	var found []string
	for _, id := range ids {
		resp, err := s.Fetch(ctx, id)
		if err != nil {
			continue
		}
		found = append(found, resp.Status)
	}
	return mcp.NewToolResultText("Requested " + strconv.Itoa(total) + ", retrieved " + strings.Join(found, ",")), nil
}

// inline writes the failure into the page it answers with.
func (s *session) inline(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var p page
	var names []string
	for _, q := range []string{"a", "b"} {
		resp, err := s.Fetch(ctx, q)
		if err != nil {
			p.add(q, "ERROR: "+err.Error())
			continue
		}
		names = append(names, resp.Status)
		p.add(q, resp.Status)
	}
	p.add("names", strings.Join(names, ","))
	return p.result(), nil
}

// nestedSkip reads the parts of each message; a part that fails to read
// is skipped in the inner loop, and the answer is what both loops found.
func (s *session) nestedSkip(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var parts []string
	for _, m := range []string{"a", "b"} {
		for _, p := range []string{m + "1", m + "2"} {
			resp, err := s.Fetch(ctx, p)
			if err != nil { // want `no-fake-empty-result: mcp-go handler nestedSkip skips to the next iteration when err is not nil and answers with what the loop found`
				continue
			}
			parts = append(parts, resp.Status)
		}
	}
	return mcp.NewToolResultText(strings.Join(parts, ",")), nil
}

// nestedSearch returns from its outer loop when it finds what it looks
// for: the inner skip is a search's, followed no further.
func (s *session) nestedSearch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var parts []string
	for _, m := range []string{"a", "b"} {
		for _, p := range []string{m + "1", m + "2"} {
			resp, err := s.Fetch(ctx, p)
			if err != nil {
				continue
			}
			parts = append(parts, resp.Status)
		}
		if len(parts) > 3 {
			return mcp.NewToolResultText("found in " + m), nil
		}
	}
	return mcp.NewToolResultText(strings.Join(parts, ",")), nil
}

// readParts reads parts until the reader says it is done; a part that
// fails to read ends the loop, and the answer is what came before.
func (s *session) readParts(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var parts []string
	for {
		resp, err := s.Fetch(ctx, "next")
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil { // want `no-fake-empty-result: mcp-go handler readParts stops the loop when err is not nil and answers with what the loop found`
			break
		}
		parts = append(parts, resp.Status)
	}
	return mcp.NewToolResultText(strings.Join(parts, ",")), nil
}

// readChecked breaks on a failure it tests after the loop.
func (s *session) readChecked(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var parts []string
	var err error
	for {
		var resp *http.Response
		resp, err = s.Fetch(ctx, "next")
		if err != nil {
			break
		}
		parts = append(parts, resp.Status)
	}
	if !errors.Is(err, io.EOF) {
		return mcp.NewToolResultErrorFromErr("reading", err), nil
	}
	return mcp.NewToolResultText(strings.Join(parts, ",")), nil
}

// switched breaks out of a switch, not the loop.
func (s *session) switched(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var parts []string
	for _, p := range []string{"a", "b"} {
		switch p {
		case "a":
			resp, err := s.Fetch(ctx, p)
			if err != nil {
				break
			}
			parts = append(parts, resp.Status)
		}
	}
	return mcp.NewToolResultText(strings.Join(parts, ",")), nil
}

// located looks for a file in each directory: a stat that fails says the
// file is not there, and the loop goes on looking.
func located(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	for _, dir := range []string{"a", "b"} {
		candidate := filepath.Join(dir, "notes.txt")
		st, err := os.Stat(candidate)
		if err != nil {
			continue
		}
		if !st.IsDir() {
			return mcp.NewToolResultText(candidate), nil
		}
	}
	return mcp.NewToolResultText("No notes found."), nil
}
