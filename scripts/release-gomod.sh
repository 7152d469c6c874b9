#!/usr/bin/env bash
# release-gomod.sh writes the go.mod files of a release: it drops, from the
# published modules (the linter at the root and the runtime's modules), the
# replace directives that point the runtime's release version at the
# checkout, and fails if a module still has a replace or an exclude.
#
# Run it on the commit you tag, as gopls's release drops its replace of
# x/tools: go install pkg@version refuses a module whose go.mod has a
# replace or exclude directive (a user's build ignores them anyway). The
# development branch keeps the lines, so that each module builds from a
# clone on its own (GOWORK=off). internal/workspace's TestGoInstallAtVersion
# releases a copy of the checkout through this script and installs the
# linter from it.
#
# Usage: scripts/release-gomod.sh
#   then commit, tag the runtime's modules (runtime/mcperr/vX.Y.Z, …) and
#   the linter (vX.Y.Z) on that commit, and keep the development branch
#   as it was.
set -euo pipefail
cd "$(dirname "$0")/.."

# The runtime's release version, which the modules require and replace.
runtime_version=v0.1.0
root=github.com/mcperrlint/mcperrlint
runtime_dirs="runtime/mcperr runtime/internal runtime/mcpsdk runtime/mcpgo"
published=". $runtime_dirs"

for mod in $published; do
	(
		cd "$mod"
		for dir in $runtime_dirs; do
			go mod edit -dropreplace "$root/$dir@$runtime_version"
		done
		if go mod edit -json | grep -q '^	"\(Replace\|Exclude\)": \['; then
			echo "release-gomod.sh: $mod/go.mod still has replace or exclude directives; go install pkg@version would refuse it" >&2
			exit 1
		fi
		echo "released $mod/go.mod"
	)
done
