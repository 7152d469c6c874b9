package successonly

// Handlers and helpers that add a part to their answer only when a call
// succeeds, with no else: when the call fails, the part is missing and
// the answer says nothing of it.

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"path/filepath"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func listFrom(ctx context.Context, url string) ([]string, error) {
	resp, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var out []string
	err = json.NewDecoder(resp.Body).Decode(&out)
	return out, err
}

func policies(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var items []string
	cluster, err := listFrom(ctx, "http://policies/cluster")
	if err == nil { // want `no-fake-empty-result: mcp-go handler policies adds to its answer only when err is nil, and answers all the same when the call fails \(line \d+\)`
		for _, p := range cluster {
			items = append(items, "cluster/"+p)
		}
	}
	namespaced, err := listFrom(ctx, "http://policies/namespaced")
	if err == nil { // want `no-fake-empty-result: mcp-go handler policies adds to its answer only when err is nil`
		items = append(items, namespaced...)
	}
	return mcp.NewToolResultText(fmt.Sprint(items)), nil
}

// matching is a helper whose answer the handler returns: the same.
func matching(ctx context.Context, name string) []string {
	var out []string
	all, err := listFrom(ctx, "http://policies/cluster")
	if err == nil { // want `no-fake-empty-result: helper matching adds to its answer only when err is nil`
		for _, p := range all {
			if p == name {
				out = append(out, p)
			}
		}
	}
	return out
}

func explain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	m := matching(ctx, req.GetString("name", ""))
	return mcp.NewToolResultText(fmt.Sprint(m)), nil
}

// checked looks at the failure after the if: the answer says it.
func checked(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var items []string
	all, err := listFrom(ctx, "http://policies/cluster")
	if err == nil {
		items = append(items, all...)
	}
	if err != nil {
		return mcp.NewToolResultErrorFromErr("listing the policies", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprint(items)), nil
}

// optional adds a decoration a parser gives, not a part an upstream
// holds: a malformed setting is the input's, and it has a default.
func optional(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	limit := 10
	var parsed int
	if _, err := fmt.Sscan(req.GetString("limit", ""), &parsed); err == nil {
		limit = parsed
	}
	return mcp.NewToolResultText(fmt.Sprint(limit)), nil
}

// priority reads an optional argument: its absence is the input's, not a
// failure of work.
func priority(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var level *int
	if p, err := req.RequireInt("priority"); err == nil {
		level = &p
	}
	return mcp.NewToolResultText(fmt.Sprint(level)), nil
}

// rendered answers with the image it rendered; the link beside it is an
// optional extra.
func rendered(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	image, err := listFrom(ctx, "http://render/panel")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("rendering the panel", err), nil
	}
	content := []mcp.Content{mcp.NewTextContent(fmt.Sprint(image))}
	var links []mcp.Content
	if link, err := listFrom(ctx, "http://render/link"); err == nil {
		links = append(links, mcp.NewTextContent(fmt.Sprint(link)))
	}
	return &mcp.CallToolResult{Content: append(content, links...)}, nil
}

// told keeps the result and the failure in the answer.
func told(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var items []string
	var failed string
	all, err := listFrom(ctx, "http://policies/cluster")
	if err == nil {
		items = all
	} else {
		failed = err.Error()
	}
	return mcp.NewToolResultText(fmt.Sprint(items, failed)), nil
}

// stampOf is what the status service answers: when its data was taken.
func stampOf(ctx context.Context) (string, error) {
	resp, err := http.Get("http://status/stamp")
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var stamp string
	err = json.NewDecoder(resp.Body).Decode(&stamp)
	return stamp, err
}

// stamped shows when the data was taken only when the stamp the service
// sent parses: a stamp sent wrongly is left out, and what the service
// said is the answer.
func stamped(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	stamp, err := stampOf(ctx)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("reading the status", err), nil
	}
	when := ""
	if t, err := time.Parse(time.RFC3339, stamp); err == nil {
		when = " (taken " + t.Format("15:04") + ")"
	}
	return mcp.NewToolResultText("status" + when), nil
}

// paged returns early with a page when more are to come, and otherwise
// falls through to the answer: with or without the cluster's part.
func paged(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var items []string
	cluster, err := listFrom(ctx, "http://policies/cluster")
	if err == nil { // want `no-fake-empty-result: mcp-go handler paged adds to its answer only when err is nil`
		items = append(items, cluster...)
		if len(items) > 100 {
			return mcp.NewToolResultText(fmt.Sprint(items[:100], " and more")), nil
		}
	}
	result, err := textResult(items)
	return result, err
}

// textResult is the answer's JSON, or the error encoding it met.
func textResult(v any) (*mcp.CallToolResult, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(data)), nil
}

// inventory adds the releases only when listing them works, and only
// logs otherwise: the else that only reports is no else at all.
func inventory(ctx context.Context) ([]string, error) {
	var names []string
	releases, err := listFrom(ctx, "http://cluster/releases")
	if err != nil { // want `no-fake-empty-result: helper inventory adds to its answer only when err is nil`
		log.Printf("listing releases: %v", err)
	} else {
		names = append(names, releases...)
	}
	return names, nil
}

// noted says in its answer that the releases could not be listed.
func noted(ctx context.Context) ([]string, error) {
	var names []string
	releases, err := listFrom(ctx, "http://cluster/releases")
	if err != nil {
		names = append(names, "releases unavailable: "+err.Error())
	} else {
		names = append(names, releases...)
	}
	return names, nil
}

type report struct{ names, notes []string }

func (r *report) note(s string) { r.notes = append(r.notes, s) }

// annotated writes a note of its own into its answer when the listing
// fails: the branch is not a log line.
func annotated(ctx context.Context) (report, error) {
	var rep report
	releases, err := listFrom(ctx, "http://cluster/releases")
	if err == nil {
		rep.names = append(rep.names, releases...)
	} else {
		rep.note("the releases could not be listed") // a note, not a log line
	}
	return rep, nil
}

// absolute makes its parameter absolute when it can: a failure leaves
// the caller's value.
func absolute(path string) []string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return []string{path}
}

func inventoried(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	all, err := inventory(ctx)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("inventory", err), nil
	}
	more, err := noted(ctx)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("inventory", err), nil
	}
	rep, err := annotated(ctx)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("inventory", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprint(all, more, rep, absolute(req.GetString("path", ".")))), nil
}

func ServeParts() {
	s := server.NewMCPServer("parts", "1.0.0")
	s.AddTool(mcp.NewTool("policies"), policies)
	s.AddTool(mcp.NewTool("explain"), explain)
	s.AddTool(mcp.NewTool("checked"), checked)
	s.AddTool(mcp.NewTool("optional"), optional)
	s.AddTool(mcp.NewTool("told"), told)
	s.AddTool(mcp.NewTool("priority"), priority)
	s.AddTool(mcp.NewTool("rendered"), rendered)
	s.AddTool(mcp.NewTool("stamped"), stamped)
	s.AddTool(mcp.NewTool("paged"), paged)
	s.AddTool(mcp.NewTool("inventoried"), inventoried)
}
