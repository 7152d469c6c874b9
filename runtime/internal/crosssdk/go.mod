module github.com/mcperrlint/mcperrlint/runtime/internal/crosssdk

go 1.26.0

require (
	github.com/google/go-cmp v0.7.0
	github.com/mark3labs/mcp-go v1.2.1
	github.com/mcperrlint/mcperrlint/runtime/internal v0.1.0
	github.com/mcperrlint/mcperrlint/runtime/mcperr v0.1.0
	github.com/mcperrlint/mcperrlint/runtime/mcpgo v0.1.0
	github.com/mcperrlint/mcperrlint/runtime/mcpsdk v0.1.0
	github.com/modelcontextprotocol/go-sdk v1.8.0
)

require (
	github.com/google/jsonschema-go v0.4.3 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.2 // indirect
	github.com/segmentio/asm v1.1.3 // indirect
	github.com/segmentio/encoding v0.5.4 // indirect
	github.com/spf13/cast v1.7.1 // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
	golang.org/x/oauth2 v0.35.0 // indirect
	golang.org/x/sync v0.20.0 // indirect
	golang.org/x/sys v0.41.0 // indirect
	golang.org/x/text v0.14.0 // indirect
	golang.org/x/time v0.15.0 // indirect
)

// The runtime's release version is this checkout, so that the module builds
// from a clone on its own (GOWORK=off). The module is not published.
replace (
	github.com/mcperrlint/mcperrlint/runtime/internal v0.1.0 => ..
	github.com/mcperrlint/mcperrlint/runtime/mcperr v0.1.0 => ../../mcperr
	github.com/mcperrlint/mcperrlint/runtime/mcpgo v0.1.0 => ../../mcpgo
	github.com/mcperrlint/mcperrlint/runtime/mcpsdk v0.1.0 => ../../mcpsdk
)
