package conformance

import (
	"bytes"
	"encoding/gob"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestFacts checks that facts are deterministic, gob-encodable, sorted,
// small, and free of absolute paths.
func TestFacts(t *testing.T) {
	encode := func() map[string][]byte {
		out := map[string][]byte{}
		for _, r := range analysistest.Run(t, analysistest.TestData(), Analyzer, "./store", "./repo") {
			for obj, facts := range r.Facts {
				for _, f := range facts {
					fact, ok := f.(*errorsFact)
					if !ok {
						continue
					}
					if !slices.IsSortedFunc(fact.Effects, compareEffects) || len(slices.Compact(slices.Clone(fact.Effects))) != len(fact.Effects) {
						t.Errorf("%s: effects not sorted and unique: %v", obj, fact)
					}
					for _, e := range fact.Effects {
						if strings.Count(e.Site, "/") != 1 {
							t.Errorf("%s: site %q is not <package>/<file>:<line>", obj, e.Site)
						}
					}
					var buf bytes.Buffer
					if err := gob.NewEncoder(&buf).Encode(fact); err != nil {
						t.Fatalf("%s: %v", obj, err)
					}
					var back errorsFact
					if err := gob.NewDecoder(bytes.NewReader(buf.Bytes())).Decode(&back); err != nil {
						t.Fatalf("%s: %v", obj, err)
					}
					if !reflect.DeepEqual(&back, fact) {
						t.Errorf("%s: gob round trip: got %v, want %v", obj, &back, fact)
					}
					if buf.Len() > 512 {
						t.Errorf("%s: fact of %d bytes", obj, buf.Len())
					}
					out[types.ObjectString(obj, nil)] = buf.Bytes()
				}
			}
		}
		return out
	}
	first, second := encode(), encode()
	if len(first) < 10 {
		t.Fatalf("got %d facts, want the store's and repo's", len(first))
	}
	if !reflect.DeepEqual(first, second) {
		t.Errorf("facts differ between runs")
	}
}

func TestWrapVerbs(t *testing.T) {
	for _, tc := range []struct {
		format string
		want   []int
	}{
		{"%w", []int{0}},
		{"%s: %w", []int{1}},
		{"%v %%w %w", []int{1}},
		{"%*d %w", []int{2}},
		{"%.*f %-8s %w", []int{3}},
		{"%[2]w %[1]s", []int{1}},
		{"%w and %w", []int{0, 1}},
		{"%+v", nil},
		{"%", nil},
		{"%[", nil},
	} {
		if got := wrapVerbs(tc.format); !slices.Equal(got, tc.want) {
			t.Errorf("wrapVerbs(%q) = %v, want %v", tc.format, got, tc.want)
		}
	}
}
