#!/usr/bin/env bash
# Installs the Python packages the tests need, in a virtual environment under .build
# (.build/python-tools), and prints its python. Today one package: lzfse, Apple's reference LZFSE
# codec, which LZFSEEncoderTests use as the oracle for every stream our encoder writes
# (Scripts/lzfse-oracle.py). Safe to run every time: it does nothing when the package imports.
# Scripts/ensure-system-packages.sh --tests installs python3-venv where the system lacks it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.build/python-tools"
python="$venv/bin/python3"
if ! "$python" -c 'import lzfse' >/dev/null 2>&1; then
  echo "installing the lzfse Python package into $venv" >&2
  mkdir -p "$root/.build"
  [ -x "$python" ] || python3 -m venv "$venv" >&2
  "$python" -m pip install --quiet --disable-pip-version-check lzfse >&2
  "$python" -c 'import lzfse'
fi
echo "$python"
