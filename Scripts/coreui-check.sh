#!/usr/bin/env bash
# adapt compile against Apple's actool and CoreUI, on a Mac with Xcode (.github/workflows/coreui.yml):
#   Scripts/coreui-check.sh ADAPT WORK CATALOG...
# For each catalog and each platform (iphoneos, macosx): compiles it with `adapt compile` and with
# `xcrun actool` (the same flags), writes `xcrun assetutil --info` of both, and compares the
# renditions each lists by name, idiom, scale, appearance, pixel size and encoding (packed images and
# Apple's own bookkeeping left out). Then loads every name of adapt's file through AppKit from a
# bundle holding only that file: NSImage(named:) for images and icons, NSColor(named:) for colours,
# NSDataAsset(name:) for data. Exits non-zero on any difference or any name that does not load.
set -euo pipefail
adapt="$1"; work="$2"; shift 2
[ "$(uname)" = Darwin ] || { echo "coreui-check: needs macOS with Xcode (xcrun actool, assetutil, AppKit)" >&2; exit 2; }
mkdir -p "$work"
status=0
for catalog in "$@"; do
  [ -d "$catalog" ] || { echo "skipping $catalog: not found"; continue; }
  name="$(basename "$(dirname "$catalog")")-$(basename "$catalog" .xcassets)"
  for platform in iphoneos macosx; do
    case "$platform" in
      iphoneos) flags=(--platform iphoneos --minimum-deployment-target 17.0 --target-device iphone --target-device ipad) ;;
      macosx) flags=(--platform macosx --minimum-deployment-target 14.0 --target-device mac) ;;
    esac
    out="$work/$name/$platform"
    rm -rf "$out"; mkdir -p "$out/adapt" "$out/actool"
    "$adapt" compile "$catalog" --compile "$out/adapt" "${flags[@]}" --include-all-app-icons --output-format human-readable-text --warnings > "$out/adapt.log" 2>&1 || true
    xcrun actool "$catalog" --compile "$out/actool" "${flags[@]}" --include-all-app-icons --output-format human-readable-text --warnings > "$out/actool.log" 2>&1 || true
    for tool in adapt actool; do
      [ -f "$out/$tool/Assets.car" ] && xcrun assetutil --info "$out/$tool/Assets.car" > "$out/$tool.json" || echo "[]" > "$out/$tool.json"
    done
    python3 - "$out/adapt.json" "$out/actool.json" <<'PY' || status=1
import json, sys
def renditions(path):
    seen = set()
    for entry in json.load(open(path))[1:]:
        if entry.get("AssetType") in ("PackedImage", None) or "Name" not in entry:
            continue
        seen.add((entry["Name"], entry.get("Idiom"), entry.get("Scale"), entry.get("Appearance"),
                  entry.get("PixelWidth"), entry.get("PixelHeight"), entry.get("AssetType")))
    return seen
ours, apple = renditions(sys.argv[1]), renditions(sys.argv[2])
for label, extra in (("adapt only", ours - apple), ("actool only", apple - ours)):
    for item in sorted(extra, key=str):
        print(f"{sys.argv[1]}: {label}: {item}")
sys.exit(1 if ours != apple else 0)
PY
    # Every name of adapt's file through AppKit, from a bundle that holds only that file.
    bundle="$out/Probe.bundle/Contents/Resources"
    mkdir -p "$bundle"
    cp "$out/adapt/Assets.car" "$bundle/" 2>/dev/null || continue
    python3 -c "import json,sys; print('\n'.join(sorted({e['Name']+'\t'+e.get('AssetType','') for e in json.load(open(sys.argv[1]))[1:] if 'Name' in e})))" "$out/adapt.json" > "$out/names.tsv"
    cat > "$out/load.swift" <<'SWIFT'
import AppKit
let bundle = Bundle(path: CommandLine.arguments[1])!
var failures = 0
for line in try! String(contentsOfFile: CommandLine.arguments[2], encoding: .utf8).split(separator: "\n") {
    let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    let (name, type) = (parts[0], parts.count > 1 ? parts[1] : "")
    let loaded: Bool
    switch type {
    case "Color": loaded = NSColor(named: name, bundle: bundle) != nil
    case "Data": loaded = NSDataAsset(name: name, bundle: bundle) != nil
    default: loaded = bundle.image(forResource: name) != nil
    }
    if !loaded { print("\(CommandLine.arguments[1]): \(type) \(name) does not load"); failures += 1 }
}
exit(failures == 0 ? 0 : 1)
SWIFT
    xcrun swift "$out/load.swift" "$out/Probe.bundle" "$out/names.tsv" || status=1
  done
done
exit $status
