#!/usr/bin/env bash
# Runs every check and test of mcperrlint, as CI does: formatting, go vet,
# staticcheck, the unit and integration tests, the end-to-end checks (the
# golangci-lint plugin build, the real-world corpus) and the standard
# library sweep. Works on a fresh machine with Go and the module proxy.
#
#	bash scripts/test.sh          # everything
#	MCPERRLINT_E2E=0 bash scripts/test.sh   # skip the slow end-to-end checks
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s\n' "$*"; }

step "download modules"
go mod download
# The analyzer fixtures and the demo are modules of their own, beside this
# one in a go.work; analysistest loads them with GOPROXY=off, so their
# dependencies must be in the module cache first.
find . -name go.work -not -path './.git/*' -print0 | while IFS= read -r -d '' work; do
	(cd "$(dirname "$work")" && go mod download)
done

step "gofmt"
unformatted=$(find . -name '*.go' -not -path '*/testdata/*' -not -path './.git/*' -print0 | xargs -0 gofmt -l)
if [ -n "$unformatted" ]; then
	printf 'gofmt would change:\n%s\n' "$unformatted"
	exit 1
fi

step "go vet"
go vet ./...

step "staticcheck"
go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...

step "go test"
export MCPERRLINT_E2E="${MCPERRLINT_E2E:-1}"
go test -timeout 25m ./...

step "standard library sweep (no panic, no analyzer error, no finding)"
go run ./cmd/mcperrlint std

echo
echo "all checks passed"
