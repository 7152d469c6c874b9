#!/usr/bin/env bash
# Runs every check and test of mcperrlint, as CI does: formatting, go vet,
# staticcheck, the unit and integration tests, the end-to-end checks (the
# golangci-lint plugin build, the real-world corpus) and the standard
# library sweep, and the TypeScript MCP SDK's client against the example
# servers. Works on a fresh machine with Go, the module proxy, Node.js 20 or
# later with npm, and the npm registry.
#
#	bash scripts/test.sh          # everything
#	MCPERRLINT_E2E=0 bash scripts/test.sh   # skip the slow end-to-end checks
#	MCPERRLINT_TSCLIENT=0 bash scripts/test.sh   # skip the TypeScript client (not in CI)
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s\n' "$*"; }

# The repository is a workspace (go.work): the linter at the root, the
# runtime's modules, the runtime's cross-SDK test and the examples. This
# pattern names every package of all of them; ./... would name the root
# module's alone.
all=github.com/mcperrlint/mcperrlint/...

step "download modules"
go mod download
# The analyzer fixtures and the demo are modules of their own, beside this
# one in a go.work; analysistest loads them with GOPROXY=off, so their
# dependencies must be in the module cache first.
find . -name go.work -not -path './.git/*' -not -path '*/node_modules/*' -print0 | while IFS= read -r -d '' work; do
	(cd "$(dirname "$work")" && go mod download)
done

step "gofmt"
unformatted=$(find . -name '*.go' -not -path '*/testdata/*' -not -path './.git/*' -print0 | xargs -0 gofmt -l)
if [ -n "$unformatted" ]; then
	printf 'gofmt would change:\n%s\n' "$unformatted"
	exit 1
fi

step "go vet"
go vet "$all"

step "staticcheck"
go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 "$all"

step "go test"
export MCPERRLINT_E2E="${MCPERRLINT_E2E:-1}"
go test -timeout 25m "$all"

step "TypeScript SDK client against the example servers (npm ci, node --test)"
if [ "${MCPERRLINT_TSCLIENT:-1}" = 0 ] && [ "${CI:-}" != true ]; then
	echo "SKIPPED: MCPERRLINT_TSCLIENT=0"
else
	if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
		echo "the TypeScript client test needs Node.js 20 or later and npm on PATH (MCPERRLINT_TSCLIENT=0 skips it outside CI)" >&2
		exit 1
	fi
	node --version
	(
		cd examples/testdata/tsclient
		npm ci --no-audit --no-fund
		npm test
	)
fi

step "standard library sweep (no panic, no analyzer error, no finding)"
go run ./cmd/mcperrlint std

echo
echo "all checks passed"
