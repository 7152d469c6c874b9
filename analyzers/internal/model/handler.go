package model

import (
	"go/types"
	"strings"
)

// A HandlerKind is the API a tool handler is written against. It decides
// how the handler's return values reach the client.
type HandlerKind int

const (
	// ToolHandler is the Handler of an mcperr.Tool:
	// func(context.Context, In) (Out, error).
	ToolHandler HandlerKind = iota + 1
	// GoSDKTyped is a go-sdk mcp.ToolHandlerFor[In, Out]:
	// func(context.Context, *mcp.CallToolRequest, In) (*mcp.CallToolResult, Out, error).
	GoSDKTyped
	// GoSDKRaw is a go-sdk mcp.ToolHandler:
	// func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error).
	GoSDKRaw
	// MCPGoPlain is an mcp-go server.ToolHandlerFunc:
	// func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error).
	MCPGoPlain
	// MCPGoTyped is an mcp-go mcp.TypedToolHandlerFunc[T]:
	// func(context.Context, mcp.CallToolRequest, T) (*mcp.CallToolResult, error).
	MCPGoTyped
	// MCPGoStructured is an mcp-go mcp.StructuredToolHandlerFunc[T, R]:
	// func(context.Context, mcp.CallToolRequest, T) (R, error).
	MCPGoStructured
	// Adapted is a func(context.Context, T) (R, error) that a handler
	// adapter of the server's own turns into an SDK handler, as
	// mcp-grafana's MustTool does: what it returns reaches the client
	// through the adapter, which decides how. Found where it is passed to
	// the adapter.
	Adapted
	// ResourceHandler reads a resource: mcp-go's server.ResourceHandlerFunc
	// and ResourceTemplateHandlerFunc, the go-sdk's mcp.ResourceHandler. A
	// resource has no error result: its handler fails with its error, which
	// the SDK sends as a JSON-RPC error. Only the rules about an answer that
	// hides a failure judge it.
	ResourceHandler
	// PromptHandler gets a prompt: mcp-go's server.PromptHandlerFunc, the
	// go-sdk's mcp.PromptHandler. Judged as a ResourceHandler is.
	PromptHandler
)

var kindNames = [...]string{
	ToolHandler:     "mcperr tool handler",
	GoSDKTyped:      "go-sdk typed handler",
	GoSDKRaw:        "go-sdk raw handler",
	MCPGoPlain:      "mcp-go handler",
	MCPGoTyped:      "mcp-go typed handler",
	MCPGoStructured: "mcp-go structured handler",
	Adapted:         "adapted handler",
	ResourceHandler: "resource handler",
	PromptHandler:   "prompt handler",
}

// WithArticle returns the kind's name with its indefinite article, as a
// message says it: "a go-sdk raw handler", "an mcp-go handler".
func (k HandlerKind) WithArticle() string {
	s := k.String()
	if strings.HasPrefix(s, "mc") || strings.HasPrefix(s, "adapted") || strings.HasPrefix(s, "unknown") {
		return "an " + s
	}
	return "a " + s
}

func (k HandlerKind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown handler"
}

// Reads reports whether the handler answers a read of a resource or a
// prompt, not a tool call.
func (k HandlerKind) Reads() bool { return k == ResourceHandler || k == PromptHandler }

// SDK reports whether the handler is written against an SDK directly.
func (k HandlerKind) SDK() bool { return k >= GoSDKTyped && k <= MCPGoStructured }

// GoSDK reports whether the handler is a go-sdk handler.
func (k HandlerKind) GoSDK() bool { return k == GoSDKTyped || k == GoSDKRaw }

// MCPGo reports whether the handler is an mcp-go handler.
func (k HandlerKind) MCPGo() bool { return k >= MCPGoPlain && k <= MCPGoStructured }

// KindOf classifies a signature as a handler kind, or returns 0. mcperr
// tool handlers are not recognised by signature alone: any
// func(context.Context, T) (U, error) would match.
func KindOf(sig *types.Signature) HandlerKind {
	params, results := sig.Params(), sig.Results()
	if params.Len() < 2 || params.Len() > 3 || results.Len() < 2 || results.Len() > 3 || sig.Variadic() {
		return 0
	}
	if !IsContext(params.At(0).Type()) || !IsErrorType(results.At(results.Len()-1).Type()) {
		return 0
	}
	req := params.At(1).Type()
	switch {
	case isGoSDKRequest(req):
		goSDKResult := IsPointerTo(results.At(0).Type(), GoSDKPath, "CallToolResult")
		switch {
		case params.Len() == 2 && results.Len() == 2 && goSDKResult:
			return GoSDKRaw
		case params.Len() == 3 && results.Len() == 3 && goSDKResult:
			return GoSDKTyped
		}
	case IsNamed(req, MCPGoPath, "CallToolRequest") && results.Len() == 2:
		mcpgoResult := IsPointerTo(results.At(0).Type(), MCPGoPath, "CallToolResult")
		switch {
		case params.Len() == 2 && mcpgoResult:
			return MCPGoPlain
		case params.Len() == 3 && mcpgoResult:
			return MCPGoTyped
		case params.Len() == 3:
			return MCPGoStructured
		}
	}
	return 0
}

// isGoSDKRequest reports whether t is *mcp.CallToolRequest of the go-sdk,
// an alias of *mcp.ServerRequest[*mcp.CallToolParamsRaw].
func isGoSDKRequest(t types.Type) bool {
	ptr, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := types.Unalias(ptr.Elem()).(*types.Named)
	if !ok || !IsNamed(named, GoSDKPath, "ServerRequest") {
		return IsNamed(ptr.Elem(), GoSDKPath, "CallToolRequest")
	}
	args := named.TypeArgs()
	return args.Len() == 1 && IsPointerTo(args.At(0), GoSDKPath, "CallToolParamsRaw")
}

// IsToolHandlerSignature reports whether sig has the shape of an mcperr
// tool handler: func(context.Context, In) (Out, error).
func IsToolHandlerSignature(sig *types.Signature) bool {
	params, results := sig.Params(), sig.Results()
	return params.Len() == 2 && results.Len() == 2 && !sig.Variadic() &&
		IsContext(params.At(0).Type()) && IsErrorType(results.At(1).Type())
}

// IsAdaptableSignature reports whether sig is shaped like a function a
// handler adapter takes, func(context.Context, T) (R, error), and is not
// already an SDK handler (a middleware wrapping a go-sdk raw handler has
// that shape too; its argument is a handler of its own kind).
func IsAdaptableSignature(sig *types.Signature) bool {
	return IsToolHandlerSignature(sig) && KindOf(sig) == 0
}

// YieldsHandler reports whether a function returns an SDK handler, or a
// value holding one in a field: the mark of a handler adapter.
func YieldsHandler(sig *types.Signature) bool {
	if !hasAdaptableParam(sig) {
		return false
	}
	for i := range sig.Results().Len() {
		t := sig.Results().At(i).Type()
		if isHandlerType(t) {
			return true
		}
		t = Deref(t)
		if st, ok := t.Underlying().(*types.Struct); ok {
			for j := range st.NumFields() {
				if isHandlerType(st.Field(j).Type()) {
					return true
				}
			}
		}
	}
	return false
}

// hasAdaptableParam reports whether a parameter of sig takes an adaptable
// function, so that the argument was passed to be adapted rather than, say,
// called back.
func hasAdaptableParam(sig *types.Signature) bool {
	for i := range sig.Params().Len() {
		if p, ok := sig.Params().At(i).Type().Underlying().(*types.Signature); ok && IsAdaptableSignature(p) {
			return true
		}
	}
	return false
}

// isHandlerType reports whether t is an SDK handler: a function of a
// handler kind's signature, or mcp-go's server.ServerTool.
func isHandlerType(t types.Type) bool {
	if IsNamed(t, MCPGoServer, "ServerTool") {
		return true
	}
	sig, ok := t.Underlying().(*types.Signature)
	return ok && KindOf(sig) != 0
}
