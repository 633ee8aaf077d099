#!/usr/bin/env python3
"""Checks LZFSE streams with Apple's reference decoder (the `lzfse` package on PyPI wraps it).

    lzfse-oracle.py FOLDER

For every NAME.lzfse in FOLDER, decodes it with lzfse.decompress and compares the result with
NAME.raw. Prints one line per stream that fails (NAME: reason) and exits 1 when any fails,
2 when the folder holds no stream. LZFSEEncoderTests writes the folder and runs this
(Scripts/ensure-python-packages.sh installs the package).
"""
import os
import sys

import lzfse


def main():
    if len(sys.argv) != 2:
        print("usage: lzfse-oracle.py FOLDER", file=sys.stderr)
        return 2
    folder = sys.argv[1]
    names = sorted(name[:-len(".lzfse")] for name in os.listdir(folder) if name.endswith(".lzfse"))
    if not names:
        print(f"{folder}: no .lzfse stream", file=sys.stderr)
        return 2
    failures = 0
    for name in names:
        with open(os.path.join(folder, name + ".lzfse"), "rb") as f:
            stream = f.read()
        with open(os.path.join(folder, name + ".raw"), "rb") as f:
            original = f.read()
        if not original:
            # The wrapper reports a 0-byte result as an error, even for the reference encoder's
            # own empty stream: the empty stream must be that one.
            if stream != lzfse.compress(b""):
                print(f"{name}: empty input gives {stream!r}, the reference gives {lzfse.compress(b'')!r}")
                failures += 1
            continue
        try:
            decoded = lzfse.decompress(stream)
        except Exception as error:  # the module raises its own error type
            print(f"{name}: reference decoder rejects the stream: {error}")
            failures += 1
            continue
        if decoded != original:
            first = next((i for i, (a, b) in enumerate(zip(decoded, original)) if a != b), min(len(decoded), len(original)))
            print(f"{name}: decodes to {len(decoded)} bytes, expected {len(original)}; first difference at {first}")
            failures += 1
    print(f"{len(names) - failures} of {len(names)} streams decode to their input")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
