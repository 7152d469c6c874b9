#!/usr/bin/env bash
# tidy.sh runs go mod tidy in every module of this repository: the linter
# (the root), the runtime modules, the runtime's cross-SDK test and the
# examples, each on its own (GOWORK=off), as a clone builds it.
#
# The modules require each other at the runtime's release version, as a
# user's module would, and replace exactly that version with the checkout
# (a relative path), so that each builds without go.work. Releases drop
# those lines (scripts/release-gomod.sh): go install pkg@version refuses a
# module whose go.mod has any. Before each tidy, this script adds the
# replace lines a module lacks, so that a new import of another runtime
# module resolves to the checkout; after it, a module keeps the replace
# lines of the runtime modules it requires, and only those. A runtime
# requirement that tidy adds is written at the release version.
#
# Not go work sync: it writes the workspace's versions, which the linter's
# pins decide, into every module, and would raise the runtime's (x/sys,
# x/sync, x/tools for the go-sdk's tests) in its users' builds.
#
# Usage: scripts/tidy.sh        (network or a warm module cache)
set -euo pipefail
cd "$(dirname "$0")/.."

# The runtime's release version, which every module requires the runtime
# modules at and replaces with the checkout.
runtime_version=v0.1.0
root=github.com/mcperrlint/mcperrlint
runtime_dirs="runtime/mcperr runtime/internal runtime/mcpsdk runtime/mcpgo"
modules=". $runtime_dirs runtime/internal/crosssdk examples"
top=$PWD

# requires PATH: whether the go.mod in the current directory requires PATH.
requires() {
	go mod edit -json | sed -n '/^\t"Require": \[/,/^\t\]/p' | grep -q "\"Path\": \"$1\",\$"
}

# replaces PATH: whether it replaces PATH at the release version.
replaces() {
	go mod edit -json | sed -n '/^\t"Replace": \[/,/^\t\]/p' | grep -A1 "\"Path\": \"$1\",\$" |
		grep -q "\"Version\": \"$runtime_version\"\$"
}

for mod in $modules; do
	(
		cd "$mod"
		for dir in $runtime_dirs; do
			[ "$dir" != "$mod" ] || continue
			target=$(realpath -m --relative-to=. "$top/$dir")
			case $target in ..*) ;; *) target=./$target ;; esac
			replaces "$root/$dir" || go mod edit -replace "$root/$dir@$runtime_version=$target"
		done
		GOWORK=off GOFLAGS=-mod=mod go mod tidy
		for dir in $runtime_dirs; do
			[ "$dir" != "$mod" ] || continue
			if requires "$root/$dir"; then
				go mod edit -require "$root/$dir@$runtime_version"
			else
				go mod edit -dropreplace "$root/$dir@$runtime_version"
			fi
		done
		echo "tidied $mod"
	)
done
