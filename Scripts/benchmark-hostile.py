#!/usr/bin/env python3
"""Hostile-input benchmark: catalogs shaped to make per-set work grow with the square of the
input (thousands of locales), timed for `adapt validate` and `adapt thin --all-devices` against
`adapt inspect` (reading the same catalog) in the same run. Near-linear work keeps each ratio
small whatever the size; before the locale work, 3,000 one-locale sets took thin 364 s.
Run it through `Scripts/benchmark hostile`, which builds adapt first.

usage: benchmark-hostile.py ADAPT WORK_DIR [SCALE]   (SCALE multiplies every catalog's size; 1 by default)
"""
import json, os, shutil, sys

from benchmark_support import INFO, generate, rgb_png, timed


def png():
    return rgb_png(4, 4, b"\x80\x40\x20")


def write_set(folder, entries):
    os.makedirs(folder)
    for entry in entries:
        with open(folder + "/" + entry["filename"], "wb") as handle:
            handle.write(png())
    json.dump({"images": entries, "info": INFO}, open(folder + "/Contents.json", "w"))


def locale(index):
    return "x%c%c-%d" % (97 + index % 26, 97 + (index // 26) % 26, index)


def sets_with_a_locale_each(count):
    def build(path):
        for index in range(count):
            write_set("%s/S%d.imageset" % (path, index), [{"idiom": "universal", "filename": "base.png"},
                      {"idiom": "universal", "filename": "local.png", "locale": locale(index)}])
    return build


def one_set_of_locales(count, unlocalized_every):
    def build(path):
        entries = []
        for index in range(count):
            entry = {"idiom": "universal", "scale": "%dx" % (1 + index % 3), "filename": "a%d.png" % index}
            if unlocalized_every == 0 or index % unlocalized_every:
                entry["locale"] = locale(index)
            entries.append(entry)
        write_set(path + "/Big.imageset", entries)
    return build


def main():
    adapt, work = sys.argv[1], sys.argv[2]
    scale = float(sys.argv[3]) if len(sys.argv) > 3 else 1
    catalogs = [
        ("%d sets, a locale each" % int(3000 * scale), "Hostile-sets-%d.xcassets" % int(3000 * scale),
         sets_with_a_locale_each(int(3000 * scale))),
        ("one set of %d locales" % int(10000 * scale), "Hostile-locales-%d.xcassets" % int(10000 * scale),
         one_set_of_locales(int(10000 * scale), 0)),
        ("one set, %d localized beside %d unlocalized" % (int(3000 * scale), int(3000 * scale)),
         "Hostile-mixed-%d.xcassets" % int(6000 * scale), one_set_of_locales(int(6000 * scale), 2)),
    ]
    os.makedirs(work, exist_ok=True)
    for title, name, build in catalogs:
        path = work + "/" + name
        generate(path, build)
        read, _, _ = timed([adapt, "inspect", path], quiet=True)
        print(title)
        print("  baseline: adapt inspect            %7.2f s" % read)
        validate = timed([adapt, "validate", path], quiet=True)
        print("  adapt validate                     %7.2f s   %6.1fx reading   peak %6.1f MB   exit %d"
              % (validate[0], validate[0] / read, validate[1], validate[2]))
        shutil.rmtree(work + "/thinned", ignore_errors=True)
        thin = timed([adapt, "thin", path, "--all-devices", "-o", work + "/thinned"], quiet=True)
        print("  adapt thin --all-devices           %7.2f s   %6.1fx reading   peak %6.1f MB   exit %d"
              % (thin[0], thin[0] / read, thin[1], thin[2]))
        shutil.rmtree(work + "/thinned", ignore_errors=True)


if __name__ == "__main__":
    main()
