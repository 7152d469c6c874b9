// Package sdkfacts pins the mcp-go v1.2.1 behaviours the sdkresult rules
// encode; its test calls handlers through mcp-go's in-process client. It
// lives in the fixture module because the mcperrlint module does not
// require mcp-go; sdkresult's TestMCPGoBehaviours runs it.
package sdkfacts
