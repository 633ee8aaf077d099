#!/usr/bin/env python3
"""Writes a --devices file with one iPad-like profile of COUNT windows (trait sets), the shape that
made `adapt matrix` and `adapt report` grow with the square of one profile's windows: portrait and
landscape alternate, in three multitasking modes, with every size-class pair, and each window has
its own size (so no two entries are the same JSON). 95,000 windows is about 14.5 MB, under the
16 MiB device-file limit.

usage: make-hostile-devices.py COUNT OUT.json [ID] [--distinct]
  ID: the profile id, "many-windows" by default
  --distinct: every window its own multitasking mode ("mode-<n>"), so that every window is its own
  row of the report's grid, not one of six
"""
import json, sys


def profile(count, identifier, distinct=False):
    modes = ["fullScreen", "splitHalf", "slideOver"]
    windows = []
    for index in range(count):
        windows.append({
            "orientation": "portrait" if index % 2 == 0 else "landscape",
            "multitasking": "mode-%d" % (index // 2) if distinct and index >= 6 else modes[(index // 2) % 3],
            "horizontalSizeClass": "regular" if (index // 6) % 2 else "compact",
            "verticalSizeClass": "regular" if (index // 12) % 2 else "compact",
            "window": {"width": 100 + index % 90000, "height": 100 + index // 90000},
        })
    return {
        "id": identifier, "name": "Many windows", "modelIdentifiers": ["Many1,1"], "idiom": "pad",
        "displayScales": [2], "screen": {"width": 1024, "height": 1366}, "displayGamut": "P3", "memory": 8,
        "appearances": ["light", "dark"], "traitSets": windows,
    }


def main():
    arguments = [argument for argument in sys.argv[1:] if argument != "--distinct"]
    count, out = int(arguments[0]), arguments[1]
    identifier = arguments[2] if len(arguments) > 2 else "many-windows"
    with open(out, "w") as handle:
        json.dump({"formatVersion": 1, "devices": [profile(count, identifier, "--distinct" in sys.argv)]}, handle, separators=(",", ":"))


if __name__ == "__main__":
    main()
