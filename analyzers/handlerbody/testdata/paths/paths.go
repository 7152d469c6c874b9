// Package paths has mcp-go handlers whose errors come from helpers
// several calls deep, through helpers that flatten them with %v, and from
// a client whose every status branch embeds the body. And predicates that
// answer "no" when they cannot decide, which their callers turn into a
// refusal: they fail closed.
package paths

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A chain of request builders: the registry lookup is three calls below
// the handler, and every step formats the step below it with %v.

func registryEntry(ctx context.Context, name string) (string, error) {
	if name == "" {
		return "", errors.New("no such deployment")
	}
	return name, nil
}

func accessToken(ctx context.Context, name string) (string, error) {
	entry, err := registryEntry(ctx, name)
	if err != nil {
		return "", fmt.Errorf("token for %s: %v", name, err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v`
	}
	return "t-" + entry, nil
}

func endpoint(ctx context.Context, name string) (string, error) {
	tok, err := accessToken(ctx, name)
	if err != nil {
		return "", fmt.Errorf("endpoint: %v", err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v`
	}
	return "https://api.example/" + tok, nil
}

func newRequest(ctx context.Context, name string) (*http.Request, error) {
	u, err := endpoint(ctx, name)
	if err != nil {
		return nil, fmt.Errorf("building the request: %v", err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v`
	}
	return http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
}

// The same chain wrapping with %w keeps every cause.

func wrappedEntry(ctx context.Context, name string) (string, error) {
	if name == "" {
		return "", errors.New("no such deployment")
	}
	return name, nil
}

func wrappedToken(ctx context.Context, name string) (string, error) {
	entry, err := wrappedEntry(ctx, name)
	if err != nil {
		return "", fmt.Errorf("token for %s: %w", name, err)
	}
	return "t-" + entry, nil
}

func wrappedRequest(ctx context.Context, name string) (*http.Request, error) {
	tok, err := wrappedToken(ctx, name)
	if err != nil {
		return nil, fmt.Errorf("building the request: %w", err)
	}
	return http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example/"+tok, nil)
}

// A client whose every failing status embeds the body: each branch is a
// site of its own.

type apiError struct {
	Status int
	Detail string
}

func (e *apiError) Error() string { return fmt.Sprintf("api error %d: %s", e.Status, e.Detail) }

func fetch(req *http.Request) ([]byte, error) {
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	switch {
	case resp.StatusCode == http.StatusNotFound:
		return nil, fmt.Errorf("not found: %s", body) // want `no-stringify-upstream-error: the text of mcp.NewToolResultError, through paths.fetch, includes an HTTP response body`
	case resp.StatusCode >= 500:
		return nil, fmt.Errorf("upstream failed: %s", string(body)) // want `no-stringify-upstream-error: the text of mcp.NewToolResultError, through paths.fetch, includes an HTTP response body`
	case resp.StatusCode >= 400:
		return nil, &apiError{Status: resp.StatusCode, Detail: string(body)} // want `no-stringify-upstream-error: the text of mcp.NewToolResultError, through paths.fetch, includes an HTTP response body read with io.ReadAll, which paths.\(\*apiError\).Error prints`
	}
	return body, nil // the answer itself: not a failure's story
}

func handleDeployment(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r, err := newRequest(ctx, req.GetString("name", ""))
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	body, err := fetch(r)
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(string(body)), nil
}

func handleWrapped(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r, err := wrappedRequest(ctx, req.GetString("name", ""))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("cannot build the request", err), nil
	}
	_ = r
	return mcp.NewToolResultText("ok"), nil
}

// Predicates that answer false when they cannot decide. Every caller of
// insideRoot and knownImage refuses on false: they fail closed, and false
// is the safe answer.

func insideRoot(path string) bool {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return false
	}
	return strings.HasPrefix(real, "/srv/data/")
}

func knownImage(ref string) bool {
	if _, err := os.Stat(filepath.Join("/var/images", ref)); err != nil {
		return false
	}
	return true
}

func handleRead(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	p := req.GetString("path", "")
	if !insideRoot(p) {
		return mcp.NewToolResultError("the path is outside the data directory"), nil
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("cannot read the file", err), nil
	}
	return mcp.NewToolResultText(string(data)), nil
}

func handleRun(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ref := req.GetString("image", "")
	if ok := knownImage(ref); !ok {
		return mcp.NewToolResultError("unknown image " + ref), nil
	}
	if insideRoot(ref) && knownImage(ref) {
		return mcp.NewToolResultText("running " + ref), nil
	} else {
		return mcp.NewToolResultError("the image is not in the data directory"), nil
	}
}

// licensed asks a license service, and answers false when the service
// fails: a caller takes that for the answer, and the failure passes for
// "no license".

type licenseService struct{ url string }

func (l *licenseService) Lookup(ctx context.Context, dir string) (bool, error) {
	if l.url == "" {
		return false, errors.New("no license service")
	}
	return true, nil
}

var licenses = &licenseService{}

func licensed(ctx context.Context, dir string) bool {
	ok, err := licenses.Lookup(ctx, dir)
	if err != nil {
		return false // want `no-fake-empty-result: helper licensed returns an empty value, with no error to say it failed, while handling err`
	}
	return ok
}

// signedImage answers false for a reference it cannot parse: its caller
// only skips a check for it, and the pull that follows fails on its own.
// Whatever its callers do, a predicate that cannot examine its input
// answers no.
func signedImage(ref string) bool {
	named, err := parseReference(ref)
	if err != nil {
		return false
	}
	return strings.HasPrefix(named, "signed/")
}

func parseReference(ref string) (string, error) {
	if ref == "" {
		return "", errors.New("empty reference")
	}
	return ref, nil
}

func handleLicense(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	dir := req.GetString("dir", "")
	if signedImage(dir) {
		dir = strings.TrimPrefix(dir, "signed/")
	}
	return mcp.NewToolResultText(fmt.Sprintf("licensed: %v", licensed(ctx, dir))), nil
}

func Serve() {
	s := server.NewMCPServer("paths", "1.0.0")
	s.AddTool(mcp.NewTool("deployment"), handleDeployment)
	s.AddTool(mcp.NewTool("wrapped"), handleWrapped)
	s.AddTool(mcp.NewTool("read"), handleRead)
	s.AddTool(mcp.NewTool("run"), handleRun)
	s.AddTool(mcp.NewTool("license"), handleLicense)
	s.AddTool(mcp.NewTool("doc"), handleDoc)
	s.AddTool(mcp.NewTool("doc-wrapped"), handleDocWrapped)
	s.AddTool(mcp.NewTool("manifest"), handleManifest)
	s.AddTool(mcp.NewTool("fetch"), handleFetch)
	s.AddTool(mcp.NewTool("order"), handleOrder)
}
