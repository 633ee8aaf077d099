#!/usr/bin/env python3
"""Thinning benchmark: `adapt thin --all-devices` on a generated catalog of at least 1 GB,
against one `cp -r` of the same catalog, in the same run. Prints both times, the ratio, and the
peak memory (RSS) of adapt. Run it through `Scripts/benchmark thin`, which builds adapt first.

usage: benchmark-thin.py ADAPT WORK_DIR [REPETITIONS]
"""
import json, os, random, shutil, struct, subprocess, sys, zlib

from benchmark_support import timed as run_timed

SETS = 2000
TARGET_BYTES = 1_400_000_000


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, seed):
    rng = random.Random(seed)
    row = bytes(rng.getrandbits(8) for _ in range(width * 3))
    raw = b"".join(b"\0" + row[(y * 3) % len(row):] + row[:(y * 3) % len(row)] for y in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 0)) + chunk(b"IEND", b""))


def generate(path):
    marker = path + "/.complete"
    if os.path.exists(marker):
        return
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    info = {"author": "xcode", "version": 1}
    json.dump({"info": info}, open(path + "/Contents.json", "w"))
    # Per set: 1x/2x/3x, light and dark, plus iPad 1x/2x: 8 files; sized so the catalog passes 1 GB.
    per_file = TARGET_BYTES // (SETS * 8)
    side = int((per_file / 3) ** 0.5)
    pool = {scale: [png(side * scale // 3, side * scale // 3, seed) for seed in range(8)] for scale in (1, 2, 3)}
    total = 0
    for index in range(SETS):
        group = "%s/Group%d" % (path, index // 100)
        if index % 100 == 0:
            os.makedirs(group)
            json.dump({"info": info, "properties": {"provides-namespace": True}}, open(group + "/Contents.json", "w"))
        folder = "%s/Image%d.imageset" % (group, index)
        os.makedirs(folder)
        images = []
        variants = [(s, None, "universal") for s in (1, 2, 3)] + [(s, "dark", "universal") for s in (1, 2, 3)]
        variants += [(s, None, "ipad") for s in (1, 2)]
        for scale, appearance, idiom in variants:
            name = "image%d-%s%s@%dx.png" % (index, idiom, "-dark" if appearance else "", scale)
            data = pool[max(scale, 1)][index % 8] if scale > 1 else pool[3][index % 8]
            with open(folder + "/" + name, "wb") as handle:
                handle.write(data)
            total += len(data)
            entry = {"filename": name, "idiom": idiom, "scale": "%dx" % scale}
            if appearance:
                entry["appearances"] = [{"appearance": "luminosity", "value": appearance}]
            images.append(entry)
        json.dump({"images": images, "info": info}, open(folder + "/Contents.json", "w"), indent=2)
    open(marker, "w").close()
    print("generated %.2f GB in %d sets" % (total / 1e9, SETS))


def timed(command):
    """Wall time and peak RSS (MB) of one command, which must succeed."""
    seconds, peak, status = run_timed(command)
    if status != 0:
        sys.exit("%s failed" % command[0])
    return seconds, peak


def main():
    adapt, work = sys.argv[1], sys.argv[2]
    repetitions = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    catalog = work + "/Thin-1GB.xcassets"
    generate(catalog)
    size = int(subprocess.run(["du", "-sb", catalog], capture_output=True, text=True).stdout.split()[0])
    subprocess.run(["cat"] + [catalog + "/Contents.json"], stdout=subprocess.DEVNULL)
    thin_times, copy_times, peaks = [], [], []
    for _ in range(repetitions):
        shutil.rmtree(work + "/thinned", ignore_errors=True)
        seconds, peak = timed([adapt, "thin", catalog, "--all-devices", "-o", work + "/thinned"])
        thin_times.append(seconds)
        peaks.append(peak)
        shutil.rmtree(work + "/copy", ignore_errors=True)
        copy_times.append(timed(["cp", "-r", catalog, work + "/copy"])[0])
    devices = len(json.load(open(work + "/thinned/summary.json"))["devices"])
    thin, copy = sorted(thin_times)[len(thin_times) // 2], sorted(copy_times)[len(copy_times) // 2]
    print("catalog: %.2f GB, %d devices, median of %d runs" % (size / 1e9, devices, repetitions))
    print("  cp -r (baseline)               %7.2f s" % copy)
    print("  adapt thin --all-devices       %7.2f s   ratio thin / cp -r: %.2fx (target < 1)" % (thin, thin / copy))
    print("  peak RSS of adapt thin         %7.1f MB  (target < 100 MB; highest of the runs)" % max(peaks))
    shutil.rmtree(work + "/copy", ignore_errors=True)
    shutil.rmtree(work + "/thinned", ignore_errors=True)


if __name__ == "__main__":
    main()
