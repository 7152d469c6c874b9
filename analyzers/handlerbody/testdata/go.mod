// Fixtures for the handlerbody analyzer. The go.work beside this file puts
// the mcperrlint module in the workspace, so the fixtures use the real
// runtime, go-sdk and mcp-go packages, not stubs.
module fixtures

go 1.26.0

require github.com/mark3labs/mcp-go v1.2.1
