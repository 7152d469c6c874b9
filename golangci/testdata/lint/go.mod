// The module the golangci-lint build test lints with the custom binary.
// Each line a finding is expected on ends with "// golangci: <rule-id>";
// fix/*.go.golden are the files after golangci-lint run --fix. The go.work
// beside this file puts the mcperrlint module in the workspace.
module example.com/gcl

go 1.26.0
