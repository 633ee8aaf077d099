#!/usr/bin/env python3
"""Writes a --devices file with one iPad-like profile of COUNT windows (trait sets), the shape that
made `adapt matrix` and `adapt report` grow with the square of one profile's windows: portrait and
landscape alternate, in three multitasking modes, with every size-class pair, and each window has
its own size (so no two entries are the same JSON). 95,000 windows is about 14.5 MB, under the
16 MiB device-file limit.

usage: make-hostile-devices.py COUNT OUT.json [ID]   (ID: the profile id, "many-windows" by default)
"""
import json, sys


def profile(count, identifier):
    modes = ["fullScreen", "splitHalf", "slideOver"]
    windows = []
    for index in range(count):
        windows.append({
            "orientation": "portrait" if index % 2 == 0 else "landscape",
            "multitasking": modes[(index // 2) % 3],
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
    count, out = int(sys.argv[1]), sys.argv[2]
    identifier = sys.argv[3] if len(sys.argv) > 3 else "many-windows"
    with open(out, "w") as handle:
        json.dump({"formatVersion": 1, "devices": [profile(count, identifier)]}, handle, separators=(",", ":"))


if __name__ == "__main__":
    main()
