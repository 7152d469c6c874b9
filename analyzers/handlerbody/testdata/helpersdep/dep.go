// Package helpersdep is another package's helper: its body is not
// followed from the handlers of package helpers.
package helpersdep

import (
	"fmt"
	"io"
	"net/http"
)

// Get returns an error carrying the body of a failed response.
func Get(url string) ([]byte, error) {
	resp, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, readErr := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("status %d: %s", resp.StatusCode, body) // not followed from another package
	}
	return body, readErr
}
