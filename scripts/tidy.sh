#!/usr/bin/env bash
# tidy.sh runs go mod tidy in every module of this repository: the linter
# (the root), the runtime modules, the runtime's cross-SDK test and the
# examples.
#
# The modules require each other at the runtime's release version, as a
# user's module would, and never with a replace directive (go install
# pkg@version refuses a module that has one). go.work maps that version to
# the checkout for development; go mod tidy ignores go.work, so this script
# gives each module's tidy the same mapping with temporary replace
# directives, and removes them again. A runtime requirement that tidy adds
# is written at the release version.
#
# Usage: scripts/tidy.sh        (network or a warm module cache)
set -euo pipefail
cd "$(dirname "$0")/.."

# The runtime's release version, which every module requires the runtime
# modules at; go.work replaces exactly this version.
runtime_version=v0.1.0
root=github.com/mcperrlint/mcperrlint
runtime_dirs="runtime/mcperr runtime/internal runtime/mcpsdk runtime/mcpgo"
modules=". $runtime_dirs runtime/internal/crosssdk examples"

for mod in $modules; do
	(
		cd "$mod"
		up=$(realpath --relative-to=. "$OLDPWD")
		for dir in $runtime_dirs; do
			[ "$dir" = "$mod" ] || go mod edit -replace "$root/$dir=$up/$dir"
		done
		GOWORK=off GOFLAGS=-mod=mod go mod tidy
		for dir in $runtime_dirs; do
			[ "$dir" = "$mod" ] || go mod edit -dropreplace "$root/$dir"
			if go mod edit -json | grep -q "\"Path\": \"$root/$dir\",\$"; then
				go mod edit -require "$root/$dir@$runtime_version"
			fi
		done
		echo "tidied $mod"
	)
done
