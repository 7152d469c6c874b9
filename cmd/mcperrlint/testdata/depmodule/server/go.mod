module example.com/ticketserver

go 1.24

require (
	example.com/ticketclient v1.0.0
	github.com/mark3labs/mcp-go v1.2.1
)
