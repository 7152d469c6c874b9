// Fixtures for the model. The go.work beside this file puts the mcperrlint
// module in the workspace, so the fixtures use the real runtime and SDKs.
module fixtures

go 1.26.0

require github.com/mark3labs/mcp-go v1.2.1
