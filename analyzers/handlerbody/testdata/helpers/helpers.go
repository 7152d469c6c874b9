// Package helpers builds the errors its handlers return in helper
// functions and methods, as real servers do: the raw upstream values in
// those errors are reported in the helpers, where the fix belongs.
package helpers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"os/exec"
	"strings"
	"time"

	gomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/helpersdep"
)

// An adapter of the server's own, as mcp-grafana's MustTool.

type HandlerFunc[T, R any] = func(ctx context.Context, args T) (R, error)

type Tool struct {
	Tool    gomcp.Tool
	Handler server.ToolHandlerFunc
}

func MustTool[T, R any](name string, h HandlerFunc[T, R]) Tool {
	return Tool{Tool: gomcp.NewTool(name), Handler: func(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		var args T
		out, err := h(ctx, args)
		if err != nil {
			return gomcp.NewToolResultError(err.Error()), nil
		}
		return gomcp.NewToolResultText(fmt.Sprint(out)), nil
	}}
}

type Args struct{ Query string }

type GraphiteClient struct {
	HTTP *http.Client
	Base string
}

// doGet is a method helper, reached from two handlers: reported once.
func (c *GraphiteClient) doGet(ctx context.Context, path string) ([]byte, error) {
	resp, err := c.HTTP.Get(c.Base + path)
	if err != nil {
		return nil, fmt.Errorf("graphite: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 1024))
		return nil, fmt.Errorf("graphite API returned status %d: %s", resp.StatusCode, string(body)) // want `no-stringify-upstream-error: the error adapted handler \w+ returns, through helpers.\(\*GraphiteClient\).doGet, includes an HTTP response body read with io.ReadAll`
	}
	return io.ReadAll(resp.Body)
}

var graphite = &GraphiteClient{}

// queryGraphite returns the helper's error unchanged.
func queryGraphite(ctx context.Context, args Args) ([]byte, error) {
	data, err := graphite.doGet(ctx, "/render?target="+args.Query)
	if err != nil {
		return nil, err
	}
	return data, nil
}

// listMetrics reaches the same helper.
func listMetrics(ctx context.Context, args Args) ([]byte, error) {
	return graphite.doGet(ctx, "/metrics/find?query="+args.Query)
}

// status is a function helper whose error the handler wraps with %w: the
// wrapped text shows.
func status(ctx context.Context, name string) error {
	state := map[string]string{"name": name}
	raw, _ := json.Marshal(state)
	return fmt.Errorf("unexpected state %s", raw) // want `no-stringify-upstream-error: the error adapted handler checkStatus returns, through helpers.status, includes JSON-encoded data from json.Marshal`
}

func checkStatus(ctx context.Context, args Args) (string, error) {
	if err := status(ctx, args.Query); err != nil {
		return "", fmt.Errorf("checking %s: %w", args.Query, err)
	}
	return "ok", nil
}

// runReport and loadReport are a chain two deep; loadReport wraps with %v,
// which keeps runReport's text, so runReport's own lost cause counts.
// report returns loadReport's results as they are: loadReport's returns are
// report's, and its own lost cause is reported too.
func runReport(ctx context.Context, name string) error {
	out, err := exec.CommandContext(ctx, "report", name).CombinedOutput()
	if err != nil {
		return errors.New("report failed: " + string(out)) // want `no-stringify-upstream-error: the error adapted handler report returns, through helpers.loadReport → helpers.runReport, includes a subprocess's output from \(\*exec.Cmd\).CombinedOutput` `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	return nil
}

func loadReport(ctx context.Context, name string) (string, error) {
	if err := runReport(ctx, name); err != nil {
		return "", fmt.Errorf("loading %s: %v", name, err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v`
	}
	return name, nil
}

func report(ctx context.Context, args Args) (string, error) {
	return loadReport(ctx, args.Query)
}

// walkA and walkB call each other: the search stops.
func walkA(ctx context.Context, depth int) error {
	if depth == 0 {
		return nil
	}
	return walkB(ctx, depth-1)
}

func walkB(ctx context.Context, depth int) error {
	if depth%2 == 0 {
		raw, _ := json.MarshalIndent(depth, "", " ")
		return fmt.Errorf("odd walk: %s", raw) // want `no-stringify-upstream-error: the error adapted handler walk returns, through helpers.walkA → helpers.walkB, includes JSON-encoded data`
	}
	return walkA(ctx, depth-1)
}

func walk(ctx context.Context, args Args) (string, error) {
	if err := walkA(ctx, len(args.Query)); err != nil {
		return "", err
	}
	return "walked", nil
}

var tools = []Tool{
	MustTool("query", queryGraphite),
	MustTool("list", listMetrics),
	MustTool("status", checkStatus),
	MustTool("report", report),
	MustTool("walk", walk),
	MustTool("other", otherPackage),
	MustTool("lookup", lookupItem),
	MustTool("data", withData),
}

// A go-sdk typed handler, an mcp-go handler and an mcperr tool handler,
// each reaching a helper of its own.

type In struct{ Q string }
type Out struct{ N int }

func search(q string) (int, error) {
	resp, err := http.Get("http://search/?q=" + q)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return 0, fmt.Errorf("search failed: %s", body) // want `no-stringify-upstream-error: the error go-sdk typed handler typed returns, through helpers.search, includes an HTTP response body`
}

func typed(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	n, err := search(in.Q)
	if err != nil {
		return nil, Out{}, err
	}
	return nil, Out{N: n}, nil
}

func fetchPage(url string) (string, error) {
	resp, err := http.Get(url)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	page, _ := io.ReadAll(resp.Body) // want `no-fake-empty-result: .* drops the error of ReadAll`
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("%d %s", resp.StatusCode, page) // want `no-stringify-upstream-error: the error mcp.NewToolResultErrorFromErr shows, through helpers.fetchPage, includes an HTTP response body`
	}
	return string(page), nil
}

func mcpgo(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	page, err := fetchPage("http://upstream/")
	if err != nil {
		return gomcp.NewToolResultErrorFromErr("fetching failed", err), nil
	}
	return gomcp.NewToolResultText(page), nil
}

type Page struct{ Body string }

// render is the tool's delegate: the handler returns its results as they
// are, so its returns are the handler's.
func render(ctx context.Context, in In) (Page, error) {
	out, err := exec.CommandContext(ctx, "render", in.Q).Output()
	if err != nil {
		return Page{}, fmt.Errorf("render: %s", out) // want `no-stringify-upstream-error: the error the mcperr tool handler returns, through helpers.render, includes a subprocess's output from \(\*exec.Cmd\).Output` `prefer-mcp-error-in-handler: mcperr tool handler render returns a plain error` `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	return Page{Body: string(out)}, nil
}

var tool = &mcperr.Tool[In, Page]{
	Name: "render",
	Handler: func(ctx context.Context, in In) (Page, error) {
		return render(ctx, in)
	},
}

// Must not flag.

// probe builds an error with a blob, but only a function that is no
// handler calls it.
func probe(url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return fmt.Errorf("probe: %s", body)
}

func healthy() bool { return probe("http://upstream/health") == nil }

// replaced and failWithCause say what failed in their own words.
func lookupRaw(q string) error {
	raw, _ := json.Marshal(q)
	return fmt.Errorf("lookup %s", raw)
}

func replaced(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	if err := lookupRaw(req.GetString("q", "")); err != nil {
		log.Printf("lookup: %v", err)
		return gomcp.NewToolResultError("The lookup failed."), nil
	}
	return gomcp.NewToolResultText("found"), nil
}

func failWithCause(ctx context.Context, in In) (Page, error) {
	if err := lookupRaw(in.Q); err != nil {
		return Page{}, mcperr.ServiceUnavailable("The lookup service is failing.", mcperr.WithCause(err))
	}
	return Page{}, nil
}

var causeTool = &mcperr.Tool[In, Page]{Name: "cause", Handler: failWithCause}

// otherPackage returns the error of a helper in another package of the
// project: its summary says the error carries the body it read, so the
// finding is reported here, where the text reaches the client.
func otherPackage(ctx context.Context, args Args) ([]byte, error) {
	return helpersdep.Get("http://upstream/" + args.Query) // want `otherPackage returns, through helpersdep.Get \(helpersdep/dep.go:20\), includes an HTTP response body read with io.ReadAll`
}

// lookupItem passes on only the error it chose with errors.Is.
var errNotFound = errors.New("not found")

func find(q string) error {
	raw, _ := json.Marshal(q)
	return fmt.Errorf("%w: %s", errNotFound, raw)
}

func lookupItem(ctx context.Context, args Args) (string, error) {
	err := find(args.Query)
	if errors.Is(err, errNotFound) {
		return "", err
	}
	return "found", nil
}

// withData keeps the raw value as data.
func upstreamData(ctx context.Context) error {
	resp, err := http.Get("http://upstream/")
	if err != nil {
		return mcperr.ServiceUnavailable("The upstream is unreachable.", mcperr.WithCause(err))
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return mcperr.ServiceUnavailable("The upstream is failing.", mcperr.WithData("upstreamBody", string(body)))
}

func withData(ctx context.Context, args Args) (string, error) {
	if err := upstreamData(ctx); err != nil {
		return "", err
	}
	return "", nil
}

// updateItem reuses err for a later call, as mcp-grafana's
// createDatasource does: the error it returns is json.Marshal's, the
// helper's fills a field of the success — which the client reads, body
// and all.
type Health struct{ Message string }

func checkHealth(ctx context.Context) (*Health, error) {
	resp, err := http.Get("http://upstream/health")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return nil, fmt.Errorf("unhealthy: %s", body) // want `no-stringify-upstream-error: the field Message of the output adapted handler updateItem returns, through helpers.checkHealth, includes an HTTP response body read with io.ReadAll`
}

func updateItem(ctx context.Context, args Args) (string, error) {
	if args.Query != "" {
		health, err := checkHealth(ctx)
		if err != nil {
			health = &Health{Message: fmt.Sprintf("health check failed: %s", err)}
		}
		b, err := json.Marshal(health)
		if err != nil {
			return "", fmt.Errorf("marshal result: %w", err)
		}
		return string(b), nil
	}
	return "", nil
}

var moreTools = []Tool{MustTool("update", updateItem)}

// replaceItem returns err before a helper's call assigns it: the error
// returned is the first call's.
func replaceItem(ctx context.Context, args Args) (string, error) {
	_, err := json.Marshal(args)
	if err != nil {
		return "", fmt.Errorf("marshal: %w", err)
	}
	_, err = checkHealth(ctx)
	if err != nil { // want `no-fake-empty-result: adapted handler replaceItem only logs err and carries on to a success`
		log.Printf("health: %v", err)
	}
	return "replaced", nil
}

// retry returns, in a loop, the error a later call of the loop assigns.
func tryOnce(ctx context.Context) error {
	raw, _ := json.Marshal(ctx)
	return fmt.Errorf("attempt failed: %s", raw) // want `no-stringify-upstream-error: the error adapted handler retry returns, through helpers.tryOnce, includes JSON-encoded data`
}

func retry(ctx context.Context, args Args) (string, error) {
	var err error
	for i := 0; i < 3; i++ {
		if i > 0 && err != nil && args.Query == "" {
			return "", err
		}
		err = tryOnce(ctx)
	}
	return "", nil
}

var evenMoreTools = []Tool{MustTool("replace", replaceItem), MustTool("retry", retry)}

// traceHandler, an mcp-go handler, hands the client the text of a helper's
// error: the body the helper's helper put in it goes with it.
func apiError(status int, body []byte) error {
	return fmt.Errorf("API returned %d: %s", status, string(body))
}

func fetchTrace(url string) (string, error) {
	resp, err := http.Get(url)
	if err != nil {
		return "", fmt.Errorf("request: %w", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", fmt.Errorf("read: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		return "", apiError(resp.StatusCode, body) // want `the text of mcp.NewToolResultError, through helpers.fetchTrace, includes an HTTP response body read with io.ReadAll`
	}
	return string(body), nil
}

func traceHandler(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	text, err := fetchTrace("http://tempo/trace")
	if err != nil {
		return gomcp.NewToolResultError(err.Error()), nil
	}
	return gomcp.NewToolResultText(text), nil
}

func registerTrace(s *server.MCPServer) {
	s.AddTool(gomcp.NewTool("trace"), traceHandler)
	s.AddTool(gomcp.NewTool("date"), dateHandler)
}

// dateHandler shows the text of a validator's error, which lost the
// parse error it handled.
func validateDate(s string) error {
	if _, err := time.Parse("2006-01-02", s); err != nil {
		return fmt.Errorf("invalid date %q: must be YYYY-MM-DD", s) // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	return nil
}

func dateHandler(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	if err := validateDate(req.GetString("date", "")); err != nil {
		return gomcp.NewToolResultError(err.Error()), nil
	}
	return gomcp.NewToolResultText("ok"), nil
}

// lookupFallback handles one kind of error with a fallback: past the
// guard, err is known to be that kind, and what the fallback returns is
// about the fallback.
func lookupFallback(ctx context.Context, args Args) (string, error) {
	_, err := json.Marshal(args)
	if err != nil {
		if !strings.Contains(err.Error(), "unsupported type") {
			return "", fmt.Errorf("lookup: %w", err)
		}
		if args.Query == "" {
			return "", errors.New("nothing to look up")
		}
		return "fallback", nil
	}
	return "found", nil
}

// lookupNoGuard has no such guard: the error it returns loses err.
func lookupNoGuard(ctx context.Context, args Args) (string, error) {
	_, err := json.Marshal(args)
	if err != nil {
		if strings.Contains(err.Error(), "unsupported type") {
			log.Print("unsupported")
		}
		return "", errors.New("nothing to look up") // want `preserve-cause-on-rethrow`
	}
	return "found", nil
}

var fallbackTools = []Tool{MustTool("fallback", lookupFallback), MustTool("noguard", lookupNoGuard)}

// parseFilters formats the text of the error it handles: the %s becomes
// %w, and err.Error() err.
func parseFilters(raw string) ([]string, error) {
	var out []string
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		return nil, fmt.Errorf("filters: %s", err.Error()) // want `preserve-cause-on-rethrow: fmt.Errorf formats err.Error\(\) with %s`
	}
	return out, nil
}

func filtered(ctx context.Context, args Args) ([]string, error) {
	return parseFilters(args.Query)
}

var filterTools = []Tool{MustTool("filtered", filtered)}

// statusError prints the body it holds; quietError keeps it for the logs.
type statusError struct {
	Code int
	Body string
}

func (e *statusError) Error() string { return fmt.Sprintf("status %d: %s", e.Code, e.Body) }

type quietError struct {
	Code int
	Body string
}

func (e *quietError) Error() string { return fmt.Sprintf("status %d", e.Code) }

func getStatus(url string, quiet bool) ([]byte, error) {
	resp, err := http.Get(url)
	if err != nil {
		return nil, fmt.Errorf("get: %w", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body) // want `no-fake-empty-result: .* drops the error of ReadAll`
	if resp.StatusCode != http.StatusOK {
		if quiet {
			return nil, &quietError{Code: resp.StatusCode, Body: string(body)}
		}
		return nil, &statusError{Code: resp.StatusCode, Body: string(body)} // want `no-stringify-upstream-error: the error adapted handler statusOf returns, through helpers.getStatus, includes an HTTP response body read with io.ReadAll, which helpers.\(\*statusError\).Error prints`
	}
	return body, nil
}

func statusOf(ctx context.Context, args Args) ([]byte, error) {
	return getStatus("http://upstream/"+args.Query, args.Query == "")
}

var statusTools = []Tool{MustTool("status", statusOf)}

// apiCheck dumps a decoded error body whole; apiCheckMessage says what
// the upstream's message field says.
func apiCheck(url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return fmt.Errorf("get: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		var body map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&body)
		return fmt.Errorf("API returned %d: %v", resp.StatusCode, body) // want `no-stringify-upstream-error: the error adapted handler check returns, through helpers.apiCheck, includes an HTTP response body decoded by encoding/json`
	}
	return nil
}

func apiCheckMessage(url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return fmt.Errorf("get: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		var body struct{ Message string }
		_ = json.NewDecoder(resp.Body).Decode(&body)
		return fmt.Errorf("API returned %d: %s", resp.StatusCode, body.Message)
	}
	var raw map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&raw)
	if len(raw) == 0 {
		return fmt.Errorf("unexpected answer, a %T", raw) // the type, not the value
	}
	return nil
}

func check(ctx context.Context, args Args) (string, error) {
	if args.Query == "" {
		return "", apiCheckMessage("http://upstream/")
	}
	return "ok", apiCheck("http://upstream/" + args.Query)
}

var checkTools = []Tool{MustTool("check", check)}

// pair reads two arguments; when either is missing, or they are the same,
// it says what is wanted but not what went wrong.
func need(args map[string]string, key string) (string, error) {
	v, ok := args[key]
	if !ok {
		return "", fmt.Errorf("%s is missing", key)
	}
	return v, nil
}

func pair(args map[string]string) (string, error) {
	a, aErr := need(args, "a")
	b, bErr := need(args, "b")
	if aErr != nil || bErr != nil || a == b {
		return "", errors.New("a and b are required, and must differ") // want `preserve-cause-on-rethrow: the error returned while handling aErr does not carry it`
	}
	return a + b, nil
}

func pairs(ctx context.Context, args Args) (string, error) {
	return pair(map[string]string{"a": args.Query})
}

var pairTools = []Tool{MustTool("pairs", pairs)}

// lookupCode tells failures apart by what err is asserted to, and by
// what errors.As fills: those returns translate a known condition. The
// last one does not.
type codeError struct{ Code int }

func (e *codeError) Error() string { return fmt.Sprintf("code %d", e.Code) }
func (e *codeError) Status() int   { return e.Code }

func fetchCode(q string) error {
	if q == "" {
		return &codeError{Code: 404}
	}
	return nil
}

func lookupCode(ctx context.Context, args Args) (string, error) {
	err := fetchCode(args.Query)
	if err != nil {
		ce, ok := err.(*codeError)
		if ok && ce.Code == 404 {
			return "", errors.New("no such item")
		}
		var coded interface{ Status() int }
		_ = errors.As(err, &coded)
		if coded != nil && coded.Status() == 410 {
			return "", errors.New("the item is gone")
		}
		return "", errors.New("lookup failed") // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	return "found", nil
}

var codeTools = []Tool{MustTool("code", lookupCode)}

// A run is what runCommand gives back: the command reports how it exited
// in its fields, not in an error.
type run struct {
	Code    int
	Stderr  string
	Name    string
	Summary string
}

// runCommand keeps what the command wrote to stderr in Stderr, assigned
// once the run is built, and the caller's words in Summary.
func runCommand(ctx context.Context, name, summary string) (run, error) {
	var stderr strings.Builder
	cmd := exec.CommandContext(ctx, name)
	cmd.Stderr = &stderr
	r := run{Name: name, Summary: summary}
	if err := cmd.Run(); err != nil {
		r.Code = 1
		r.Stderr = stderr.String()
	}
	return r, nil
}

// traces keeps the stderr of quiet runs for the logs.
var traces []run

// runQuiet keeps the command's stderr in another run, for the logs: the
// run it returns has none.
func runQuiet(ctx context.Context, name string) (run, error) {
	var stderr strings.Builder
	cmd := exec.CommandContext(ctx, name)
	cmd.Stderr = &stderr
	r := run{Name: name}
	if err := cmd.Run(); err != nil {
		var trace run
		trace.Stderr = stderr.String()
		traces = append(traces, trace)
		r.Code = 1
		r.Stderr = "the command failed"
	}
	return r, nil
}

// quietTool shows what runQuiet puts in Stderr: words of its own.
func quietTool(ctx context.Context, args Args) (string, error) {
	r, err := runQuiet(ctx, args.Query)
	if err != nil {
		return "", fmt.Errorf("running: %w", err)
	}
	if r.Code != 0 {
		return "", fmt.Errorf("%s: %s", r.Name, r.Stderr)
	}
	return "done", nil
}

var quietTools = []Tool{MustTool("quiet", quietTool)}

// runTool shows the run's stderr in its error: the command's raw output.
// Its name, its code and the summary it was given are not raw.
func runTool(ctx context.Context, args Args) (string, error) {
	r, err := runCommand(ctx, args.Query, "the query "+args.Query)
	if err != nil {
		return "", fmt.Errorf("running: %w", err)
	}
	switch {
	case r.Code == 0:
		return "done", nil
	case args.Query == "verbose":
		return "", fmt.Errorf("%s failed: %s", r.Name, r.Stderr) // want `no-stringify-upstream-error: the error adapted handler runTool returns, through helpers.runCommand, includes a subprocess's output written to stderr by \(\*exec.Cmd\).Stderr`
	case args.Query == "summary":
		return "", fmt.Errorf("%s failed (%d): %s", r.Name, r.Code, r.Summary)
	}
	return "", errors.New(r.Name + " failed")
}

var runTools = []Tool{MustTool("run", runTool)}

// lookupName and fromComment are a lookup and its fallback.
func lookupName(q string) (string, error) { return "", errors.New("no identifier here") }
func fromComment(q string) (string, bool)  { return q, q != "" }

// resolveFallback tries the doc comment when the lookup fails, and passes
// the lookup's error on when that finds nothing. Past that return, a
// failure is the fallback's own: the lookup's error is not its cause.
func resolveFallback(ctx context.Context, args Args) (string, error) {
	v, err := lookupName(args.Query)
	if err != nil {
		alt, ok := fromComment(args.Query)
		if !ok {
			return "", err
		}
		if strings.HasPrefix(alt, "_") {
			return "", errors.New("the comment names a blank identifier")
		}
		v = alt
	}
	return v, nil
}

// resolveSome passes one error on and loses the cause of every other.
func resolveSome(ctx context.Context, args Args) (string, error) {
	v, err := lookupName(args.Query)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return "", err
		}
		return "", errors.New("the lookup failed") // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	return v, nil
}

// parseProxy parses a proxy URL. Its error messages never include the
// raw input: a proxy URL may embed credentials, and url.Parse's error
// repeats it.
func parseProxy(raw string) (string, error) {
	if _, err := json.Marshal(raw); err != nil {
		return "", errors.New("the proxy URL is not a valid URL")
	}
	return raw, nil
}

// parseEndpoint does not say so: its dropped cause is reported.
func parseEndpoint(raw string) (string, error) {
	if _, err := json.Marshal(raw); err != nil {
		return "", errors.New("the endpoint is not valid") // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	return raw, nil
}

func connect(ctx context.Context, args Args) (string, error) {
	if _, err := parseProxy(args.Query); err != nil {
		return "", err
	}
	return parseEndpoint(args.Query)
}

var fallbackLookupTools = []Tool{MustTool("resolve", resolveFallback), MustTool("resolve_some", resolveSome), MustTool("connect", connect)}

// stage returns its named result, assigned from checkStage: checkStage's
// lost cause is found.
func stage(q string) (out string, err error) {
	if err = checkStage(q); err != nil {
		return "", err
	}
	out = q
	return out, err
}

func checkStage(q string) error {
	if _, err := json.Marshal(q); err != nil {
		return errors.New("staging failed") // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	return nil
}

// unstage's named result starts nil: returning it in a branch that
// handles nothing is no lost cause.
func unstage(q string) (err error) {
	if q == "" {
		return err
	}
	return checkUnstage(q)
}

func checkUnstage(q string) error {
	if _, err := json.Marshal(q); err != nil {
		return fmt.Errorf("unstaging: %w", err)
	}
	return nil
}

func staged(ctx context.Context, args Args) (string, error) {
	if err := unstage(args.Query); err != nil {
		return "", err
	}
	return stage(args.Query)
}

var stageTools = []Tool{MustTool("stage", staged)}

// probeDeps holds the functions a handler calls, so that its tests can
// swap them: the package stores only its own functions in it, so a call
// of a field is a call of them.
type probeDeps struct {
	probe func(ctx context.Context, q string) (bool, error)
	count func(q string) (int, error)
}

func probeTelemetry(ctx context.Context, q string) (bool, error) {
	if _, err := json.Marshal(q); err != nil {
		return false, errors.New("the telemetry check failed") // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	return true, nil
}

func countRows(q string) (int, error) {
	if _, err := json.Marshal(q); err != nil {
		return 0, fmt.Errorf("counting: %w", err)
	}
	return 1, nil
}

func newProbeHandler(deps probeDeps) HandlerFunc[Args, string] {
	return func(ctx context.Context, args Args) (string, error) {
		ok, err := deps.probe(ctx, args.Query)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return "", err
			}
			return "unknown", nil // dropped on purpose: the probe's own lost cause is reported
		}
		n, err := deps.count(args.Query)
		if err != nil {
			return "", err
		}
		return fmt.Sprint(ok, n), nil
	}
}

// swappable's probe field is given a value from outside: which function
// runs is not the package's to say, and no stored function is followed.
type swappable struct {
	probe func(q string) error
}

func probeQuietly(q string) error {
	if _, err := json.Marshal(q); err != nil {
		return errors.New("the quiet probe failed")
	}
	return nil
}

func newSwappable(probe func(q string) error) swappable {
	if probe == nil {
		return swappable{probe: probeQuietly}
	}
	return swappable{probe: probe}
}

func swapped(ctx context.Context, args Args) (string, error) {
	s := newSwappable(nil)
	if err := s.probe(args.Query); err != nil {
		return "", err
	}
	return "probed", nil
}

// defaultProbeHandler builds the handler with the package's own probes.
func defaultProbeHandler() HandlerFunc[Args, string] {
	return newProbeHandler(probeDeps{probe: probeTelemetry, count: countRows})
}

var probeTools = []Tool{MustTool("probe", defaultProbeHandler()), MustTool("swapped", swapped)}
