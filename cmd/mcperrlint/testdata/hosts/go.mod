// A small MCP server for the -format and catalog tests of cmd/mcperrlint.
// The go.work beside this file puts the mcperrlint module in the workspace.
module example.com/hosts

go 1.26.0
