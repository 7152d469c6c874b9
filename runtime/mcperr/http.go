package mcperr

// An HTTPOption configures FromHTTPResponse. Every Option is an HTTPOption.
type HTTPOption interface {
	applyHTTP(*httpConfig)
}

// httpConfig collects what FromHTTPResponse's options say.
type httpConfig struct {
	errorOptions []Option // applied last to the built error
}
