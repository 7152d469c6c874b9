// Package engineplan plans a job on an engine of package engines, through
// its interface only: the causes the engines lose are lost for whoever
// calls Plan, two packages away from where they are lost.
package engineplan

import (
	"fmt"

	"fixtures/engines"
)

// A Job is a planned job.
type Job struct{ Engine string }

// Plan configures the engine called name for model.
func Plan(name, model string) (*Job, error) {
	e := engines.New(name)
	if err := configure(e, model); err != nil {
		return nil, err
	}
	return &Job{Engine: e.Name()}, nil
}

func configure(e engines.Engine, model string) error {
	if err := e.Configure(model); err != nil {
		return fmt.Errorf("configuring %s: %w", e.Name(), err)
	}
	return nil
}
