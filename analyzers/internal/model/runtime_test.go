package model

import (
	"maps"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// TestFactories checks the factory table against the runtime: every code
// whose name is in the table has a factory that builds that code, and
// every code of the runtime is either in the table or has no factory.
func TestFactories(t *testing.T) {
	built := map[string]func(string, ...mcperr.Option) *mcperr.Error{
		"InvalidParams": mcperr.InvalidParams, "InvalidRequest": mcperr.InvalidRequest,
		"NotFound": mcperr.NotFound, "Forbidden": mcperr.Forbidden, "Unauthorized": mcperr.Unauthorized,
		"ValidationError": mcperr.ValidationError, "Conflict": mcperr.Conflict,
		"RateLimited": mcperr.RateLimited, "Timeout": mcperr.Timeout,
		"ServiceUnavailable": mcperr.ServiceUnavailable, "ConfigurationError": mcperr.ConfigurationError,
		"InternalError": mcperr.InternalError, "SerializationError": mcperr.SerializationError,
		"DatabaseError": mcperr.DatabaseError,
	}
	if diff := cmp.Diff(slices.Sorted(maps.Keys(built)), slices.Sorted(maps.Keys(factories))); diff != "" {
		t.Errorf("factories (-runtime +table):\n%s", diff)
	}
	for code := mcperr.Code(-32700); code <= -32000; code++ {
		if !code.Known() {
			continue
		}
		factory, ok := built[code.String()]
		if got := FactoryOf(code); (got != "") != ok {
			t.Errorf("FactoryOf(%v) = %q, want a factory: %v", code, got, ok)
		}
		if ok && factory("m").Code() != code {
			t.Errorf("mcperr.%s builds %v, want %v", code, factory("m").Code(), code)
		}
	}
}
