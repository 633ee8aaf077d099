#!/usr/bin/env python3
"""Writes a set of realistic PNGs for the PNG benchmark: noisy gradients (so that zlib has real
work to do), RGBA and RGB, some interlaced-free large ones. Standard library only.

usage: make-png-benchmark-set.py OUTPUT_DIR [COUNT]
"""
import os, random, struct, sys, zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def image(width, height, alpha, seed):
    rng = random.Random(seed)
    channels = 4 if alpha else 3
    noise = bytes(rng.getrandbits(8) & 0x1F for _ in range(width * channels))
    rows = []
    for y in range(height):
        base = bytes(((x * 255 // width) + y) & 0xFF for x in range(width) for _ in range(channels))
        row = bytes((b + n) & 0xFF for b, n in zip(base, noise[(y * 7) % 64:] + noise[:(y * 7) % 64]))
        rows.append(b"\x01" + row)  # filter type Sub, as encoders often choose
    raw = b"".join(rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6 if alpha else 2, 0, 0, 0))
            + chunk(b"sRGB", b"\0") + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def main():
    out = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 240
    os.makedirs(out, exist_ok=True)
    marker = os.path.join(out, ".complete-%d" % count)
    if os.path.exists(marker):
        return
    for i in range(count):
        size = (512, 512) if i % 3 else (1024, 768)
        with open(os.path.join(out, "bench-%04d.png" % i), "wb") as handle:
            handle.write(image(size[0], size[1], alpha=(i % 2 == 0), seed=i))
    open(marker, "w").close()


if __name__ == "__main__":
    main()
