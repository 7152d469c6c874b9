package errflow

// Library knowledge, as data: what the layer knows of functions it does
// not read. The walk asks these tables; it does not name library
// functions itself. (The SDKs' and the runtime's functions are known by
// the model, analyzers/internal/model; the calls that test which error a
// value holds are in tests.go.)

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
	"unicode"
)

// libraryName names a function of a package for the tables below:
// "encoding/json.Marshal", "(*os/exec.Cmd).Output". It is "" for nil.
func libraryName(fn *types.Func) string {
	if fn == nil || fn.Pkg() == nil {
		return ""
	}
	if recv := fn.Signature().Recv(); recv != nil {
		if named, ok := types.Unalias(derefType(recv.Type())).(*types.Named); ok {
			return "(*" + fn.Pkg().Path() + "." + named.Obj().Name() + ")." + fn.Name()
		}
		return ""
	}
	return fn.Pkg().Path() + "." + fn.Name()
}

// A rawSource is a function whose result is a raw value from outside
// what the program wrote for the client.
type rawSource struct {
	kind BlobKind
	what string // for messages
	// readsBody: the result is raw only when the function reads an HTTP
	// response's body (io.ReadAll of resp.Body, not of a file).
	readsBody bool
}

// rawSources are the functions whose result is a raw upstream value.
var rawSources = map[string]rawSource{
	"encoding/json.Marshal":            {BlobJSON, "JSON-encoded data from json.Marshal", false},
	"encoding/json.MarshalIndent":      {BlobJSON, "JSON-encoded data from json.MarshalIndent", false},
	"io.ReadAll":                       {BlobBody, "an HTTP response body read with io.ReadAll", true},
	"io/ioutil.ReadAll":                {BlobBody, "an HTTP response body read with ioutil.ReadAll", true},
	"net/http/httputil.DumpResponse":   {BlobDump, "an HTTP dump from httputil.DumpResponse", false},
	"net/http/httputil.DumpRequest":    {BlobDump, "an HTTP dump from httputil.DumpRequest", false},
	"net/http/httputil.DumpRequestOut": {BlobDump, "an HTTP dump from httputil.DumpRequestOut", false},
	"(*os/exec.Cmd).Output":            {BlobOutput, "a subprocess's output from (*exec.Cmd).Output", false},
	"(*os/exec.Cmd).CombinedOutput":    {BlobOutput, "a subprocess's output from (*exec.Cmd).CombinedOutput", false},

	// HTTP client libraries whose response keeps the body it read, and
	// hands it out through accessors: their summaries cannot say so, the
	// body being read into an unexported field by whichever method ran
	// first (resty's readIfRequired).
	"(*github.com/go-resty/resty/v2.Response).String": {BlobBody, "an HTTP response body from resty's Response.String", false},
	"(*github.com/go-resty/resty/v2.Response).Body":   {BlobBody, "an HTTP response body from resty's Response.Body", false},
	"(*resty.dev/v3.Response).String":                 {BlobBody, "an HTTP response body from resty's Response.String", false},
	"(*resty.dev/v3.Response).Bytes":                  {BlobBody, "an HTTP response body from resty's Response.Bytes", false},
	"(*github.com/imroc/req/v3.Response).String":      {BlobBody, "an HTTP response body from req's Response.String", false},
	"(*github.com/imroc/req/v3.Response).Bytes":       {BlobBody, "an HTTP response body from req's Response.Bytes", false},
}

// outputFields are the fields of library types through which the type's
// methods hand out what they produce: a writer the caller points there
// is filled by the method that runs (cmd.Stdout = &buf; cmd.Run()), and
// holds what the call gave as surely as a result would.
var outputFields = map[string][]string{
	"os/exec.Cmd": {"Stdout", "Stderr"},
}

// outputFieldNames are the names of outputFields, to pass over most
// selectors before their types are looked at: the walk asks of every
// assignment of a root.
var outputFieldNames = func() map[string]bool {
	names := map[string]bool{}
	for _, fields := range outputFields {
		for _, f := range fields {
			names[f] = true
		}
	}
	return names
}()

// outputField returns the name of the field sel selects when it is one
// of outputFields ("Stdout" for cmd.Stdout), or "".
func outputField(info *types.Info, sel *ast.SelectorExpr) string {
	if !outputFieldNames[sel.Sel.Name] {
		return ""
	}
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return ""
	}
	named, ok := types.Unalias(derefType(s.Recv())).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return ""
	}
	for _, f := range outputFields[named.Obj().Pkg().Path()+"."+named.Obj().Name()] {
		if f == sel.Sel.Name {
			return f
		}
	}
	return ""
}

// outputWriter returns the local that the i'th assignment of as points
// an output field at (cmd.Stdout = &buf, cmd.Stderr = w), and the
// field's name; nil when it is not one.
func outputWriter(info *types.Info, as *ast.AssignStmt, i int) (*types.Var, string) {
	sel, ok := ast.Unparen(as.Lhs[i]).(*ast.SelectorExpr)
	if !ok {
		return nil, ""
	}
	field := outputField(info, sel)
	if field == "" {
		return nil, ""
	}
	rhs := Assigned(as, i)
	if u, ok := ast.Unparen(rhs).(*ast.UnaryExpr); ok && u.Op == token.AND {
		rhs = u.X
	}
	if v := localVar(info, rhs); v != nil {
		return v, field
	}
	return nil, ""
}

// readerWrappers are the functions that return a reader of their first
// argument: a body read through them is still the body.
var readerWrappers = map[string]bool{
	"io.LimitReader":      true,
	"io.TeeReader":        true,
	"bufio.NewReader":     true,
	"bufio.NewReaderSize": true,
}

// keepsText are the functions whose result is the text of one of their
// arguments (by index), trimmed, recased, escaped or with some runes
// filtered: what goes in comes out. A sanitizer that strips control
// characters before the text reaches the model still shows the body.
var keepsText = map[string]int{
	"strings.TrimSpace": 0, "strings.Trim": 0, "strings.TrimLeft": 0, "strings.TrimRight": 0,
	"strings.TrimPrefix": 0, "strings.TrimSuffix": 0, "strings.ToLower": 0, "strings.ToUpper": 0,
	"strings.ReplaceAll": 0, "strings.Replace": 0, "strings.Map": 1, "strings.ToValidUTF8": 0,
	"strings.TrimFunc": 0, "strings.TrimLeftFunc": 0, "strings.TrimRightFunc": 0, "strings.ToTitle": 0,
	"strings.Clone": 0, "(*strings.Replacer).Replace": 0,
	"bytes.TrimSpace": 0, "bytes.Trim": 0, "bytes.TrimLeft": 0, "bytes.TrimRight": 0,
	"bytes.TrimPrefix": 0, "bytes.TrimSuffix": 0, "bytes.ToLower": 0, "bytes.ToUpper": 0,
	"bytes.ReplaceAll": 0, "bytes.Replace": 0, "bytes.Map": 1, "bytes.ToValidUTF8": 0, "bytes.Clone": 0,
	"(*regexp.Regexp).ReplaceAllString": 0, "(*regexp.Regexp).ReplaceAllLiteralString": 0,
	"(*regexp.Regexp).ReplaceAll": 0, "(*regexp.Regexp).ReplaceAllLiteral": 0,
	"(*regexp.Regexp).ReplaceAllStringFunc": 0, "(*regexp.Regexp).ReplaceAllFunc": 0,
	"html.EscapeString": 0, "html.UnescapeString": 0, "strconv.Quote": 0, "strconv.QuoteToASCII": 0,
}

// keptText returns the argument of a call whose text its result is (see
// keepsText), or nil.
func keptText(fn *types.Func, call *ast.CallExpr) ast.Expr {
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	i, ok := keepsText[libraryName(fn)]
	if !ok || i >= len(call.Args) {
		return nil
	}
	return call.Args[i]
}

// parsers are the standard library's packages and functions whose error
// says that the value they were given is malformed ("" for every function
// of the package).
var parsers = map[string]map[string]bool{
	"strconv":       {"": true},
	"net/url":       {"Parse": true, "ParseRequestURI": true, "ParseQuery": true, "PathUnescape": true, "QueryUnescape": true},
	"net/netip":     {"": true},
	"net":           {"ParseCIDR": true, "ParseMAC": true, "SplitHostPort": true},
	"time":          {"Parse": true, "ParseInLocation": true, "ParseDuration": true, "LoadLocation": true},
	"regexp":        {"Compile": true, "CompilePOSIX": true},
	"encoding/json": {"Marshal": true, "MarshalIndent": true, "Unmarshal": true},
	"go/printer":    {"Fprint": true},
	"go/format":     {"Node": true},
	"encoding/hex":  {"DecodeString": true},
	"mime":          {"ParseMediaType": true},
	"net/mail":      {"ParseAddress": true, "ParseAddressList": true, "ParseDate": true},
	"fmt":           {"Sscanf": true, "Sscan": true, "Sscanln": true},
	// Rel fails only when the two paths cannot be related (one absolute,
	// one not), Match only on a malformed pattern.
	"path/filepath": {"Rel": true, "Match": true},
}

// encoders are those of parsers whose error is the program's mistake (a
// value it cannot encode, a node it cannot print), whatever they are
// given: never an upstream's failure.
var encoders = map[string]map[string]bool{
	"encoding/json": {"Marshal": true, "MarshalIndent": true},
	"go/printer":    {"Fprint": true},
	"go/format":     {"Node": true},
}

// IsEncoder reports whether fn is one of encoders: its error is the
// program's own mistake, never news of a failure.
func IsEncoder(fn *types.Func) bool {
	return fn != nil && fn.Pkg() != nil && fn.Signature().Recv() == nil && encoders[fn.Pkg().Path()][fn.Name()]
}

// malformedInput reports whether fn is one of parsers or parserMethods,
// or named as a parser (parseName). A name is a convention, not a proof:
// go/parser's ParseFile also reads its file; a parse of what an upstream
// sent counts as its failure all the same (parsesUpstream).
func malformedInput(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	if parseName(fn.Name()) {
		return true
	}
	if fn.Signature().Recv() != nil {
		return parserMethods[libraryName(fn)]
	}
	names := parsers[fn.Pkg().Path()]
	return names[""] || names[fn.Name()]
}

// parserMethods are the standard library's methods whose error says that
// the value they convert is malformed.
var parserMethods = map[string]bool{
	"(*encoding/base64.Encoding).DecodeString": true,
	"(*encoding/json.Number).Int64":            true,
	"(*encoding/json.Number).Float64":          true,
}

// parseName reports whether a function's name says it parses what it is
// given, by Go's convention (strconv.ParseInt, url.Parse, a project's
// parseStartTime, a time range's ParseFrom): Parse or parse, alone or
// followed by a capital.
func parseName(name string) bool {
	rest, ok := strings.CutPrefix(name, "Parse")
	if !ok {
		rest, ok = strings.CutPrefix(name, "parse")
	}
	return ok && (rest == "" || unicode.IsUpper(rune(rest[0])))
}

// perItemCallers are the functions that call the function they are given
// once for each item of what they walk: a callback of theirs that returns
// nil drops that item and goes on with the next.
var perItemCallers = map[string]bool{
	"path/filepath.Walk":    true,
	"path/filepath.WalkDir": true,
	"io/fs.WalkDir":         true,
}

// callsPerItem reports whether fn is one of perItemCallers.
func callsPerItem(fn *types.Func) bool {
	return perItemCallers[libraryName(fn)]
}

// probes are the functions whose error mostly says that what they look
// for is not there (a file, a program on the PATH, a directory entry gone
// since it was listed): a loop that moves on when one fails is looking,
// not losing a failure.
var probes = map[string]bool{
	"os.Stat":                    true,
	"os.Lstat":                   true,
	"os/exec.LookPath":           true,
	"(*io/fs.DirEntry).Info":     true,
	"(*os.File).Stat":            true,
	"path/filepath.EvalSymlinks": true,
}
