// Fixtures for the preferfail analyzer. The go.work beside this file puts
// the mcperrlint module in the workspace, so the fixtures import the real
// runtime, not a stub.
module fixtures

go 1.26.0
