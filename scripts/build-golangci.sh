#!/usr/bin/env bash
# build-golangci.sh builds a custom golangci-lint containing the mcperrlint
# module plugin (package github.com/mcperrlint/mcperrlint/golangci), using
# only the Go module proxy: no git clone, unlike `golangci-lint custom`.
#
# It does what `golangci-lint custom` does, from module sources:
#   1. a temporary main module requires github.com/golangci/golangci-lint/v2
#      at GOLANGCI_LINT_VERSION and mcperrlint (replaced by this checkout,
#      with the runtime modules it requires, or at MCPERRLINT_VERSION from
#      the proxy, which resolves the runtime version that release requires);
#   2. its main package is golangci-lint's own cmd/golangci-lint/main.go,
#      copied from the module cache, plus a plugins.go with a blank import
#      of the plugin;
#   3. it checks that adding mcperrlint moves none of golangci-lint's own
#      dependency versions (`go list -m all` with and without it), and that
#      mcperrlint pins x/tools, staticcheck and go-cmp exactly where
#      golangci-lint does, and fails loudly if not (see "Environment" for
#      modules that are only in the module graph);
#   4. it builds with the ldflags `golangci-lint custom` uses.
#
# Usage: scripts/build-golangci.sh [-o OUTPUT]   (default OUTPUT: ./custom-gcl)
#
# Environment:
#   GOLANGCI_LINT_VERSION  golangci-lint version (default v2.15.0)
#   MCPERRLINT_VERSION     build a released mcperrlint from the proxy instead
#                          of this checkout (e.g. v0.1.0)
#   MCPERRLINT_GCL_WORK    where the build modules are kept between runs
#                          (default: $XDG_CACHE_HOME/mcperrlint/golangci-build,
#                          or ~/.cache/...); the builds themselves are cached
#                          by the go command in GOCACHE and GOMODCACHE, so a
#                          second build is fast. In CI, cache those two.
#   MCPERRLINT_GCL_STRICT=1     also fail when a module moves that is only in
#                          the module graph (no package of it is linked);
#                          by default that is a warning
#   MCPERRLINT_GCL_ALLOW_MOVES  space-separated modules exempt from that
set -euo pipefail

version=${GOLANGCI_LINT_VERSION:-v2.15.0}
out=./custom-gcl
while [ $# -gt 0 ]; do
	case $1 in
	-o) out=$2; shift 2 ;;
	-o=*) out=${1#-o=}; shift ;;
	-h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	*) echo "build-golangci.sh: unknown argument $1 (usage: build-golangci.sh [-o OUTPUT])" >&2; exit 2 ;;
	esac
done
case $out in /*) ;; *) out=$PWD/$out ;; esac

repo=$(cd "$(dirname "$0")/.." && pwd)
work=${MCPERRLINT_GCL_WORK:-${XDG_CACHE_HOME:-$HOME/.cache}/mcperrlint/golangci-build}
# The build modules stand alone (no go.work of a directory above) and are
# tidied here; the user's other GOFLAGS are kept.
export GOWORK=off GOFLAGS="${GOFLAGS:+$GOFLAGS }-mod=mod"
start=$(date +%s)

say() { echo "build-golangci.sh: $*" >&2; }
fail() { say "FAIL: $*"; exit 1; }

# golangci-lint's main.go, from the module cache.
gcl_dir=$(go mod download -json "github.com/golangci/golangci-lint/v2@$version" |
	sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
[ -n "$gcl_dir" ] && [ -f "$gcl_dir/cmd/golangci-lint/main.go" ] ||
	fail "cannot download github.com/golangci/golangci-lint/v2@$version"

# module DIR [PLUGIN]: writes a main module in DIR requiring golangci-lint,
# and the plugin when PLUGIN is set, and tidies it.
module() {
	local dir=$1 plugin=${2:-}
	mkdir -p "$dir"
	rm -f "$dir/go.mod" "$dir/go.sum" "$dir/plugins.go"
	cp "$gcl_dir/cmd/golangci-lint/main.go" "$dir/main.go"
	chmod u+w "$dir/main.go"
	(
		cd "$dir"
		go mod init mcperrlint.local/golangci-lint >/dev/null 2>&1
		go mod edit -require "github.com/golangci/golangci-lint/v2@$version"
		if [ -n "$plugin" ]; then
			if [ -n "${MCPERRLINT_VERSION:-}" ]; then
				go mod edit -require "github.com/mcperrlint/mcperrlint@$MCPERRLINT_VERSION"
			else
				# The checkout's linter requires the runtime's modules at
				# their release version; go.work maps it to the checkout,
				# and so must this module, which ignores go.work.
				go mod edit -require "github.com/mcperrlint/mcperrlint@v0.0.0" \
					-replace "github.com/mcperrlint/mcperrlint=$repo"
				for dir in runtime/mcperr runtime/internal runtime/mcpsdk runtime/mcpgo; do
					go mod edit -replace "github.com/mcperrlint/mcperrlint/$dir=$repo/$dir"
				done
			fi
			printf 'package main\n\n// Module plugins, as golangci-lint custom writes them.\nimport (\n\t_ "github.com/mcperrlint/mcperrlint/golangci"\n)\n' >plugins.go
		fi
		go mod tidy
	)
}

say "golangci-lint $version alone, for its own dependency versions"
module "$work/base"
(cd "$work/base" && go list -m -f '{{.Path}} {{.Version}}' all) | sort >"$work/base.versions"

say "golangci-lint $version with the mcperrlint plugin"
module "$work/custom" plugin
(cd "$work/custom" && go list -m -f '{{.Path}} {{.Version}}' all) | sort >"$work/custom.versions"

# Every module of golangci-lint's build must keep its version. A module
# that provides a package to the binary would change the binary: always
# fatal. A module that is only in the module graph changes go.mod, not the
# binary: reported loudly, and fatal with MCPERRLINT_GCL_STRICT=1 unless
# listed in MCPERRLINT_GCL_ALLOW_MOVES.
(cd "$work/custom" && go list -deps -f '{{with .Module}}{{.Path}}{{end}}' .) | sort -u >"$work/linked.modules"
moved=$(join -j1 <(sed '1d' "$work/base.versions") <(sed '1d' "$work/custom.versions") | awk '$2 != $3')
fatal= warned=
while read -r mod was now; do
	[ -n "$mod" ] || continue
	line="  $mod: $was -> $now"
	if grep -qxF "$mod" "$work/linked.modules"; then
		fatal+="$line (linked into golangci-lint)"$'\n'
	elif [ "${MCPERRLINT_GCL_STRICT:-}" = 1 ] && [[ " ${MCPERRLINT_GCL_ALLOW_MOVES:-} " != *" $mod "* ]]; then
		fatal+="$line (in the module graph only)"$'\n'
	else
		warned+="$line"$'\n'
	fi
done <<<"$moved"
[ -z "$fatal" ] || fail "adding mcperrlint moves golangci-lint's dependencies:
$fatal${warned:+and, in the module graph only:
$warned}"
if [ -n "$warned" ]; then
	say "WARNING: adding mcperrlint moves golangci-lint dependencies that are in the module graph only; no package of theirs is linked into golangci-lint, so the binary is unchanged:
${warned%$'\n'}"
else
	say "no golangci-lint dependency moved"
fi
added=$(join -v2 -j1 <(sed '1d' "$work/base.versions") <(sed '1d' "$work/custom.versions") | awk '{ print "  " $1 " " $2 }')
say "modules added by mcperrlint:
${added:-  (none)}"

# mcperrlint is tested against exactly the versions golangci-lint builds
# with; a module mcperrlint does not require cannot move anything.
for mod in golang.org/x/tools honnef.co/go/tools github.com/google/go-cmp; do
	# In the repository's workspace (its go.work), which resolves the
	# runtime modules the linter requires to the checkout.
	ours=$(cd "$repo" && env -u GOWORK GOFLAGS=-mod=readonly go list -m -f '{{.Version}}' "$mod" 2>/dev/null || true)
	theirs=$(awk -v m="$mod" '$1 == m { print $2 }' "$work/base.versions")
	if [ -n "$ours" ] && [ "$ours" != "$theirs" ]; then
		fail "mcperrlint requires $mod $ours, golangci-lint $version builds with ${theirs:-none}"
	fi
	say "$mod: golangci-lint ${theirs:-(none)}, mcperrlint ${ours:-(not required)}"
done

say "building $out"
(
	cd "$work/custom"
	go build -ldflags "-s -w -X 'main.version=${version#v}-custom-mcperrlint' -X 'main.date=$(date -u +%Y-%m-%d)'" -o "$out" .
)
"$out" version >&2
say "done in $(($(date +%s) - start))s"
