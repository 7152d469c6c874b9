module example.com/ticketclient

go 1.24
