// Package logged has handlers that only log a failure and carry on to a
// success, and the branches that look alike but handle the failure.
package logged

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type session struct{ id string }

func (s *session) Disconnect(ctx context.Context) error { return nil }
func (s *session) Fetch(ctx context.Context, q string) (*http.Response, error) {
	return nil, nil
}

var errGone = errors.New("gone")

// detach logs that the disconnect failed, and says it worked.
func (s *session) detach(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := s.Disconnect(ctx); err != nil { // want `no-fake-empty-result: mcp-go handler detach only logs err and carries on to a success`
		log.Printf("disconnect %s: %v", s.id, err)
	}
	return mcp.NewToolResultText("Detached from the process"), nil
}

// report logs the failed fetch in a nested branch; what follows the outer
// if is the success.
func (s *session) report(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q := req.GetString("q", "")
	if q != "" {
		resp, err := s.Fetch(ctx, q)
		if err != nil { // want `no-fake-empty-result: mcp-go handler report only logs err and carries on to a success`
			slog.ErrorContext(ctx, "fetch", "err", err)
		} else {
			defer resp.Body.Close()
		}
	}
	text := "no messages"
	return mcp.NewToolResultText(text), nil
}

type Out struct {
	Summary string `json:"summary"`
}

// summary is a typed go-sdk handler: its success is a nil error.
func summary(ctx context.Context, req *gosdk.CallToolRequest, in struct{ Q string }) (*gosdk.CallToolResult, Out, error) {
	s := &session{}
	_, err := s.Fetch(ctx, in.Q)
	if err != nil { // want `no-fake-empty-result: go-sdk typed handler summary only logs err and carries on to a success`
		slog.Warn("fetch failed", "err", err)
		log.Print(err)
	}
	return nil, Out{Summary: "nothing found"}, nil
}

// What looks alike and is not reported.

// returned returns the error after logging it.
func (s *session) returned(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := s.Disconnect(ctx); err != nil {
		log.Printf("disconnect: %v", err)
		return mcp.NewToolResultErrorFromErr("disconnect failed", err), nil
	}
	return mcp.NewToolResultText("Detached"), nil
}

// sentinel treats a known condition as done.
func (s *session) sentinel(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := s.Disconnect(ctx); errors.Is(err, errGone) {
		log.Printf("already gone: %v", err)
	}
	return mcp.NewToolResultText("Detached"), nil
}

// parsed falls back on a default when the handler's own input does not
// parse: not a failure of work.
func parsed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n, err := strconv.Atoi(req.GetString("n", "10"))
	if err != nil {
		log.Printf("bad n: %v", err)
	}
	return mcp.NewToolResultText(strconv.Itoa(n)), nil
}

// fallback records the failure in what it answers.
func (s *session) fallback(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	status := "detached"
	if err := s.Disconnect(ctx); err != nil {
		log.Printf("disconnect: %v", err)
		status = "detach failed"
	}
	return mcp.NewToolResultText(status), nil
}

// A page builds a tool's text.
type page struct{ lines []string }

func (p *page) add(k, v string) { p.lines = append(p.lines, k+": "+v) }
func (p *page) result() *mcp.CallToolResult {
	return mcp.NewToolResultText(strings.Join(p.lines, "\n"))
}

// decoded shows the answer's result field, or, when what the service
// answered does not decode, what it answered: a fallback written into the
// page it answers with, not a failure only logged.
func (s *session) decoded(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := s.Fetch(ctx, "op")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("fetching the operation", err), nil
	}
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("reading the operation", err), nil
	}
	var p page
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err == nil {
		p.add("Result", fmt.Sprint(m["result"]))
	} else {
		p.add("Result", string(raw))
	}
	return p.result(), nil
}

// tested: a later statement tests the error again.
func (s *session) tested(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	err := s.Disconnect(ctx)
	if err != nil {
		log.Printf("disconnect: %v", err)
	}
	if err != nil {
		return nil, err // the protocol error is another rule's
	}
	return mcp.NewToolResultText("Detached"), nil
}

// each logs a failure per item and goes on to the next, and answers with
// how many worked: a count may be the answer's honest summary, not data
// the failures emptied (see skipped.go for the loops that are reported).
func (s *session) each(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var ok int
	for _, q := range []string{"a", "b"} {
		if _, err := s.Fetch(ctx, q); err != nil {
			log.Printf("fetch %s: %v", q, err)
			continue
		}
		ok++
	}
	return mcp.NewToolResultText(strconv.Itoa(ok)), nil
}

// closure: the branch is in a function literal, which is not the handler's
// run of statements.
func (s *session) closure(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	go func() {
		if err := s.Disconnect(context.Background()); err != nil {
			log.Printf("disconnect: %v", err)
		}
	}()
	return mcp.NewToolResultText("Detaching"), nil
}

// marshal cannot fail at run time on a map of strings.
func marshal(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	b, err := json.Marshal(map[string]string{"a": "b"})
	if err != nil {
		log.Printf("marshal: %v", err)
	}
	return mcp.NewToolResultText(string(b)), nil
}

// shown puts the error in the text it answers with.
func (s *session) shown(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	err := s.Disconnect(ctx)
	if err != nil {
		log.Printf("disconnect: %v", err)
	}
	return mcp.NewToolResultText("detached: " + errString(err)), nil
}

func errString(err error) string {
	if err == nil {
		return "ok"
	}
	return "failed"
}

// generic is a generic helper's caller: the type parameter changes
// nothing.
func generic[T any](ctx context.Context, s *session, v T) (*mcp.CallToolResult, error) {
	if err := s.Disconnect(ctx); err != nil {
		log.Printf("disconnect: %v", err)
		return nil, err
	}
	return mcp.NewToolResultText("ok"), nil
}

func viaGeneric(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return generic(ctx, &session{}, 1)
}

// Helpers a handler answers with: one that logs the failure and returns
// an empty value says nothing to the handler either; one whose doc
// comment says what it does on failure, or that records the error where
// the handler reads it, is not reported.

// names returns the names the service has.
func (s *session) names(ctx context.Context) []string {
	resp, err := s.Fetch(ctx, "names")
	if err != nil {
		slog.Error("fetch names", "err", err)
		return nil // want `no-fake-empty-result: helper names returns an empty value, with no error to say it failed, while handling err`
	}
	_ = resp
	return []string{"a"}
}

// listing returns the service's listing as a JSON list.
func (s *session) listing(ctx context.Context) string {
	resp, err := s.Fetch(ctx, "listing")
	if err != nil {
		log.Printf("fetch listing: %v", err)
		return "[]" // want `no-fake-empty-result: helper listing returns an empty value, with no error to say it failed, while handling err`
	}
	_ = resp
	return `["a"]`
}

// kept returns the kept value, and records in last why there is none.
func (s *session) kept(ctx context.Context, last *error) string {
	resp, err := s.Fetch(ctx, "kept")
	if err != nil {
		*last = err
		return ""
	}
	_ = resp
	return "a"
}

// bestEffort returns nil on error: best-effort, by its doc comment.
func (s *session) bestEffort(ctx context.Context) []string {
	resp, err := s.Fetch(ctx, "extra")
	if err != nil {
		log.Printf("fetch extra: %v", err)
		return nil
	}
	_ = resp
	return []string{"b"}
}

func (s *session) helped(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var last error
	text := s.listing(ctx) + s.kept(ctx, &last)
	for _, n := range append(s.names(ctx), s.bestEffort(ctx)...) {
		text += n
	}
	if last != nil {
		return mcp.NewToolResultErrorFromErr("kept", last), nil
	}
	return mcp.NewToolResultText(text), nil
}

// enriched logs a failed optional lookup: its answer has content of its
// own, and does not use what the lookup would have given.
func (s *session) enriched(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	out := map[string]any{"id": s.id}
	if resp, err := s.Fetch(ctx, "transcripts"); err == nil {
		out["transcripts"] = resp.Status
	} else if err != nil {
		log.Printf("transcripts of %s: %v", s.id, err)
	}
	data, _ := json.Marshal(out)
	return mcp.NewToolResultText(string(data)), nil
}

// status answers with the value of the call that failed.
func (s *session) status(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := s.Fetch(ctx, req.GetString("q", ""))
	if err != nil { // want `no-fake-empty-result: mcp-go handler status only logs err and carries on to a success`
		log.Printf("fetch: %v", err)
	}
	status := "status: " + resp.Status
	return mcp.NewToolResultText(status), nil
}

func Register(s *gosdk.Server, m *server.MCPServer) {
	gosdk.AddTool(s, &gosdk.Tool{Name: "summary"}, summary)
	sess := &session{}
	m.AddTool(mcp.NewTool("detach"), sess.detach)
	m.AddTool(mcp.NewTool("report"), sess.report)
	m.AddTool(mcp.NewTool("returned"), sess.returned)
	m.AddTool(mcp.NewTool("sentinel"), sess.sentinel)
	m.AddTool(mcp.NewTool("parsed"), parsed)
	m.AddTool(mcp.NewTool("fallback"), sess.fallback)
	m.AddTool(mcp.NewTool("tested"), sess.tested)
	m.AddTool(mcp.NewTool("each"), sess.each)
	m.AddTool(mcp.NewTool("closure"), sess.closure)
	m.AddTool(mcp.NewTool("audited"), sess.audited)
	m.AddTool(mcp.NewTool("traced"), sess.traced)
	m.AddTool(mcp.NewTool("marshal"), marshal)
	m.AddTool(mcp.NewTool("shown"), sess.shown)
	m.AddTool(mcp.NewTool("generic"), viaGeneric)
	m.AddTool(mcp.NewTool("helped"), sess.helped)
	m.AddTool(mcp.NewTool("enriched"), sess.enriched)
	m.AddTool(mcp.NewTool("status"), sess.status)
	m.AddTool(mcp.NewTool("decoded"), sess.decoded)
}

// auditTag returns the tag the audit log files a call under.
func (s *session) auditTag(ctx context.Context) string {
	resp, err := s.Fetch(ctx, "audit")
	if err != nil {
		log.Printf("audit tag: %v", err)
		return "" // the audit's own business: no answer uses it
	}
	return resp.Status
}

// traceTag returns the trace a call belongs to.
func (s *session) traceTag(ctx context.Context) string {
	resp, err := s.Fetch(ctx, "trace")
	if err != nil {
		log.Printf("trace tag: %v", err)
		return "" // want `no-fake-empty-result: helper traceTag returns an empty value, with no error to say it failed, while handling err`
	}
	return resp.Status
}

type tagKey struct{}

// record files an audit event; its state is the session's own.
func (s *session) record(ctx context.Context, tag string, events *[]string) {
	*events = append(*events, tag)
}

// audited resolves a tag for its audit event and its context only: what
// the helper gives on failure never reaches the answer.
func (s *session) audited(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	tag := s.auditTag(ctx)
	ctx = context.WithValue(ctx, tagKey{}, tag)
	var events []string
	s.record(ctx, tag, &events)
	log.Printf("audited %s: %d events", s.id, len(events))
	return mcp.NewToolResultText("audited " + s.id), nil
}

// traced answers with the tag, through a struct it encodes.
func (s *session) traced(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	info := struct{ ID, Trace string }{ID: s.id}
	info.Trace = s.traceTag(ctx)
	data, _ := json.Marshal(info)
	return mcp.NewToolResultText(string(data)), nil
}
