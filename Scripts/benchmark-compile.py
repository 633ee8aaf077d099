#!/usr/bin/env python3
"""Compile benchmark: `adapt compile` against `adapt png` (the full libpng check of the same images, the
baseline measured in the same run), on catalogs of real shape at two sizes, and on the largest catalog
of the shared corpus. Run it through `Scripts/benchmark compile`.

The generated catalogs take their pictures from the shared corpus's real PNGs (icons, illustrations,
photos, in the sizes apps ship them), so decoding and compressing cost what real ones cost: every set
1x/2x/3x, a dark variant at 2x on every third set, an iPad variant on every fifth, and one app icon.
For each catalog it prints compile's time, CPU (both cores busy shows as CPU near 2 x wall) and peak
memory, `adapt png`'s time, their ratio, the growth from the small catalog to the large one, and the
issue's targets beside each figure: compile <= 1.5 x png, growth <= 12 x for 10 x the sets, peak
memory < 200 MB at the large size.

Then each pair of the corpus (a source and the .car Apple compiled from it: acextract's six Xcode 7.3
files, Grid, eink-assistant, sudoku, AM-MiniPlayer and SameDesk from Xcode 26) compiled with its file's own
flags: compile's time, its Assets.car's bytes against Apple's, and the issue's target of at most 1.0x.

Then a vector-heavy catalog at two sizes: sets of the corpus's real PDF and SVG images (one entry without a
scale each, with its set's own properties, as apps ship them), rasterised at 1x to 3x. Its figure is compile's
time per output pixel (the pixels of every bitmap in the Assets.car, read back with adapt inspect) against the
bitmap catalog's at the small size, measured in the same run; the issue's target is at most 2x.

Compile's floor (issue #36) is timed in the same run on the bitmap catalogs: `adapt-benchmarks
compile-floor`, which reads each PNG entry, decodes it with libpng and encodes it with adapt's own
LZFSE on every core, and nothing else; its target is compile <= 1.2x the floor. With `--baseline
OLD_ADAPT`, an older build compiles the same catalogs in turn with this one (a change's before and after).

usage: benchmark-compile.py [--baseline OLD_ADAPT] ADAPT WORK_DIR [SMALL LARGE [VECTOR_SMALL VECTOR_LARGE]]
       (set counts; 2000 and 20000 by default, 300 and 1200 vector sets;
        the small bitmap catalog and the vector ones are compiled five times, their medians kept)
"""
import json, os, shutil, struct, subprocess, sys, time

from benchmark_support import INFO, generate

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("ADAPTIVE_ASSETS_CORPUS", os.path.join(ROOT, "..", "shared", "corpus"))


def measured(command):
    """Wall time, CPU time (user + system), peak RSS (MB) and exit status of one command."""
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        os.execvp(command[0], command)
    _, status, usage = os.wait4(pid, 0)
    return time.monotonic() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def corpus_pictures():
    """Real PNGs of the shared corpus in the sizes apps ship (20 to 1200 pixels a side), by size,
    and one that is 1024 pixels square (an app icon's)."""
    found = []
    icon = None
    for folder, _, files in os.walk(os.path.join(SHARED, "catalogs")):
        for name in files:
            if not name.lower().endswith(".png"):
                continue
            path = os.path.join(folder, name)
            with open(path, "rb") as handle:
                head = handle.read(24)
            if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n":
                continue
            width, height = struct.unpack(">II", head[16:24])
            if 20 <= width <= 1200 and 20 <= height <= 1200:
                found.append((width * height, path))
            if width == height == 1024 and (icon is None or path < icon):
                icon = path
    found.sort()
    if not found or icon is None:
        sys.exit("no PNGs (or no 1024-pixel icon) in %s/catalogs: the benchmark needs the shared corpus" % SHARED)
    # Every picture of the corpus's range, small to large, reused round robin.
    return [path for _, path in found], icon


def catalog(count, pictures, icon):
    def build(path):
        for index in range(count):
            group = "%s/Group%d" % (path, index // 100)
            if index % 100 == 0:
                os.makedirs(group)
                json.dump({"info": INFO}, open(group + "/Contents.json", "w"))
            entries = [{"idiom": "universal", "scale": "%dx" % scale, "filename": "s%d@%dx.png" % (index, scale)} for scale in (1, 2, 3)]
            if index % 3 == 0:
                entries.append({"idiom": "universal", "scale": "2x", "filename": "s%d-dark@2x.png" % index,
                                "appearances": [{"appearance": "luminosity", "value": "dark"}]})
            if index % 5 == 0:
                entries.append({"idiom": "ipad", "scale": "2x", "filename": "s%d-ipad@2x.png" % index})
            folder = "%s/Set%d.imageset" % (group, index)
            os.makedirs(folder)
            for number, entry in enumerate(entries):
                # Hard links: the pictures' bytes are read as a real catalog's are, without copying gigabytes.
                os.link(pictures[(index * 7 + number) % len(pictures)], folder + "/" + entry["filename"])
            json.dump({"images": entries, "info": INFO}, open(folder + "/Contents.json", "w"))
        icon_folder = path + "/AppIcon.appiconset"
        os.makedirs(icon_folder)
        json.dump({"images": [{"idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "icon.png"}], "info": INFO},
                  open(icon_folder + "/Contents.json", "w"))
        os.link(icon, icon_folder + "/icon.png")
        json.dump({"info": INFO}, open(path + "/Contents.json", "w"))
    return build


def corpus_vectors():
    """The corpus's image sets whose image is a PDF or an SVG: (file, the set's properties)."""
    found = []
    for folder, _, files in os.walk(os.path.join(SHARED, "catalogs")):
        if not folder.endswith(".imageset"):
            continue
        try:
            contents = json.load(open(os.path.join(folder, "Contents.json")))
        except (OSError, ValueError):
            continue
        for name in sorted(files):
            if name.lower().endswith((".pdf", ".svg")):
                found.append((os.path.join(folder, name), contents.get("properties")))
                break
    found.sort()
    if not found:
        sys.exit("no PDF or SVG image sets in %s/catalogs: the benchmark needs the shared corpus" % SHARED)
    return found


def vector_catalog(count, vectors):
    def build(path):
        for index in range(count):
            group = "%s/Group%d" % (path, index // 100)
            if index % 100 == 0:
                os.makedirs(group)
                json.dump({"info": INFO}, open(group + "/Contents.json", "w"))
            source, properties = vectors[index % len(vectors)]
            name = "v%d%s" % (index, os.path.splitext(source)[1].lower())
            folder = "%s/Vector%d.imageset" % (group, index)
            os.makedirs(folder)
            os.link(source, folder + "/" + name)
            document = {"images": [{"idiom": "universal", "filename": name}], "info": INFO}
            if properties:
                document["properties"] = properties
            json.dump(document, open(folder + "/Contents.json", "w"))
        json.dump({"info": INFO}, open(path + "/Contents.json", "w"))
    return build


def output_pixels(adapt, car):
    """The pixels of every bitmap rendition of a compiled catalog, as adapt inspect reads them back."""
    listing = json.loads(subprocess.run([adapt, "inspect", car, "--format", "json"], capture_output=True, check=True).stdout)
    return sum(entry.get("PixelWidth", 0) * entry.get("PixelHeight", 0) for entry in listing if entry.get("AssetType") == "Image")


def largest_corpus_catalog():
    best = None
    for folder, folders, _ in os.walk(os.path.join(SHARED, "catalogs")):
        for name in list(folders):
            if name.endswith(".xcassets"):
                path = os.path.join(folder, name)
                size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(path) for f in fs)
                if best is None or size > best[0]:
                    best = (size, path)
                folders.remove(name)
    return best[1] if best else None


def run(adapt, work, label, path, icon=True, repeat=1, floor=None, baseline=None):
    """Compile's time (the median of `repeat` runs), `adapt png`'s, and with `floor` (adapt-benchmarks)
    the floor's, with `baseline` (an older adapt) the older compile's, all of the same catalog in turn."""
    out = os.path.join(work, "out-" + label)
    shutil.rmtree(out, ignore_errors=True)

    def compile_command(binary, budget=None):
        # adapt itself runs under its default budget, which grows with the catalog: a run it stops
        # is printed with its exit status, as a build would fail. An older adapt (`baseline`) may have the
        # fixed 600 s default, which stops the 20,000-set catalog on a loaded machine: it gets a
        # budget far past any run's length.
        return [binary, "compile", path, "--compile", out, "--platform", "iphoneos", "--minimum-deployment-target", "17.0",
                "--target-device", "iphone", "--target-device", "ipad"] + (["--timeout", budget] if budget else []) + (
                    ["--app-icon", "AppIcon"] if icon else [])

    def median_of(command):
        # A short run is measured `repeat` times and its median kept: one run of a fraction of a
        # second is mostly noise on a shared machine.
        runs = []
        for _ in range(repeat):
            shutil.rmtree(out, ignore_errors=True)
            runs.append(measured(command))
        return sorted(runs)[len(runs) // 2]

    png_command = [adapt, "png", path]
    # Once each to warm the page cache, then measured in turn.
    measured(png_command)
    shutil.rmtree(out, ignore_errors=True)
    png = measured(png_command)
    result = {"png": png}
    if floor:
        result["floor"] = median_of([floor, "compile-floor", "--catalog", path])
    if baseline:
        result["baseline"] = median_of(compile_command(baseline, budget="7200"))
    result["compile"] = median_of(compile_command(adapt))
    car = os.path.join(out, "Assets.car")
    result["car"] = os.path.getsize(car) if os.path.exists(car) else 0
    result["pixels"] = output_pixels(adapt, car) if result["car"] else 0
    return result


def corpus_pairs():
    """The corpus's pairs of a source and the .car Apple compiled from it, each with the flags its
    file was compiled with (acextract's Makefile; the repositories' scripts for the recent ones):
    (label, Apple's .car, adapt compile's inputs and flags)."""
    acextract = os.path.join(SHARED, "compiled", "acextract")
    recent = os.path.join(SHARED, "compiled", "recent")
    source = os.path.join(acextract, "Images.xcassets")
    pairs = []
    for name, platform, deployment, devices in (("iphone", "iphoneos", "9.3", ["iphone"]), ("ipad", "iphoneos", "9.3", ["ipad"]),
                                                ("ios", "iphoneos", "9.3", ["ipad", "iphone"]), ("mac", "macosx", "10.11", ["mac"]),
                                                ("tv", "appletvos", "9.2", ["tv"]), ("watch", "watchos", "2.2", ["watch"])):
        flags = [source, "--platform", platform, "--minimum-deployment-target", deployment]
        for device in devices:
            flags += ["--target-device", device]
        pairs.append(("acextract " + name, os.path.join(acextract, "acextractTests", "data", "assets_%s.car" % name), flags))
    mac = ["--platform", "macosx", "--minimum-deployment-target", "14.0", "--app-icon", "AppIcon"]
    pairs.append(("Grid", os.path.join(recent, "Grid/Resources/Assets.car"), [os.path.join(recent, "Grid/Sources/Assets.xcassets")] + mac))
    pairs.append(("eink-assistant", os.path.join(recent, "eink-assistant/Resources/Assets.car"),
                  [os.path.join(recent, "eink-assistant/Resources/Assets.xcassets")] + mac))
    pairs.append(("sudoku", os.path.join(recent, "sudoku/Resources/Assets.car"),
                  [os.path.join(recent, "sudoku/Resources/Assets/Assets.xcassets"), os.path.join(recent, "sudoku/Resources/Assets/App.icon"),
                   "--platform", "macosx", "--minimum-deployment-target", "10.14", "--app-icon", "App"]))
    pairs.append(("AM-MiniPlayer", os.path.join(recent, "AM-MiniPlayer/nanoPod.app/Contents/Resources/Assets.car"),
                  [os.path.join(recent, "AM-MiniPlayer/AppIcon.icon")] + mac))
    # SameDesk's script compiles a copy of docs/icon.icon named AppIcon.icon.
    pairs.append(("SameDesk", os.path.join(recent, "SameDesk/Resources/Assets.car"), ["@SameDesk"] + mac))
    return pairs


def run_pairs(adapt, work):
    """Each pair compiled once to warm the cache, then timed: (label, seconds, our bytes, Apple's bytes)."""
    results = []
    for label, car, flags in corpus_pairs():
        if flags[0] == "@SameDesk":
            icon = os.path.join(work, "pair-SameDesk", "AppIcon.icon")
            shutil.rmtree(os.path.dirname(icon), ignore_errors=True)
            shutil.copytree(os.path.join(SHARED, "compiled", "recent", "SameDesk", "docs", "icon.icon"), icon)
            flags = [icon] + flags[1:]
        out = os.path.join(work, "out-pair")
        command = [adapt, "compile"] + flags + ["--compile", out]
        runs = []
        for _ in range(2):
            shutil.rmtree(out, ignore_errors=True)
            os.makedirs(out)
            runs.append(measured(command))
        ours = os.path.getsize(os.path.join(out, "Assets.car")) if runs[-1][3] == 0 else 0
        results.append((label, runs[-1][0], ours, os.path.getsize(car)))
    return results


def main():
    arguments = sys.argv[1:]
    baseline = None
    if "--baseline" in arguments:
        at = arguments.index("--baseline")
        baseline = arguments[at + 1]
        del arguments[at:at + 2]
    adapt, work = arguments[0], arguments[1]
    small, large = (int(arguments[2]), int(arguments[3])) if len(arguments) > 3 else (2000, 20000)
    vector_small, vector_large = (int(arguments[4]), int(arguments[5])) if len(arguments) > 5 else (300, 1200)
    floor = os.environ.get("ADAPT_BENCHMARKS") or os.path.join(os.path.dirname(adapt), "adapt-benchmarks")
    os.makedirs(work, exist_ok=True)
    pictures, icon = corpus_pictures()
    results = {}
    for count in (small, large):
        path = os.path.join(work, "compile-%d.xcassets" % count)
        generate(path, catalog(count, pictures, icon))
        results[count] = run(adapt, work, str(count), path, repeat=5 if count == small else 1, floor=floor, baseline=baseline)
    vectors = corpus_vectors()
    for count in (vector_small, vector_large):
        path = os.path.join(work, "compile-vectors-%d.xcassets" % count)
        generate(path, vector_catalog(count, vectors))
        results["vectors %d" % count] = run(adapt, work, "vectors-%d" % count, path, icon=False, repeat=5)
    corpus = largest_corpus_catalog()
    if corpus:
        results["corpus"] = run(adapt, work, "corpus", corpus, icon=False, floor=floor, baseline=baseline)

    print("adapt compile against adapt png (the full libpng check of the same images, measured in the same run)")
    print("and against its floor (adapt-benchmarks compile-floor: libpng's decode and adapt's own encode of the same PNG entries, on every core)")
    if baseline:
        print("and against the baseline compile (%s), in turn with it" % baseline)
    print("%-22s %9s %9s %9s %8s %7s %9s %8s %7s %10s%s" % ("catalog", "compile", "CPU/wall", "peak MB", "png", "ratio", "floor", "ratio", "target",
                                                            "Assets.car", "   baseline  after/before" if baseline else ""))
    for key in (small, large, "corpus"):
        if key not in results:
            continue
        result = results[key]
        wall, cpu, peak, status = result["compile"]
        png_wall = result["png"][0]
        floor_wall = result["floor"][0]
        label = "%d sets" % key if key != "corpus" else os.path.relpath(corpus, SHARED)[:22]
        flag = "" if status == 0 else "  (exit %d)" % status
        before = ""
        if baseline:
            before = "   %8.2fs %8.2fx" % (result["baseline"][0], wall / result["baseline"][0] if result["baseline"][0] else 0)
        print("%-22s %8.2fs %9.2f %9.0f %7.2fs %6.2fx %8.2fs %7.2fx %7s %9.1fMB%s%s"
              % (label, wall, cpu / wall if wall else 0, peak, png_wall, wall / png_wall if png_wall else 0, floor_wall,
                 wall / floor_wall if floor_wall else 0, "<= 1.2x", result["car"] / 1e6, before, flag))
    print()
    print("adapt compile against Apple's actool on the corpus's pairs (the source and the .car Xcode made of it, the file's own flags)")
    print("%-22s %9s %12s %12s %8s %8s" % ("pair", "compile", "Assets.car", "Apple's", "size", "target"))
    for label, wall, ours, apple in run_pairs(adapt, work):
        print("%-22s %8.2fs %12d %12d %7.3fx %8s%s" % (label, wall, ours, apple, ours / apple, "<= 1.0x", "" if ours else "  (failed)"))
    print()
    pdfs = sum(1 for path, _ in vectors if path.lower().endswith(".pdf"))
    print("time per output pixel: vector sets (%d PDFs and %d SVGs of the corpus, round robin) against the %d-set bitmap catalog"
          % (pdfs, len(vectors) - pdfs, small))
    baseline = results[small]["compile"][0] / results[small]["pixels"] * 1e9 if results[small]["pixels"] else 0
    print("%-22s %9s %12s %12s %9s %8s" % ("catalog", "compile", "out pixels", "ns/pixel", "ratio", "target"))
    print("%-22s %8.2fs %12d %12.1f %9s %8s" % ("%d bitmap sets" % small, results[small]["compile"][0], results[small]["pixels"], baseline, "1.00x", ""))
    for count in (vector_small, vector_large):
        result = results["vectors %d" % count]
        wall, _, peak, status = result["compile"]
        per_pixel = wall / result["pixels"] * 1e9 if result["pixels"] else 0
        flag = "" if status == 0 else "  (exit %d)" % status
        print("%-22s %8.2fs %12d %12.1f %8.2fx %8s%s" % ("%d vector sets" % count, wall, result["pixels"], per_pixel,
                                                        per_pixel / baseline if baseline else 0, "<= 2x", flag))
    vector_growth = results["vectors %d" % vector_large]["compile"][0] / results["vectors %d" % vector_small]["compile"][0]
    print("vector growth from %d to %d sets: %.1fx" % (vector_small, vector_large, vector_growth))
    growth = results[large]["compile"][0] / results[small]["compile"][0]
    print("growth from %d to %d sets: %.1fx (target <= 12x); peak at %d sets: %.0f MB (target < 200 MB)"
          % (small, large, growth, large, results[large]["compile"][2]))


if __name__ == "__main__":
    main()
