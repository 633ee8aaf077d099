#!/usr/bin/env python3
"""`adapt diff OLD.car NEW.car` against `cat OLD.car NEW.car > /dev/null`, at two sizes (issue #38).

    Scripts/benchmark diff [SMALL LARGE]     (renditions of OLD; default 20000 200000)

OLD is written by Scripts/make-car.py from the corpus's assets_ios.car (Xcode 7.3: LZFSE bitmaps,
references into packed images, PDFs), NEW the same with 1% more renditions: a rebuild that adds
assets, every common rendition encoded alike (compared without decoding). A third file, from
assets_iphone.car at OLD's size, has other pixels under the same names: every rendition decoded and
compared (the worst case). Each command is timed three ways: every device of the platform (sizes
thin the file once per device), one device (--device iphone-6), and the worst case on one device.
Both files are read from the page cache (one untimed cat first); median of 5 runs each. Target: 3x cat.
Each ratio is the median of 5 pairs' ratios, the command and cat run in turn (A B A B ...): on a
shared machine cat's time moved by half from one minute to the next, and a ratio of two medians
taken minutes apart moved with it.
Beside cat, `cmp` of OLD with a copy of itself: the bytes of two such files read and compared, with
no structure, by the simplest tool there is (what any diff of their content costs at least).

The floor is printed first: `adapt --version` (the process, its runtime and argument parsing) and
`adapt diff` of the 257 kB assets_ios.car against itself (that, the device database and what a
diff does once whatever the size), each against 3x the smaller size's cat: what of the target is
left for the renditions.
"""
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchmark_support import timed  # noqa: E402

RUNS = 5


def median(command):
    times, peaks = [], []
    for _ in range(RUNS):
        seconds, peak, status = timed(command)
        if status not in (0, 1):
            sys.exit("%s failed (exit %d)" % (" ".join(command), status))
        times.append(seconds)
        peaks.append(peak)
    return sorted(times)[RUNS // 2], max(peaks)


def paired(command, baseline):
    """`command`'s median time and peak RSS, and the median of its time over `baseline`'s, the two
    run in turn so that each ratio is of two runs a moment apart."""
    times, peaks, ratios = [], [], []
    for _ in range(RUNS):
        seconds, peak, status = timed(command)
        if status not in (0, 1):
            sys.exit("%s failed (exit %d)" % (" ".join(command), status))
        base, _, _ = timed(baseline)
        times.append(seconds)
        peaks.append(peak)
        ratios.append(seconds / base)
    return sorted(times)[RUNS // 2], max(peaks), sorted(ratios)[RUNS // 2]


def make(root, source, path, renditions):
    if not os.path.exists(path):
        subprocess.run([sys.executable, os.path.join(root, "Scripts", "make-car.py"), source, path, "--renditions", str(renditions)], check=True)
    return path


def main():
    adapt, work = sys.argv[1], sys.argv[2]
    sizes = [int(value) for value in sys.argv[3:5]] or [20000, 200000]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    corpus = os.environ.get("ADAPTIVE_ASSETS_CORPUS", os.path.join(root, "..", "shared", "corpus"))
    data = os.path.join(corpus, "compiled", "acextract", "acextractTests", "data")
    if not os.path.exists(os.path.join(data, "assets_ios.car")):
        sys.exit("the corpus's assets_ios.car was not found (set ADAPTIVE_ASSETS_CORPUS)")
    print("adapt diff OLD.car NEW.car against cat OLD.car NEW.car > /dev/null, median of %d runs (target: ratio <= 3x)" % RUNS)
    small = os.path.join(data, "assets_ios.car")
    start_up, _ = median([adapt, "--version"])
    floor, _ = median([adapt, "diff", small, small, "--device", "iphone-6"])
    print("  floor: adapt --version %.3f s, adapt diff of a 257 kB file with itself %.3f s" % (start_up, floor))
    for renditions in sizes:
        old = make(root, os.path.join(data, "assets_ios.car"), os.path.join(work, "diff-ios-%d.car" % renditions), renditions)
        new = make(root, os.path.join(data, "assets_ios.car"), os.path.join(work, "diff-ios-%d.car" % (renditions + renditions // 100)),
                   renditions + renditions // 100)
        other = make(root, os.path.join(data, "assets_iphone.car"), os.path.join(work, "diff-iphone-%d.car" % renditions), renditions)
        copy = os.path.join(work, "diff-ios-%d-copy.car" % renditions)
        if not os.path.exists(copy):
            shutil.copyfile(old, copy)
        subprocess.run(["cat", old, new, other, copy], stdout=subprocess.DEVNULL, check=True)
        cat_command = ["cat", old, new]
        cat, _ = median(cat_command)
        compared, _, compared_ratio = paired(["cmp", old, copy], cat_command)
        every, every_peak, every_ratio = paired([adapt, "diff", old, new], cat_command)
        one, one_peak, one_ratio = paired([adapt, "diff", old, new, "--device", "iphone-6"], cat_command)
        worst, worst_peak, worst_ratio = paired([adapt, "diff", old, other, "--device", "iphone-6"], cat_command)
        size = (os.path.getsize(old) + os.path.getsize(new)) / 1e6
        print("  %7d renditions, %6.1f MB both:  cat %6.3f s (3x: %.3f s; the floor alone is %.1fx)" % (renditions, size, cat, 3 * cat, floor / cat))
        print("      cmp OLD with a copy of it (no structure) %5.3f s   ratio %7.1fx" % (compared, compared_ratio))
        print("      adapt diff (every device)              %7.3f s   ratio %7.1fx   peak RSS %6.1f MB" % (every, every_ratio, every_peak))
        print("      adapt diff --device iphone-6           %7.3f s   ratio %7.1fx   peak RSS %6.1f MB" % (one, one_ratio, one_peak))
        print("      adapt diff, every rendition decoded    %7.3f s   ratio %7.1fx   peak RSS %6.1f MB" % (worst, worst_ratio, worst_peak))


if __name__ == "__main__":
    main()
