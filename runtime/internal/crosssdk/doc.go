// Package crosssdk holds the test that the two SDK bindings answer alike:
// the same call of the same tool gets the same content, isError and
// structuredContent from runtime/mcpsdk on the go-sdk and from
// runtime/mcpgo on mcp-go, each read through its SDK's own client, and the
// same tool is advertised the same way. It has no code of its own.
package crosssdk
