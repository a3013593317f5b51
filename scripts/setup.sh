#!/usr/bin/env bash
# Idempotent set-up for a fresh machine: a venv with ralphy and its test deps, and the pinned Claude CLI.
# Sourced by scripts/test and scripts/demo. Needs python3 (>= 3.11), node and npm.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${RALPHY_VENV:-$ROOT/.venv}"
CLAUDE_VERSION="2.1.197"
CLAUDE_PREFIX="${RALPHY_CLAUDE_CACHE:-$HOME/.cache/ralphy}/claude-code-$CLAUDE_VERSION"

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

if [ ! -x "$CLAUDE_PREFIX/node_modules/.bin/claude" ]; then
  command -v npm >/dev/null || { echo "setup: npm (Node.js 18 or newer) is needed to install the Claude CLI" >&2; exit 1; }
  echo "Installing @anthropic-ai/claude-code@$CLAUDE_VERSION into $CLAUDE_PREFIX ..." >&2
  npm install --silent --no-audit --no-fund --prefix "$CLAUDE_PREFIX" "@anthropic-ai/claude-code@$CLAUDE_VERSION" >&2
fi
export RALPHY_TEST_CLAUDE_BIN="$CLAUDE_PREFIX/node_modules/.bin/claude"

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
