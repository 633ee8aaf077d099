#!/usr/bin/env python3
"""Checks LZFSE streams with Apple's reference decoder (the `lzfse` package on PyPI wraps it).

    lzfse-oracle.py FOLDER [--max-size-ratio R]

For every NAME.lzfse in FOLDER, decodes it with lzfse.decompress and compares the result with
NAME.raw. Prints one line per stream that fails (NAME: reason) and exits 1 when any fails,
2 when the folder holds no stream. With --max-size-ratio, also compresses each input of 4 KiB or
more with the reference encoder (lzfse.compress; smaller inputs it gives to LZVN) and fails when
our streams take more than R times its bytes in all. LZFSEEncoderTests writes the folder and runs this
(Scripts/ensure-python-packages.sh installs the package).
"""
import os
import sys

import lzfse


def main():
    arguments = sys.argv[1:]
    max_ratio = None
    if len(arguments) == 3 and arguments[1] == "--max-size-ratio":
        max_ratio = float(arguments[2])
        arguments = arguments[:1]
    if len(arguments) != 1:
        print("usage: lzfse-oracle.py FOLDER [--max-size-ratio R]", file=sys.stderr)
        return 2
    folder = arguments[0]
    ours = reference = 0
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
        if max_ratio is not None and len(original) >= 4096:
            ours += len(stream)
            reference += len(lzfse.compress(original))
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
    if max_ratio is not None and reference > 0:
        ratio = ours / reference
        print(f"inputs of 4 KiB or more: {ours} bytes, the reference encoder {reference} ({ratio:.3f} times)")
        if ratio > max_ratio:
            print(f"our streams take more than {max_ratio} times the reference's bytes")
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
