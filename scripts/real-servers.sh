#!/usr/bin/env bash
# Runs mcperrlint on real Go MCP servers already on disk and prints a
# Markdown table of findings by rule and time, scored against reviews when
# -review names a directory of them. Fetches nothing.
#
#   scripts/real-servers.sh ~/src/github-mcp-server ~/src/gopls=./internal/mcp
#   scripts/real-servers.sh -review ~/reviews -out /tmp/findings ~/src/*-mcp-server
set -euo pipefail
cd "$(dirname "$0")/.."
exec go run ./internal/realservers "$@"
