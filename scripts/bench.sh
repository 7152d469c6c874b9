#!/usr/bin/env bash
# Benchmarks mcperrlint against the cost it cannot avoid (a no-op analyzer
# through the same loader) and against go vet, on a synthetic server and on
# github.com/grafana/mcp-grafana, and prints the figures as Markdown.
#
#   scripts/bench.sh                      # the default: synthetic 100 and 1000 tools, mcp-grafana
#   scripts/bench.sh -synth 10000 -grafana=false -std   # the slow corpora
#   scripts/bench.sh -h                   # every flag
#
# Needs only the Go module proxy. Corpora and tools live in
# ~/.cache/mcperrlint-bench unless -work says otherwise; the first run also
# compiles mcp-grafana's dependencies, a few minutes on two cores, once.
# docs/performance.md explains the table.
set -euo pipefail
cd "$(dirname "$0")/.."
exec go run ./internal/bench/cmd/bench "$@"
