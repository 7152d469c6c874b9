// Fixtures for the whole suite: small servers, each in several packages,
// in the shapes real Go MCP servers take (see "What is followed" in
// docs/how-a-return-reaches-the-client.md). The go.work beside this file
// puts the mcperrlint module in the workspace, so the fixtures use the
// real runtime, go-sdk and mcp-go.
module fixtures

go 1.26.0

require (
	example.com/upstream v0.0.0
	github.com/mark3labs/mcp-go v1.2.1
	resty.dev/v3 v3.0.0
)

// An API client library, a module outside the workspace (see upstream/go.mod).
replace example.com/upstream v0.0.0 => ./upstream

// The part of an HTTP client library the fixtures use (see restystub/go.mod).
replace resty.dev/v3 v3.0.0 => ./restystub
