// Package models is the response type two clients of one vendor share:
// each keeps the body of every response in its Bytes buffer.
package models

import "bytes"

// A Response is what every call answers besides its value.
type Response struct {
	Code  int
	Bytes bytes.Buffer
}
