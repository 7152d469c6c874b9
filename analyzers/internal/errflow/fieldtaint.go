package errflow

// Raw values held by a type's fields, whoever fills them. A client
// library fills its response type's Bytes buffer with the body of every
// response (res.Bytes.Write(body), in the method every call goes
// through), and its callers reach that method through an interface the
// layer cannot resolve from where they stand: the summary of the
// function they call says nothing of it. What the library's own summary
// says of the type holds of every value of it, though. So each package
// records, as a package fact, the fields of the struct types its
// functions return that their summaries say carry a raw value; a field
// read anywhere (response.Bytes.String()) on a value of such a type
// carries it, wherever the value came from. The fact is the typed
// counterpart of the fields read from source (sourcefields.go).

import (
	"go/types"
	"slices"
	"strings"
)

// fieldTaintsFact is the package fact of a package whose functions return
// struct types with raw values in their fields.
type fieldTaintsFact struct {
	Fields []FieldTaint // sorted by Type, then Field
}

// A FieldTaint is a field of a struct type that carries a raw value.
type FieldTaint struct {
	Type string // the type's package path and name, "path.Name"
	Blob FactBlob
}

func (*fieldTaintsFact) AFact() {}

func (f *fieldTaintsFact) String() string {
	var parts []string
	for _, t := range f.Fields {
		parts = append(parts, t.Type+"."+t.Blob.Field)
	}
	return "field taints: " + strings.Join(parts, ", ")
}

// typeKey names a named type for field taints.
func typeKey(t types.Type) string {
	named, ok := types.Unalias(derefType(t)).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return ""
	}
	return named.Obj().Pkg().Path() + "." + named.Obj().Name()
}

// exportFieldTaints exports the fields of the struct types the package's
// functions return that their summaries say carry a raw value.
func (s *solver) exportFieldTaints() *fieldTaintsFact {
	seen := map[string]bool{}
	var out []FieldTaint
	for _, fn := range s.order {
		sum := s.sums[fn]
		if sum == nil {
			continue
		}
		s.locate(sum)
		res := fn.Signature().Results()
		for i := range min(res.Len(), len(sum.Results)) {
			key := typeKey(res.At(i).Type())
			if key == "" {
				continue
			}
			for _, b := range factBlobs(sum.Results[i].FieldBlobs) {
				if !seen[key+"\x00"+b.Field+"\x00"+b.Site] && b.Kind.Upstream() {
					seen[key+"\x00"+b.Field+"\x00"+b.Site] = true
					out = append(out, FieldTaint{Type: key, Blob: b})
				}
			}
		}
	}
	for key, bs := range s.returnedFields {
		for _, b := range factBlobs(located(s.pass.Fset, bs)) {
			if !seen[key+"\x00"+b.Field+"\x00"+b.Site] && b.Kind.Upstream() {
				seen[key+"\x00"+b.Field+"\x00"+b.Site] = true
				out = append(out, FieldTaint{Type: key, Blob: b})
			}
		}
	}
	if len(out) == 0 {
		return nil
	}
	slices.SortFunc(out, func(a, b FieldTaint) int {
		if c := strings.Compare(a.Type, b.Type); c != 0 {
			return c
		}
		return strings.Compare(a.Blob.Field+a.Blob.Site, b.Blob.Field+b.Blob.Site)
	})
	fact := &fieldTaintsFact{Fields: out}
	s.pass.ExportPackageFact(fact)
	return fact
}

// taintedFields returns the raw values other packages' facts say the
// field of values of type t carries.
func (s *solver) taintedFields(t types.Type, field string) []Blob {
	if s.fieldTaints == nil {
		s.fieldTaints = map[string][]Blob{}
		add := func(f *fieldTaintsFact) {
			for _, ft := range f.Fields {
				k := ft.Type + "." + ft.Blob.Field
				s.fieldTaints[k] = append(s.fieldTaints[k], blobsOf([]FactBlob{ft.Blob})...)
			}
		}
		for _, pf := range s.pass.AllPackageFacts() {
			if f, ok := pf.Fact.(*fieldTaintsFact); ok && pf.Package != s.pass.Pkg {
				add(f)
			}
		}
		for _, e := range outsideEntries(s.pass) {
			if e.taints != nil {
				add(e.taints)
			}
		}
		// The facts come in the order of a map: the first of a field's
		// values names its findings, so they are put in a fixed one.
		for _, bs := range s.fieldTaints {
			slices.SortStableFunc(bs, compareBlobs)
		}
	}
	key := typeKey(t)
	if key == "" {
		return nil
	}
	return s.fieldTaints[key+"."+field]
}
