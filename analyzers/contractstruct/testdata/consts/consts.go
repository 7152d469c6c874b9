// Package consts declares reasons and codes used by other fixtures, so that
// constants from another package are evaluated.
package consts

import "github.com/mcperrlint/mcperrlint/runtime/mcperr"

const (
	ReasonMissing = "book_missing"
	Prefix        = "book_"
	Suffix        = "withdrawn"
)

// Kind is a typed reason constant declared without iota.
type Kind string

const KindOverdue Kind = "loan_overdue"

const Gone = mcperr.CodeNotFound
