package errflow

// Library knowledge, as data: what the layer knows of functions it does
// not read. The walk asks these tables; it does not name library
// functions itself. (The SDKs' and the runtime's functions are known by
// the model, analyzers/internal/model; the calls that test which error a
// value holds are in tests.go.)

import (
	"go/types"
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

// readerWrappers are the functions that return a reader of their first
// argument: a body read through them is still the body.
var readerWrappers = map[string]bool{
	"io.LimitReader":      true,
	"io.TeeReader":        true,
	"bufio.NewReader":     true,
	"bufio.NewReaderSize": true,
}

// keepsText are the functions whose result is their first argument's
// text, trimmed or recased: what goes in comes out.
var keepsText = map[string]bool{
	"strings.TrimSpace": true, "strings.Trim": true, "strings.TrimLeft": true, "strings.TrimRight": true,
	"strings.TrimPrefix": true, "strings.TrimSuffix": true, "strings.ToLower": true, "strings.ToUpper": true,
	"strings.ReplaceAll": true, "strings.Replace": true,
	"bytes.TrimSpace": true, "bytes.Trim": true, "bytes.TrimLeft": true, "bytes.TrimRight": true,
	"bytes.TrimPrefix": true, "bytes.TrimSuffix": true, "bytes.ToLower": true, "bytes.ToUpper": true,
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
	"encoding/hex":  {"DecodeString": true},
	"mime":          {"ParseMediaType": true},
	"net/mail":      {"ParseAddress": true, "ParseAddressList": true, "ParseDate": true},
}

// malformedInput reports whether fn is one of parsers, or a method of
// encoding/base64's Encoding decoding a string.
func malformedInput(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	names := parsers[fn.Pkg().Path()]
	if fn.Signature().Recv() != nil {
		return fn.Pkg().Path() == "encoding/base64" && fn.Name() == "DecodeString"
	}
	return names[""] || names[fn.Name()]
}
