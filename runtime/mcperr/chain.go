package mcperr

// maxChain bounds how many errors walkChain visits, so that a cyclic or
// absurdly deep chain costs bounded time.
const maxChain = 1000

// walkChain calls visit on err and on every error it wraps, depth first and
// in the order errors.Is and errors.As use, until visit returns true. It
// reports whether visit did. An Unwrap method that panics ends the walk
// instead of the caller.
func walkChain(err error, visit func(error) bool) (found bool) {
	defer func() {
		if recover() != nil {
			found = false
		}
	}()
	budget := maxChain
	return walk(err, visit, &budget)
}

func walk(err error, visit func(error) bool, budget *int) bool {
	for err != nil && *budget > 0 {
		*budget--
		if visit(err) {
			return true
		}
		switch u := err.(type) {
		case interface{ Unwrap() error }:
			err = u.Unwrap()
		case interface{ Unwrap() []error }:
			for _, inner := range u.Unwrap() {
				if walk(inner, visit, budget) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
	return false
}

// firstError returns the first non-nil *Error in err's chain, or nil.
func firstError(err error) *Error {
	var found *Error
	walkChain(err, func(err error) bool {
		found = asError(err)
		return found != nil
	})
	return found
}

// asError returns the *Error that err itself is, as its client sees it: err,
// or the resolved *Error of a resolvedError (whose own chain holds the
// unresolved one), or nil.
func asError(err error) *Error {
	switch e := err.(type) {
	case *Error:
		return e
	case *resolvedError:
		return e.resolved
	}
	return nil
}
