package errflow

import (
	"go/types"
	"reflect"
	"testing"
)

// TestMemoKeepsValue checks that a value the memo keeps comes back whole:
// a field added to Value must be added to memoValue too.
func TestMemoKeepsValue(t *testing.T) {
	p := types.NewVar(0, nil, "p", nil)
	v := Value{
		Shape:       ShapeError | ShapeNil,
		NonNil:      true,
		WrapsRPC:    true,
		ContextOnly: true,
		Protocol:    ProtoMCPGo,
		Context:     true,
		Plain:       true,
		Params:      varSet{p},
		Mentions:    varSet{p, p},
		Shows:       varSet{p, p, p},
		ShowsType:   "pkg.Error",
		Calls:       []paramCall{{param: p, result: 1}},
		Blobs:       []Blob{{What: "a body"}},
	}
	rv := reflect.ValueOf(v)
	for i := range rv.NumField() {
		if rv.Field(i).IsZero() {
			t.Fatalf("the test leaves Value.%s zero: set it", rv.Type().Field(i).Name)
		}
	}
	if got := memoize(v).value(); !reflect.DeepEqual(got, v) {
		t.Errorf("memoize(v).value() = %+v, want %+v", got, v)
	}
	if got := memoize(unknownValue).value(); !reflect.DeepEqual(got, unknownValue) {
		t.Errorf("memoize(unknownValue).value() = %+v, want %+v", got, unknownValue)
	}
}
