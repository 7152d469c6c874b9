// The demo: a library's MCP server with real error-contract mistakes, one
// of every kind mcperrlint detects. Each line a finding is expected on ends
// with a "// demo: <rule-id>[,<rule-id>]" comment (or is preceded by a
// "// demo+1: ..." line, where a trailing comment cannot go);
// cmd/mcperrlint's integration test holds the linter to exactly that set.
//
// The go.work beside this file puts the mcperrlint module and the runtime's
// modules (mcperr, mcpsdk) in the workspace, as a user's released versions
// would.
module example.com/library

go 1.26.0

require github.com/mark3labs/mcp-go v1.2.1
