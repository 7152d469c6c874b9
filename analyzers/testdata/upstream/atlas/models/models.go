// Package models is a client library's response type: the library keeps
// the body of every response in its Bytes buffer.
package models

import "bytes"

// A Response is what every call of the API answers besides its value.
type Response struct {
	Code     int
	Endpoint string
	Bytes    bytes.Buffer
}
