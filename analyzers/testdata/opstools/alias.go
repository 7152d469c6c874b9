package opstools

import (
	"context"
	"errors"
	"os"

	o "fixtures/ops"
)

// Config reads the server's config, through an aliased import and a
// function returned where an OperationFunc is: an operation all the same.
func Config() o.OperationFunc {
	return func(ctx context.Context, args map[string]any) (string, error) {
		data, err := os.ReadFile("/etc/ops.conf")
		if err != nil {
			return "", errors.New("no config") // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
		}
		return string(data), nil
	}
}

// Secrets loses its cause on purpose, and says so: a directive is honoured
// in a package that imports neither an SDK nor the runtime.
func Secrets() o.OperationFunc {
	return func(ctx context.Context, args map[string]any) (string, error) {
		if _, err := os.ReadFile("/etc/ops.secret"); err != nil {
			//mcperrlint:ignore preserve-cause-on-rethrow the path of the secret must not reach the client
			return "", errors.New("no secret")
		}
		return "", nil
	}
}
