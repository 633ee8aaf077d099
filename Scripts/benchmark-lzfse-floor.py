#!/usr/bin/env python3
"""The floor under `adapt compile`'s speed: what Apple's own LZFSE encoder costs on the pixels a
catalog holds, against what inflating the same PNGs costs. Run it through `Scripts/benchmark lzfse-floor`.

actool stores a bitmap as LZFSE (from iOS 9 and macOS 10.11), so any compiler that writes what
actool writes decodes each PNG and then LZFSE-encodes its pixels. `adapt png`, the baseline of
`Scripts/benchmark compile`, decodes each PNG; zlib's inflate is the larger part of that decode
and a lower bound of it. This script times, in the same run and on the same real PNGs of the shared
corpus (RGB and RGBA, 100 to 700 pixels a side, at two sample sizes):

- zlib's inflate of each PNG's image data (C, Python's zlib);
- Apple's reference LZFSE encoder (C, the `lzfse` package Scripts/ensure-python-packages.sh
  installs) on the same pixels as 4 bytes each, as a compiled catalog stores them.

If encoding alone costs E times the inflate, a compile costs at least 1 + E times the decode's
inflate, and its ratio to `adapt png` cannot come below roughly 1 + E x (inflate / full decode).

With ADAPT_BENCHMARKS (the release `adapt-benchmarks`, as `Scripts/benchmark lzfse-floor` passes),
the large sample's pixels, end to end in one buffer, are also encoded by Apple's encoder and by adapt's
(`adapt-benchmarks lzfse --file`), so the two encoders' speeds on the same bytes show beside the floor.

usage: benchmark-lzfse-floor.py [SMALL LARGE]   (numbers of PNGs; 40 and 160 by default)
"""
import glob, os, re, struct, subprocess, sys, tempfile, time, zlib

import lzfse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("ADAPTIVE_ASSETS_CORPUS", os.path.join(ROOT, "..", "shared", "corpus"))


def image_data(data):
    """(width, height, colour type, concatenated IDAT) of an 8-bit, non-interlaced RGB or RGBA PNG; else None."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    at, header, idat = 8, None, []
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        at += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
    if not header:
        return None
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or interlace or colour not in (2, 6):
        return None
    return width, height, colour, b"".join(idat)


def unfiltered(raw, width, height, bytes_per_pixel):
    """The PNG's pixels, its row filters undone (not timed: only to have the pixels to encode)."""
    stride, rows, previous, at = width * bytes_per_pixel, bytearray(), bytearray(width * bytes_per_pixel), 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for x in range(stride):
            left = line[x - bytes_per_pixel] if x >= bytes_per_pixel else 0
            up, corner = previous[x], previous[x - bytes_per_pixel] if x >= bytes_per_pixel else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                pa, pb, pc = abs(up - corner), abs(left - corner), abs(left + up - 2 * corner)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows += line
        previous = line
    if bytes_per_pixel == 3:  # stored as 4 bytes a pixel, as a compiled catalog's ARGB is
        rows = b"".join(bytes(rows[i:i + 3]) + b"\xff" for i in range(0, len(rows), 3))
    return bytes(rows)


def pictures(count):
    found = []
    for path in sorted(glob.glob(os.path.join(SHARED, "catalogs", "**", "*.png"), recursive=True)):
        with open(path, "rb") as file:
            parsed = image_data(file.read())
        if parsed and 100 * 100 <= parsed[0] * parsed[1] <= 700 * 700:
            found.append(parsed)
            if len(found) == count:
                break
    return found


def measure(count):
    chosen = pictures(count)
    prepared = []
    for width, height, colour, idat in chosen:
        raw = zlib.decompress(idat)
        prepared.append((idat, unfiltered(raw, width, height, 4 if colour == 6 else 3)))
    best_inflate = best_encode = float("inf")
    for _ in range(5):  # the best of five passes over the same pictures, each way
        start = time.perf_counter()
        for idat, _ in prepared:
            zlib.decompress(idat)
        best_inflate = min(best_inflate, time.perf_counter() - start)
        start = time.perf_counter()
        for _, pixels in prepared:
            lzfse.compress(pixels)
        best_encode = min(best_encode, time.perf_counter() - start)
    megabytes = sum(len(pixels) for _, pixels in prepared) / 1e6
    print(f"  {len(prepared):4d} PNGs, {megabytes:6.1f} MB of pixels: inflate {best_inflate:.3f} s, "
          f"Apple's LZFSE encode {best_encode:.3f} s: encoding costs {best_encode / best_inflate:.2f} x the inflate")
    return best_encode / best_inflate, b"".join(pixels for _, pixels in prepared)


def encoders(pixels, benchmarks):
    """Apple's encoder and adapt's on the same buffer: MB/s each, best of five for Apple's, the
    median adapt-benchmarks prints for adapt's."""
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        lzfse.compress(pixels)
        best = min(best, time.perf_counter() - start)
    with tempfile.NamedTemporaryFile(suffix=".rgba") as raw:
        raw.write(pixels)
        raw.flush()
        printed = subprocess.run([benchmarks, "lzfse", "--file", raw.name], check=True, capture_output=True, text=True).stdout
    line = next(line for line in printed.splitlines() if os.path.basename(raw.name) in line)
    ours = float(re.split(r"\s+", line.strip())[3])  # name, bytes, stream %, encode MB/s, ...
    apple = len(pixels) / best / 1e6
    print(f"  the large sample in one buffer ({len(pixels) / 1e6:.1f} MB): Apple's encoder {apple:.0f} MB/s, adapt's {ours:.0f} MB/s "
          f"({ours / apple:.2f} x Apple's speed)")


def main():
    small, large = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) == 3 else (40, 160)
    print("LZFSE floor: Apple's reference encoder against zlib's inflate, same pictures, same run")
    (small_ratio, _), (large_ratio, pixels) = measure(small), measure(large)
    ratios = [small_ratio, large_ratio]
    if os.environ.get("ADAPT_BENCHMARKS"):
        encoders(pixels, os.environ["ADAPT_BENCHMARKS"])
    print(f"So a compile that writes actool's LZFSE costs at least {1 + min(ratios):.1f} x the inflate of its PNGs: "
          "the 1.5 x target against the full decode of `adapt png` lies below what Apple's own encoder allows.")


if __name__ == "__main__":
    main()
