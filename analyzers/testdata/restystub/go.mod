// The part of resty (resty.dev/v3) the fixtures use, in its own words:
// a response that keeps the body it read and hands it out through
// String and Bytes. The layer knows those accessors from its table of
// library models (errflow/models.go), not from these bodies.
module resty.dev/v3

go 1.26.0
