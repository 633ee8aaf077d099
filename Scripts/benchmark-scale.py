#!/usr/bin/env python3
"""Scale benchmark: catalogs of the shape big apps have (every set 1x/2x/3x, a dark variant at 2x
only on every third set, an iPad variant on every fifth), so they draw findings the way real ones
do (scale.gap on the dark sets among them), at two sizes. Prints the time and peak memory of
inspect, validate, report, thin --all-devices, size and diff at both sizes, each one's growth
between them, validate against inspect (the baseline: reading the same catalog, in the same run),
and the issue's targets beside each figure. Run it through `Scripts/benchmark scale`.

usage: benchmark-scale.py ADAPT WORK_DIR [SMALL LARGE]   (set counts; 2000 and 20000 by default)
"""
import json, os, shutil, sys

from benchmark_support import INFO, generate, rgb_png, timed


def png(seed):
    """A small, distinct PNG (the thumbnailer and thin's checks read each one)."""
    return rgb_png(4, 4, bytes([seed & 0xFF, (seed >> 8) & 0xFF, (seed >> 16) & 0xFF]))


def entries_for(index):
    entries = [{"idiom": "universal", "scale": "%dx" % scale, "filename": "s%d@%dx.png" % (index, scale)} for scale in (1, 2, 3)]
    if index % 3 == 0:
        entries.append({"idiom": "universal", "scale": "2x", "filename": "s%d-dark@2x.png" % index,
                        "appearances": [{"appearance": "luminosity", "value": "dark"}]})
    if index % 5 == 0:
        entries.append({"idiom": "ipad", "scale": "2x", "filename": "s%d-ipad@2x.png" % index})
    return entries


def scale_catalog(count, changed_every=0):
    """`count` sets in groups of 100 (folders, as real catalogs have). With `changed_every`, a
    later version: every such set gains a 3x dark variant, and as many sets are renamed."""
    def build(path):
        for index in range(count):
            group = "%s/Group%d" % (path, index // 100)
            if index % 100 == 0:
                os.makedirs(group)
                json.dump({"info": INFO}, open(group + "/Contents.json", "w"))
            entries = entries_for(index)
            name = "Set%d" % index
            if changed_every and index % changed_every == 1:
                entries.append({"idiom": "universal", "scale": "3x", "filename": "s%d-dark@3x.png" % index,
                                "appearances": [{"appearance": "luminosity", "value": "dark"}]})
            if changed_every and index % changed_every == 2:
                name = "Renamed%d" % index
            folder = "%s/%s.imageset" % (group, name)
            os.makedirs(folder)
            for number, entry in enumerate(entries):
                with open(folder + "/" + entry["filename"], "wb") as handle:
                    handle.write(png(index * 8 + number))
            json.dump({"images": entries, "info": INFO}, open(folder + "/Contents.json", "w"))
    return build


TARGETS = {"validate": 150, "thin --all-devices": 100, "report": 400}   # peak MB at the larger size


def main():
    adapt, work = sys.argv[1], sys.argv[2]
    sizes = [int(sys.argv[3]), int(sys.argv[4])] if len(sys.argv) > 4 else [2000, 20000]
    os.makedirs(work, exist_ok=True)
    results = {}
    for count in sizes:
        path, newer = "%s/Scale-%d.xcassets" % (work, count), "%s/Scale-%d-next.xcassets" % (work, count)
        generate(path, scale_catalog(count))
        generate(newer, scale_catalog(count, changed_every=50))
        out = work + "/scale-out"
        commands = [
            ("inspect", [adapt, "inspect", path]),
            ("validate", [adapt, "validate", path]),
            ("report", [adapt, "report", path, "-o", out + "/report.html", "--cache", out + "/cache"]),
            ("thin --all-devices", [adapt, "thin", path, "--all-devices", "-o", out + "/thinned"]),
            ("size", [adapt, "size", path]),
            ("diff", [adapt, "diff", path, newer]),
        ]
        print("%d sets" % count)
        for title, command in commands:
            shutil.rmtree(out, ignore_errors=True)
            os.makedirs(out)
            seconds, peak, status = timed(command, quiet=True)
            results[(title, count)] = (seconds, peak)
            print("  adapt %-20s %8.2f s   peak %7.1f MB   exit %d" % (title, seconds, peak, status))
        shutil.rmtree(out, ignore_errors=True)
    small, large = sizes
    factor = large / small
    print("\ngrowth for %gx the sets (target: at most %gx), and peak memory at %d sets" % (factor, factor * 1.2, large))
    for title, _ in commands:
        (t1, _), (t2, m2) = results[(title, small)], results[(title, large)]
        target = TARGETS.get(title)
        print("  %-20s time %6.1fx %-4s  peak %7.1f MB%s" % (
            title, t2 / t1, "ok" if t2 / t1 <= factor * 1.2 else "OVER",
            m2, "" if target is None else "   (target < %d MB: %s)" % (target, "ok" if m2 < target else "OVER")))
    ratio = results[("validate", large)][0] / results[("inspect", large)][0]
    print("  validate / inspect at %d sets: %.2fx (target: at most 3x)" % (large, ratio))


if __name__ == "__main__":
    main()
