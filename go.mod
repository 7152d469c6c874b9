module github.com/mcperrlint/mcperrlint

go 1.26.0

require (
	github.com/golangci/plugin-module-register v0.1.2
	github.com/google/go-cmp v0.7.0
	github.com/google/jsonschema-go v0.4.3
	github.com/mcperrlint/mcperrlint/runtime/mcperr v0.1.0
	github.com/modelcontextprotocol/go-sdk v1.8.0
	golang.org/x/mod v0.42.0
	golang.org/x/tools v0.52.0
)

require (
	github.com/segmentio/asm v1.1.3 // indirect
	github.com/segmentio/encoding v0.5.4 // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
	golang.org/x/oauth2 v0.35.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/time v0.15.0 // indirect
)

// The runtime's release version is this checkout, so that the module builds
// from a clone on its own (GOWORK=off), as gopls does with its replace of
// x/tools. A user's build ignores these lines; a release drops them
// (scripts/release-gomod.sh), since go install pkg@version refuses a go.mod
// that has any.
replace github.com/mcperrlint/mcperrlint/runtime/mcperr v0.1.0 => ./runtime/mcperr
