package logged

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Failures whose error is dropped while what the call gave is the answer:
// the client reads the zero value as data.

type store struct{ db *sql.DB }

// attachment reads a part and answers with it, whatever the read did.
func (s *session) attachment(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := s.Fetch(ctx, "part")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("fetching the part", err), nil
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body) // want `no-fake-empty-result: mcp-go handler attachment drops the error of ReadAll and answers with what it gave \(line 33\)`
	text := string(data)
	return mcp.NewToolResultText(text), nil
}

// count scans a count it never checks; a failed query reads as none.
func (st *store) count(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var total int
	st.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM notes").Scan(&total) // want `drops the error of Scan and answers with what it gave`
	return mcp.NewToolResultText(strconv.Itoa(total)), nil
}

// decodedStatus decodes what the upstream sent and never looks at the error.
func (s *session) decodedStatus(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := s.Fetch(ctx, "status")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("fetching the status", err), nil
	}
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("reading the status", err), nil
	}
	var status struct{ State string }
	json.Unmarshal(body, &status) // want `drops the error of Unmarshal`
	return mcp.NewToolResultText("state: " + status.State), nil
}

// blankStatus gives the decode's error to the blank identifier: dropped
// as surely as by a statement.
func (s *session) blankStatus(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := s.Fetch(ctx, "status")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("fetching the status", err), nil
	}
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("reading the status", err), nil
	}
	var status struct{ State string }
	_ = json.Unmarshal(body, &status) // want `drops the error of Unmarshal`
	return mcp.NewToolResultText("state: " + status.State), nil
}

// blankLimit decodes the tool's own input: a malformed limit keeps the
// default, and nothing failed at run time.
func (s *session) blankLimit(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	limit := 10
	_ = json.Unmarshal([]byte(req.GetString("limit", "")), &limit)
	return mcp.NewToolResultText(strconv.Itoa(limit)), nil
}

// A shelf is a directory of notes.
type shelf struct{ root string }

// relativeName answers a path relative to the shelf: Rel fails only when
// the two cannot be related, a malformed pair, not a failure at run time.
func (sh *shelf) relativeName(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	rel, _ := filepath.Rel(sh.root, filepath.Join(sh.root, "notes"))
	return mcp.NewToolResultText(rel), nil
}

// notes answers with what a helper of its own gives.
func (st *store) notes(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	list, err := st.list(ctx)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("listing notes", err), nil
	}
	return mcp.NewToolResultText(strings.Join(list, "\n")), nil
}

// list drops the error of the count it adds to its answer.
func (st *store) list(ctx context.Context) ([]string, error) {
	rows, err := st.db.QueryContext(ctx, "SELECT body FROM notes")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var body string
		if err := rows.Scan(&body); err != nil {
			return nil, err
		}
		out = append(out, body)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	n, _ := st.countAll(ctx) // want `helper list drops the error of countAll`
	out = append(out, fmt.Sprintf("%d in all", n))
	return out, nil
}

func (st *store) countAll(ctx context.Context) (int, error) {
	var n int
	err := st.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM notes").Scan(&n)
	return n, err
}

// What looks alike and is not reported.

// paged parses the tool's own input: a malformed limit is the caller's,
// and zero means "no limit".
func (st *store) paged(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	limit, _ := strconv.Atoi(req.GetString("limit", "0"))
	return mcp.NewToolResultText(fmt.Sprint(limit)), nil
}

// encoded drops json.Marshal's error: an encoder fails on the program's
// mistakes, not at run time.
func encoded(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, _ := json.Marshal(map[string]string{"a": "b"})
	return mcp.NewToolResultText(string(data)), nil
}

// probed drops a probe's error: it says the file is not there.
func probed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	info, _ := os.Stat(req.GetString("path", ""))
	return mcp.NewToolResultText(fmt.Sprint(info != nil)), nil
}

// checkedPart tests what the read gave before answering: the empty case is
// told apart.
func (s *session) checkedPart(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := s.Fetch(ctx, "part")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("fetching the part", err), nil
	}
	data, _ := io.ReadAll(resp.Body)
	if len(data) == 0 {
		return mcp.NewToolResultError("the part is empty or could not be read"), nil
	}
	return mcp.NewToolResultText(string(data)), nil
}

// defaultedLimit keeps a default of its own when the decode fails.
func (s *session) defaultedLimit(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	limit := 10
	json.Unmarshal([]byte(req.GetString("limit", "")), &limit)
	return mcp.NewToolResultText(fmt.Sprint(limit)), nil
}

// written writes into a buffer: a writer handed to a call is written to,
// not filled in.
func (s *session) written(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "session %s", s.id)
	return mcp.NewToolResultText(sb.String()), nil
}

// onError drops the error of a read it shows only with a failure.
func (s *session) onError(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := s.Fetch(ctx, "part")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("fetching the part", err), nil
	}
	if resp.StatusCode != 200 {
		body, _ := io.ReadAll(resp.Body)
		return mcp.NewToolResultError(fmt.Sprintf("status %d (%d bytes)", resp.StatusCode, len(body))), nil
	}
	return mcp.NewToolResultText("ok"), nil
}

// closure drops an error inside a function literal it runs later; the
// literal is not the handler's answer.
func (s *session) deferredRead(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := s.Fetch(ctx, "part")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("fetching the part", err), nil
	}
	defer func() {
		rest, _ := io.ReadAll(resp.Body)
		_ = rest
		resp.Body.Close()
	}()
	return mcp.NewToolResultText("ok"), nil
}

// optionalParam is the project's own reader of an optional argument.
func optionalParam[T any](args map[string]any, name string) (T, error) {
	var zero T
	v, ok := args[name]
	if !ok {
		return zero, nil
	}
	t, ok := v.(T)
	if !ok {
		return zero, fmt.Errorf("%s is not a %T", name, zero)
	}
	return t, nil
}

// optional reads its input with a reader of its own: the zero value is
// the reader's default.
func (s *session) optional(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	title, _ := optionalParam[string](args, "title")
	return mcp.NewToolResultText("title: " + title), nil
}

// keyed parses a key the program made itself: a parse of what it was
// given, not work that can fail at run time.
func (s *session) keyed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var id int
	fmt.Sscanf(s.id, "queue:%d", &id)
	return mcp.NewToolResultText(fmt.Sprint(id)), nil
}

// statted adds a file's size only when it is there: a probe.
func statted(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var notes []string
	if fi, err := os.Stat(req.GetString("path", "")); err == nil {
		notes = append(notes, fmt.Sprint(fi.Size()))
	}
	return mcp.NewToolResultText(strings.Join(notes, ",")), nil
}

// parseWindow parses a window the session keeps, by Go's convention for
// a parser's name.
func parseWindow(s string) (int, error) { return strconv.Atoi(strings.TrimSuffix(s, "m")) }

// windowed drops the error of a parser of its own, and of a json.Number's
// conversion: malformed values, not work that failed.
func (s *session) windowed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	w, _ := parseWindow(s.id)
	n, _ := json.Number(s.id).Int64()
	return mcp.NewToolResultText(fmt.Sprint(w, n)), nil
}

// latest answers with what it can, and says so where it drops the error.
func (s *session) latest(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := s.Fetch(ctx, "state")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("fetching the state", err), nil
	}
	// Best effort: a truncated state is still worth showing.
	data, _ := io.ReadAll(resp.Body)
	return mcp.NewToolResultText(string(data)), nil
}

func registerDiscarded(m *server.MCPServer, sess *session, st *store) {
	m.AddTool(mcp.NewTool("attachment"), sess.attachment)
	m.AddTool(mcp.NewTool("count"), st.count)
	m.AddTool(mcp.NewTool("decoded"), sess.decodedStatus)
	m.AddTool(mcp.NewTool("blank_decoded"), sess.blankStatus)
	m.AddTool(mcp.NewTool("blank_limit"), sess.blankLimit)
	m.AddTool(mcp.NewTool("notes"), st.notes)
	m.AddTool(mcp.NewTool("paged"), st.paged)
	m.AddTool(mcp.NewTool("encoded"), encoded)
	m.AddTool(mcp.NewTool("probed"), probed)
	m.AddTool(mcp.NewTool("checked"), sess.checkedPart)
	m.AddTool(mcp.NewTool("defaulted-limit"), sess.defaultedLimit)
	m.AddTool(mcp.NewTool("written"), sess.written)
	m.AddTool(mcp.NewTool("on-error"), sess.onError)
	m.AddTool(mcp.NewTool("deferred-read"), sess.deferredRead)
	m.AddTool(mcp.NewTool("optional"), sess.optional)
	m.AddTool(mcp.NewTool("keyed"), sess.keyed)
	m.AddTool(mcp.NewTool("latest"), sess.latest)
	m.AddTool(mcp.NewTool("windowed"), sess.windowed)
	m.AddTool(mcp.NewTool("statted"), statted)
	m.AddTool(mcp.NewTool("relative"), (&shelf{root: "/srv"}).relativeName)
}

// Iterators that tell their failure after the loop.

// titles gathers the rows and never asks whether the iteration failed.
func (st *store) titles(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	rows, err := st.db.QueryContext(ctx, "SELECT title FROM notes")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("listing titles", err), nil
	}
	defer rows.Close()
	var titles []string
	for rows.Next() { // want `no-fake-empty-result: mcp-go handler titles reads rows until Next answers false but never checks rows.Err\(\)`
		var t string
		if err := rows.Scan(&t); err != nil {
			return mcp.NewToolResultErrorFromErr("reading a title", err), nil
		}
		titles = append(titles, t)
	}
	return mcp.NewToolResultText(strings.Join(titles, "\n")), nil
}

// lines reads a body line by line, the same way.
func (s *session) lines(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := s.Fetch(ctx, "log")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("fetching the log", err), nil
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	n := 0
	for sc.Scan() { // want `reads sc until Scan answers false but never checks sc.Err\(\)`
		n++
	}
	return mcp.NewToolResultText(fmt.Sprintf("%d lines", n)), nil
}

// checkedRows asks rows.Err() after the loop.
func (st *store) checkedRows(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	rows, err := st.db.QueryContext(ctx, "SELECT title FROM notes")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("listing titles", err), nil
	}
	defer rows.Close()
	var titles []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			return mcp.NewToolResultErrorFromErr("reading a title", err), nil
		}
		titles = append(titles, t)
	}
	if err := rows.Err(); err != nil {
		return mcp.NewToolResultErrorFromErr("listing titles", err), nil
	}
	return mcp.NewToolResultText(strings.Join(titles, "\n")), nil
}

// handedOn gives the rows to a helper, which may check them.
func (st *store) handedOn(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	rows, err := st.db.QueryContext(ctx, "SELECT title FROM notes")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("listing titles", err), nil
	}
	defer closeRows(rows)
	n := 0
	for rows.Next() {
		n++
	}
	return mcp.NewToolResultText(fmt.Sprint(n)), nil
}

func closeRows(rows *sql.Rows) error {
	defer rows.Close()
	return rows.Err()
}

// scanAll is given its rows: its caller asks them for Err.
func scanAll(rows *sql.Rows) []string {
	var out []string
	for rows.Next() {
		var t string
		rows.Scan(&t)
		out = append(out, t)
	}
	return out
}

// summed loops on a plain condition.
func (s *session) summed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n := 0
	for i := 0; i < 3; i++ {
		n += i
	}
	return mcp.NewToolResultText(fmt.Sprint(n)), nil
}

func registerIterated(m *server.MCPServer, sess *session, st *store) {
	m.AddTool(mcp.NewTool("titles"), st.titles)
	m.AddTool(mcp.NewTool("lines"), sess.lines)
	m.AddTool(mcp.NewTool("checked-rows"), st.checkedRows)
	m.AddTool(mcp.NewTool("handed-on"), st.handedOn)
	m.AddTool(mcp.NewTool("summed"), sess.summed)
	_ = scanAll
}
