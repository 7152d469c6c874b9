module github.com/mcperrlint/mcperrlint/runtime/mcpgo

go 1.26.0

require (
	github.com/google/go-cmp v0.7.0
	github.com/google/jsonschema-go v0.4.3
	github.com/mark3labs/mcp-go v1.2.1
	github.com/mcperrlint/mcperrlint/runtime/internal v0.1.0
	github.com/mcperrlint/mcperrlint/runtime/mcperr v0.1.0
)

require (
	github.com/google/uuid v1.6.0 // indirect
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.2 // indirect
	github.com/spf13/cast v1.7.1 // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
	golang.org/x/text v0.14.0 // indirect
)

// The runtime's release version is this checkout, so that the module builds
// from a clone on its own (GOWORK=off), as gopls does with its replace of
// x/tools. A user's build ignores these lines; a release drops them
// (scripts/release-gomod.sh), since go install pkg@version refuses a go.mod
// that has any.
replace (
	github.com/mcperrlint/mcperrlint/runtime/internal v0.1.0 => ../internal
	github.com/mcperrlint/mcperrlint/runtime/mcperr v0.1.0 => ../mcperr
)
