// Fixtures for the sdkresult analyzer. The go.work beside this file puts
// the mcperrlint module in the workspace, so the fixtures use the real
// runtime, the real go-sdk (required by the mcperrlint module) and the real
// mcp-go (required here), never stubs.
module fixtures

go 1.26.0

require github.com/mark3labs/mcp-go v1.2.1
