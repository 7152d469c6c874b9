package model

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// A Tool is one mcperr.Tool composite literal: a value, a local, a returned
// literal or &Tool{}, with any type arguments.
type Tool struct {
	Lit     *ast.CompositeLit
	Name    string // the constant value of the Name field, or ""
	In, Out types.Type

	// Title and Description are the constant values of those fields, or
	// "": the catalog lists them beside the contract.
	Title, Description string

	// Errors is the value written for the Errors field, nil when absent.
	// Contract is what it resolves to, or nil when it is absent or not
	// statically known (see Contract.NotStatic for the latter's reasons).
	Errors   ast.Expr
	Contract *Contract

	// HandlerExpr is the value written for the Handler field, nil when
	// absent. What it denotes, and how its results reach the client, is
	// the error-flow layer's to say.
	HandlerExpr ast.Expr
}

// Pos returns the position to report findings about the tool at.
func (t *Tool) Pos() token.Pos { return t.Lit.Pos() }

// A Contract is a tool's list of declared failures.
type Contract struct {
	// Lit is the []mcperr.Contract literal, or nil for a contract declared
	// in another package and known through a fact.
	Lit     *ast.CompositeLit
	Entries []*Entry
	// Sites are, parallel to Entries, the elements of Lit that wrote each
	// entry: the entry literal itself, or a variable naming one.
	Sites []ast.Expr

	// NotStatic lists the elements whose entry cannot be known statically
	// (not a literal, nor a variable initialised by one).
	NotStatic []ast.Expr
}

// Reasons returns the constant reasons of the contract's entries, in order.
func (c *Contract) Reasons() []string {
	var out []string
	for _, e := range c.Entries {
		if r, ok := e.Reason.String(); ok {
			out = append(out, r)
		}
	}
	return out
}

// Lookup returns the entry for reason; the last one wins, as at run time.
func (c *Contract) Lookup(reason string) *Entry {
	for i := len(c.Entries) - 1; i >= 0; i-- {
		if r, ok := c.Entries[i].Reason.String(); ok && r == reason {
			return c.Entries[i]
		}
	}
	return nil
}

// An Entry is one mcperr.Contract value.
type Entry struct {
	// Lit is the literal the entry is written as, or nil for an entry
	// declared in another package.
	Lit *ast.CompositeLit

	Reason, When, Recovery, Code, Retryable, Severity, ThrownByService Field
}

// Pos returns where the entry is written, or token.NoPos.
func (e *Entry) Pos() token.Pos {
	if e.Lit == nil {
		return token.NoPos
	}
	return e.Lit.Pos()
}

// A Field is one field of a contract entry as written.
type Field struct {
	Written bool           // the field appears in the literal
	Expr    ast.Expr       // its value expression; nil for foreign entries
	Value   constant.Value // its constant value; nil when not constant
}

// Constant reports whether the field is written with a constant value.
func (f Field) Constant() bool { return f.Value != nil }

// String returns the field's value when it is a string constant.
func (f Field) String() (string, bool) {
	if f.Value == nil || f.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(f.Value), true
}

// Int returns the field's value when it is an integer constant.
func (f Field) Int() (int64, bool) {
	if f.Value == nil || f.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(f.Value)
}

// Bool returns the field's value when it is a boolean constant; an absent
// field is false, as in the literal.
func (f Field) Bool() (bool, bool) {
	if !f.Written {
		return false, true
	}
	if f.Value == nil || f.Value.Kind() != constant.Bool {
		return false, false
	}
	return constant.BoolVal(f.Value), true
}

// entryFields are the fields of mcperr.Contract in declaration order, so
// that unkeyed literals can be read too.
var entryFields = []string{"Reason", "When", "Recovery", "Code", "Retryable", "Severity", "ThrownByService"}

// field returns a pointer to the named field of e.
func (e *Entry) field(name string) *Field {
	switch name {
	case "Reason":
		return &e.Reason
	case "When":
		return &e.When
	case "Recovery":
		return &e.Recovery
	case "Code":
		return &e.Code
	case "Retryable":
		return &e.Retryable
	case "Severity":
		return &e.Severity
	case "ThrownByService":
		return &e.ThrownByService
	}
	return nil
}

// ContractFact is an object fact on a package-level variable of type
// []mcperr.Contract or mcperr.Contract initialised by a literal and never
// reassigned, so that a tool in another package can use it as its contract.
type ContractFact struct {
	Entries []EntryFact
}

// An EntryFact is a contract entry's constant fields.
type EntryFact struct {
	Reason, When, Recovery     string
	Code, Severity             int64
	Retryable, ThrownByService bool
	Written                    uint8 // bit i set: entryFields[i] is written and constant
}

func (*ContractFact) AFact()         {}
func (*ContractFact) String() string { return "contract" }

// factOf returns the fact recording entries.
func factOf(entries []*Entry) *ContractFact {
	fact := &ContractFact{Entries: make([]EntryFact, len(entries))}
	for i, e := range entries {
		ef := &fact.Entries[i]
		ef.Reason, _ = e.Reason.String()
		ef.When, _ = e.When.String()
		ef.Recovery, _ = e.Recovery.String()
		ef.Code, _ = e.Code.Int()
		ef.Severity, _ = e.Severity.Int()
		ef.Retryable, _ = e.Retryable.Bool()
		ef.ThrownByService, _ = e.ThrownByService.Bool()
		for bit, name := range entryFields {
			if f := e.field(name); f.Written && f.Constant() {
				ef.Written |= 1 << bit
			}
		}
	}
	return fact
}

// entries rebuilds the entries a fact records.
func (f *ContractFact) entries() []*Entry {
	out := make([]*Entry, len(f.Entries))
	for i, ef := range f.Entries {
		e := &Entry{}
		values := []constant.Value{
			constant.MakeString(ef.Reason), constant.MakeString(ef.When), constant.MakeString(ef.Recovery),
			constant.MakeInt64(ef.Code), constant.MakeBool(ef.Retryable), constant.MakeInt64(ef.Severity),
			constant.MakeBool(ef.ThrownByService),
		}
		for bit, name := range entryFields {
			if ef.Written&(1<<bit) != 0 {
				*e.field(name) = Field{Written: true, Value: values[bit]}
			}
		}
		out[i] = e
	}
	return out
}
