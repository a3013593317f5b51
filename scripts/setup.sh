#!/usr/bin/env bash
# Idempotent set-up for a fresh machine: a venv with ralphy and its test deps, and the pinned Claude CLI.
# Sourced by scripts/test and scripts/demo. Needs python3 (>= 3.11), node and npm.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${RALPHY_VENV:-$ROOT/.venv}"
CLAUDE_VERSION="2.1.331"  # the pinned CLI (the newest release; NEWEST_TESTED in ralphy/claude/version.py, the same): the demo, and the tests by default
# The supported range besides it (ralphy/claude/version.py): the oldest, the last with `Task`, the last with foreground subagents.
# With RALPHY_TEST_RANGE=1 they are installed too and the end-to-end tests run on each (RALPHY_TEST_CLAUDE_BINS).
CLAUDE_RANGE_VERSIONS="2.0.0 2.1.62 2.1.197"
CLAUDE_CACHE="${RALPHY_CLAUDE_CACHE:-$HOME/.cache/ralphy}"
CLAUDE_PREFIX="$CLAUDE_CACHE/claude-code-$CLAUDE_VERSION"

if [ ! -x "$VENV/bin/python" ]; then
  python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
    || { echo "setup: ralphy needs Python 3.11 or newer; python3 is $(python3 -V 2>&1)" >&2; exit 1; }
  python3 -m venv "$VENV"
fi
stamp="$VENV/.ralphy-installed"
if [ ! -f "$stamp" ] || [ "$ROOT/pyproject.toml" -nt "$stamp" ]; then
  echo "Installing ralphy and its dependencies into $VENV ..." >&2
  log="$(mktemp)"
  if ! "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -e "$ROOT[test]" >"$log" 2>&1; then
    cat "$log" >&2  # pip's own words, only when it failed
    rm -f "$log"
    exit 1
  fi
  rm -f "$log"
  touch "$stamp"
fi

install_claude() {  # install_claude VERSION: the CLI of that version under $CLAUDE_CACHE, once
  local prefix="$CLAUDE_CACHE/claude-code-$1"
  if [ ! -x "$prefix/node_modules/.bin/claude" ]; then
    command -v npm >/dev/null || { echo "setup: npm (Node.js 20 or newer) is needed to install the Claude CLI" >&2; exit 1; }
    echo "Installing @anthropic-ai/claude-code@$1 into $prefix ..." >&2
    local log
    log="$(mktemp)"
    if ! npm install --no-audit --no-fund --prefix "$prefix" "@anthropic-ai/claude-code@$1" >"$log" 2>&1; then
      tail -20 "$log" >&2  # npm's own words (a proxy, a certificate, no network...), only when it failed
      rm -f "$log"
      echo "setup: npm could not install @anthropic-ai/claude-code@$1 (its output is above)" >&2
      exit 1
    fi
    rm -f "$log"
  fi
}
install_claude "$CLAUDE_VERSION"
export RALPHY_TEST_CLAUDE_BIN="$CLAUDE_PREFIX/node_modules/.bin/claude"
if [ "${RALPHY_TEST_RANGE:-}" = 1 ]; then
  RALPHY_TEST_CLAUDE_BINS="$RALPHY_TEST_CLAUDE_BIN"
  for version in $CLAUDE_RANGE_VERSIONS; do
    install_claude "$version"
    RALPHY_TEST_CLAUDE_BINS="$RALPHY_TEST_CLAUDE_BINS:$CLAUDE_CACHE/claude-code-$version/node_modules/.bin/claude"
  done
  export RALPHY_TEST_CLAUDE_BINS
fi

# Headless Chromium for the report's browser tests (tests/report, tests/e2e/test_report.py). Only when it is
# missing, only for the tests (scripts/test sets RALPHY_SETUP_CHROMIUM=1; the demo does not need it), and only
# where we can install it (apt-get, as root or with password-less sudo); otherwise those
# tests skip and say why.
if ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null && [ -z "${RALPHY_TEST_CHROMIUM:-}" ] \
    && [ "${RALPHY_SETUP_CHROMIUM:-}" = 1 ] && command -v apt-get >/dev/null; then
  as_root=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then as_root="sudo -n"; else as_root="none"; fi
  fi
  if [ "$as_root" != "none" ]; then
    echo "Installing chromium (Debian's package) for the browser tests ..." >&2
    log="$(mktemp)"
    if ! { $as_root apt-get update -qq && DEBIAN_FRONTEND=noninteractive $as_root apt-get install -y -qq chromium; } >"$log" 2>&1; then
      echo "setup: could not install chromium (the browser tests will be skipped):" >&2
      tail -5 "$log" >&2
    fi
    rm -f "$log"
  fi
fi
