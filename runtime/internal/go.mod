module github.com/mcperrlint/mcperrlint/runtime/internal

go 1.26.0

require (
	github.com/google/go-cmp v0.7.0
	github.com/google/jsonschema-go v0.4.3
	github.com/mcperrlint/mcperrlint/runtime/mcperr v0.1.0
)

// The runtime's release version is this checkout, so that the module builds
// from a clone on its own (GOWORK=off), as gopls does with its replace of
// x/tools. A user's build ignores these lines; a release drops them
// (scripts/release-gomod.sh), since go install pkg@version refuses a go.mod
// that has any.
replace github.com/mcperrlint/mcperrlint/runtime/mcperr v0.1.0 => ../mcperr
