package errflow

import (
	"reflect"
	"testing"
)

// TestFactSummary checks that the summary a fact carries from the package
// that exports it is the one its importers would decode.
func TestFactSummary(t *testing.T) {
	sum := &Summary{
		Effects: []Effect{
			{Kind: ReturnKind, Reason: "b", Code: 5, Site: "p/f.go:2"},
			{Kind: FailKind, Reason: "a", Site: "p/f.go:1"},
			{Kind: ReturnKind, Reason: "b", Code: 5, Site: "p/f.go:2"},
			{Kind: RecoveryKind, Param: 2, Inspected: true, Site: "p/f.go:3"},
		},
		Results: []Slot{
			{Shape: ShapeNil | ShapeValue, NonNil: true, Plain: true, Params: []int{2, 0}, Mentions: []int{1}, Shows: []int{1},
				Calls: []ParamCall{{Param: 1, Result: 1}, {Param: 0, Result: 0}},
				Blobs: []Blob{{What: "y", Site: "p/f.go:9", Via: []string{"g"}}, {What: "x", Site: "p/f.go:8"}}},
			{Shape: ShapeError, Protocol: true, WrapsRPC: true, Context: true, FailFilled: true,
				FailBlobs: []Blob{{What: "z", Site: "p/f.go:7"}}},
			{},
		},
	}
	fact := factOf(sum, nil)
	if fact == nil {
		t.Fatal("factOf returned nil")
	}
	if !reflect.DeepEqual(fact.summary, fact.decodeSummary()) {
		t.Errorf("the fact's summary is\n%+v\nits decoding is\n%+v", fact.summary, fact.decodeSummary())
	}
}
