package model_test

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// TestIsJSONRPCError checks the helper against the real go-sdk types:
// jsonrpc.Error is an alias of an internal type, and only its pointer is
// the error the SDK passes through.
func TestIsJSONRPCError(t *testing.T) {
	cfg := &packages.Config{Mode: packages.NeedTypes | packages.NeedName}
	pkgs, err := packages.Load(cfg, model.GoSDKJSONRPC, model.GoSDKPath)
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("loading the go-sdk: %v", err)
	}
	lookup := func(path, name string) types.Type {
		for _, p := range pkgs {
			if p.PkgPath == path {
				return p.Types.Scope().Lookup(name).Type()
			}
		}
		t.Fatalf("%s not loaded", path)
		return nil
	}
	rpcErr := lookup(model.GoSDKJSONRPC, "Error")
	result := lookup(model.GoSDKPath, "CallToolResult")
	for _, c := range []struct {
		t    types.Type
		want bool
	}{
		{types.NewPointer(rpcErr), true},
		{rpcErr, false},
		{types.NewPointer(result), false},
		{types.Universe.Lookup("error").Type(), false},
	} {
		if got := model.IsJSONRPCError(c.t); got != c.want {
			t.Errorf("IsJSONRPCError(%s) = %v, want %v", c.t, got, c.want)
		}
	}
}
