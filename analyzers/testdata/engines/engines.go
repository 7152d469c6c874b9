// Package engines holds the inference engines a server can plan with,
// each behind one interface. Configuring an engine fails in ways of its
// own; the package that picks one never sees which.
package engines

import (
	"errors"
	"fmt"
	"os"
	"strconv"
)

// An Engine answers prompts once configured.
type Engine interface {
	Configure(model string) error
	Name() string
}

// New returns the engine called name.
func New(name string) Engine {
	switch name {
	case "local":
		return &Local{}
	case "hosted":
		return &Hosted{}
	}
	return &Careful{}
}

// Local runs a model from disk.
type Local struct{ weights []byte }

func (e *Local) Configure(model string) error {
	data, err := os.ReadFile(model)
	if err != nil {
		return fmt.Errorf("loading the weights of %s: %v", model, err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v`
	}
	e.weights = data
	return nil
}

func (e *Local) Name() string { return "local" }

// Hosted asks a hosted model, whose quota comes from the environment.
type Hosted struct{ quota int }

func (e *Hosted) Configure(model string) error {
	q, err := quota()
	if err != nil {
		return errors.New("the quota is not set") // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	e.quota = q
	return nil
}

func (e *Hosted) Name() string { return "hosted" }

func quota() (int, error) {
	n, err := strconv.Atoi(os.Getenv("ENGINE_QUOTA"))
	if err != nil {
		return 0, fmt.Errorf("ENGINE_QUOTA: %w", err)
	}
	return n, nil
}

// Careful keeps every cause.
type Careful struct{ model string }

func (e *Careful) Configure(model string) error {
	if _, err := os.Stat(model); err != nil {
		return fmt.Errorf("the model %s: %w", model, err)
	}
	e.model = model
	return nil
}

func (e *Careful) Name() string { return "careful" }
