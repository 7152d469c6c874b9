package mcperr

import "errors"

// CodeOf returns the code of the first *Error in err's chain, or Classify(err)
// when there is none. CodeOf(nil) is 0, which is not a known code.
func CodeOf(err error) Code {
	if err == nil {
		return 0
	}
	var e *Error
	if errors.As(err, &e) && e != nil {
		return e.code
	}
	return Classify(err)
}

// Classify guesses the code of an error that is not an *Error.
// TODO(runtime): Go-native types first, then the message-pattern tables.
func Classify(err error) Code {
	if err == nil {
		return 0
	}
	return CodeInternalError
}
