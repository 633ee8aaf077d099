#!/usr/bin/env bash
# Installs the Debian packages the build needs when they are missing (a fresh machine lacks them).
# With --tests, also what the tests need: poppler-utils and librsvg2-bin, whose pdftocairo, pdfinfo and
# rsvg-convert `adapt compile` runs to rasterise PDF and SVG image sets (separate programs, never linked), and
# libpoppler-glib8, which adapt-render (adapt's drawing worker, a program of its own) opens at run time;
# libwebp7 and libtiff6, which adapt compile opens at run time to decode WebP and TIFF images; Chromium, for the report's browser tests
# (Tests/AdaptCLITests/ReportBrowserTests.swift), which never skip, and python3-venv where Python
# cannot make a virtual environment with pip (Scripts/ensure-python-packages.sh needs one).
# With --release, also zip and unzip (Scripts/release zips the artifact bundle, Scripts/check-release opens it).
# Safe to run every time: it does nothing when everything is there.
set -euo pipefail
needed=(libpng-dev pkg-config)
[ "${1:-}" = "--release" ] && needed+=(zip unzip)
missing=()
for package in "${needed[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ "${1:-}" = "--tests" ] && ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
  missing+=(chromium)
fi
if [ "${1:-}" = "--tests" ]; then
  for package in poppler-utils librsvg2-bin libpoppler-glib8 libwebp7 libtiff6; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
fi
if [ "${1:-}" = "--tests" ] && ! python3 -c 'import ensurepip' >/dev/null 2>&1; then
  missing+=(python3-venv)
fi
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
