#!/usr/bin/env python3
"""`adapt inspect BIG.car`, as JSON (with and without `--no-digests`) and as text, against
`cat BIG.car > /dev/null`, at two sizes.

    Scripts/benchmark car [SMALL LARGE]     (renditions; default 20000 200000)

Each BIG.car is written by Scripts/make-car.py from the corpus's assets_ios.car (Xcode 7.3,
202 renditions, iPhone and iPad): its renditions repeated with new names and keys until the
count is reached, so every file has the real mix (LZFSE bitmaps in row chunks, references into
packed images, PDFs) at its real density, about 1.2 KB a rendition. Both commands read the file
from the page cache (one untimed read first); each is timed on its own process, median of 5 runs,
and each form's ratio is against the `cat` of the same run.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchmark_support import timed  # noqa: E402

RUNS = 5


def median(command):
    times, peaks = [], []
    for _ in range(RUNS):
        seconds, peak, status = timed(command)
        if status != 0:
            sys.exit("%s failed (exit %d)" % (" ".join(command), status))
        times.append(seconds)
        peaks.append(peak)
    return sorted(times)[RUNS // 2], max(peaks)


def main():
    adapt, work = sys.argv[1], sys.argv[2]
    sizes = [int(value) for value in sys.argv[3:5]] or [20000, 200000]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    corpus = os.environ.get("ADAPTIVE_ASSETS_CORPUS", os.path.join(root, "..", "shared", "corpus"))
    source = os.path.join(corpus, "compiled", "acextract", "acextractTests", "data", "assets_ios.car")
    if not os.path.exists(source):
        sys.exit("the corpus's assets_ios.car was not found (set ADAPTIVE_ASSETS_CORPUS)")
    print("adapt inspect BIG.car (--format json with and without digests, and text) against cat BIG.car > /dev/null, "
          "median of %d runs (target: ratio <= 3x, for JSON without digests; text under 100 MB peak RSS)" % RUNS)
    for renditions in sizes:
        path = os.path.join(work, "BIG-%d.car" % renditions)
        if not os.path.exists(path):
            subprocess.run([sys.executable, os.path.join(root, "Scripts", "make-car.py"), source, path, "--renditions", str(renditions)], check=True)
        size = os.path.getsize(path)
        subprocess.run(["cat", path], stdout=subprocess.DEVNULL, check=True)
        cat, _ = median(["cat", path])
        json, json_peak = median([adapt, "inspect", path, "--format", "json"])
        bare, bare_peak = median([adapt, "inspect", path, "--format", "json", "--no-digests"])
        text, text_peak = median([adapt, "inspect", path])
        print("  %7d renditions, %6.1f MB:  cat %6.3f s" % (renditions, size / 1e6, cat))
        print("      adapt inspect --format json              %6.3f s   ratio %5.2fx   peak RSS %6.1f MB" % (json, json / cat, json_peak))
        print("      adapt inspect --format json --no-digests %6.3f s   ratio %5.2fx   peak RSS %6.1f MB" % (bare, bare / cat, bare_peak))
        print("      adapt inspect (text)                     %6.3f s   ratio %5.2fx   peak RSS %6.1f MB" % (text, text / cat, text_peak))


if __name__ == "__main__":
    main()
