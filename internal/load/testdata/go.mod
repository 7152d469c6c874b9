// A server for the loader's tests: a handler reaching the runtime's errors
// two packages away, a helper that does not reach the runtime, and a
// package that imports an SDK. The go.work beside this file puts the
// mcperrlint module in the workspace, so the fixture uses the real runtime.
module fixture

go 1.26.0
