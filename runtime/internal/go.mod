module github.com/mcperrlint/mcperrlint/runtime/internal

go 1.26.0

require (
	github.com/google/go-cmp v0.7.0
	github.com/google/jsonschema-go v0.4.3
	github.com/mcperrlint/mcperrlint/runtime/mcperr v0.1.0
)
