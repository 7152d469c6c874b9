package answerkit

// Package answerkit is a session whose methods answer with what they did,
// and with what failed in a field of the answer: never with an error.

import (
	"errors"
	"fmt"
)

// Answer is what an operation did, or why it could not.
type Answer struct {
	Done  bool   `json:"done"`
	Error string `json:"error,omitempty"`
}

func answer(err error) Answer {
	if err != nil {
		return Answer{Error: err.Error()}
	}
	return Answer{Done: true}
}

// Session is a debugging session.
type Session struct{ attached bool }

func (s *Session) attach() error {
	if !s.attached {
		return errors.New("not attached")
	}
	return nil
}

// Continue runs the program on; its failure is in the answer.
func (s *Session) Continue() Answer { // want Continue:"answer pending: preserve-cause-on-rethrow@.*"
	if err := s.attach(); err != nil {
		return answer(fmt.Errorf("continue: %v", err)) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v`
	}
	return answer(nil)
}

func (s *Session) ping() error {
	if err := s.attach(); err != nil {
		return fmt.Errorf("ping: %v", err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v`
	}
	return nil
}

// Halt stops the program; its own failure keeps the cause, its helper's
// does not.
func (s *Session) Halt() Answer { // want Halt:"answer pending: preserve-cause-on-rethrow@.*"
	if err := s.ping(); err != nil {
		return answer(fmt.Errorf("halt: %w", err))
	}
	return answer(nil)
}
