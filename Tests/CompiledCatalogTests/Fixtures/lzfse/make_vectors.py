#!/usr/bin/env python3
"""Writes the LZFSE / LZVN test vectors (development only: needs `pip install lzfse`, the
reference encoder; the tests need nothing but the files this writes).

Each input is generated from a seed by the same xorshift generator the tests reimplement
(`VectorInput.swift`), so the tests rebuild the exact input and compare byte for byte; the
manifest also records each input's size and SHA-256.

    python3 make_vectors.py    # rewrites *.lzfse, *.lzvn and vectors.json here
"""
import hashlib, json, struct, lzfse

MASK = (1 << 64) - 1

class XorShift:
    def __init__(self, seed): self.state = seed or 1
    def next(self):
        x = self.state
        x ^= (x << 13) & MASK; x ^= x >> 7; x ^= (x << 17) & MASK
        self.state = x
        return x

WORDS = b"the of asset catalog image scale idiom rendition compressed block literal match distance pixel alpha premultiplied color slice device".split()

def text(seed, size):
    rng, out = XorShift(seed), bytearray()
    while len(out) < size:
        out += WORDS[rng.next() % len(WORDS)] + (b".\n" if rng.next() % 11 == 0 else b" ")
    return bytes(out[:size])

def noise(seed, size):
    rng = XorShift(seed)
    return bytes((rng.next() >> 24) & 0xFF for _ in range(size))

def repetitive(seed, size):
    rng, out = XorShift(seed), bytearray()
    while len(out) < size:
        out += b"abcabcabd" * (1 + rng.next() % 40) + bytes([rng.next() & 0xFF])
    return bytes(out[:size])

def pixels(seed, size):
    # BGRA-like rows: gradients with a little noise, like a compressed bitmap.
    rng, out, width = XorShift(seed), bytearray(), 512
    row = 0
    while len(out) < size:
        for x in range(width):
            n = rng.next()
            jitter = n & 3 if n % 128 == 0 else 0
            out += bytes((((x >> 2) + row) & 0xFF, (x >> 1) & 0xFF, (row + jitter) & 0xFF, 0xFF if (x >> 5) & 1 else 0x80))
        row += 1
    return bytes(out[:size])

def zeros(seed, size):
    return bytes(size)

GENERATORS = {"text": text, "noise": noise, "repetitive": repetitive, "pixels": pixels, "zeros": zeros}

VECTORS = [
    ("empty", "text", 1, 0),
    ("one-byte", "text", 2, 1),
    ("text-3k", "text", 3, 3000),          # < 4 KiB: the encoder writes one bvxn (LZVN) block
    ("text-200k", "text", 4, 200_000),     # several bvx2 blocks
    ("noise-16k", "noise", 5, 16_384),
    ("repetitive-300k", "repetitive", 6, 300_000),
    ("pixels-1200k", "pixels", 7, 1_228_800),  # > 1 MiB, matches across blocks
    ("zeros-4k", "zeros", 8, 4096),        # a bvx2 block with 0 bytes of literal payload, as the
                                           # last chunk of a transparent icon's rows compresses
]

def magics(data):
    found, pos = [], 0
    while pos + 4 <= len(data):
        magic = data[pos:pos + 4]; found.append(magic.decode())
        if magic == b"bvx$": break
        if magic == b"bvx-": pos += 8 + struct.unpack_from("<I", data, pos + 4)[0]
        elif magic == b"bvxn": pos += 12 + struct.unpack_from("<I", data, pos + 8)[0]
        elif magic == b"bvx2":
            w0, w1, w2 = struct.unpack_from("<QQQ", data, pos + 8)
            pos += (w2 & 0xFFFFFFFF) + ((w0 >> 20) & 0xFFFFF) + ((w1 >> 40) & 0xFFFFF)
        else: raise ValueError(magic)
    return found

def v2_to_v1(data):
    """Rewrites every bvx2 block as the equivalent bvx1 block (plain fields and tables), since
    the reference encoder only writes bvx2 and a decoder must read both."""
    out, pos = bytearray(), 0
    while True:
        magic = data[pos:pos + 4]
        if magic == b"bvx$": out += magic; return bytes(out)
        if magic != b"bvx2": raise ValueError("only bvx2 streams")
        raw, = struct.unpack_from("<I", data, pos + 4)
        w0, w1, w2 = struct.unpack_from("<QQQ", data, pos + 8)
        f = lambda w, lo, n: (w >> lo) & ((1 << n) - 1)
        size = f(w2, 0, 32)
        lit_payload, lmd_payload = f(w0, 20, 20), f(w1, 40, 20)
        freqs, acc, bits, p = [], 0, 0, pos + 32
        for _ in range(360):
            while p < pos + size and bits + 8 <= 32:
                acc |= data[p] << bits; bits += 8; p += 1
            if acc & 1 == 0: n, v = 2, (acc >> 1) & 1
            elif acc & 3 == 1: n, v = 3, 2 + ((acc >> 2) & 1)
            elif acc & 7 == 3: n, v = 5, 4 + ((acc >> 3) & 3)
            elif acc & 15 == 7: n, v = 8, 8 + ((acc >> 4) & 15)
            else: n, v = 14, 24 + ((acc >> 4) & 0x3FF)
            freqs.append(v); acc >>= n; bits -= n
        header = struct.pack("<4sIIIIIIi4HiHHH", b"bvx1", raw, lit_payload + lmd_payload, f(w0, 0, 20), f(w0, 40, 20),
                             lit_payload, lmd_payload, f(w0, 60, 3) - 7, f(w1, 0, 10), f(w1, 10, 10), f(w1, 20, 10), f(w1, 30, 10),
                             f(w1, 60, 3) - 7, f(w2, 32, 10), f(w2, 42, 10), f(w2, 52, 10))
        header += struct.pack("<360H", *freqs) + b"\0\0"
        assert len(header) == 772
        out += header + data[pos + size:pos + size + lit_payload + lmd_payload]
        pos += size + lit_payload + lmd_payload

manifest = []
for name, kind, seed, size in VECTORS:
    raw = GENERATORS[kind](seed, size)
    packed = lzfse.compress(raw)
    assert size == 0 or lzfse.decompress(packed) == raw
    open(f"{name}.lzfse", "wb").write(packed)
    manifest.append({"file": f"{name}.lzfse", "generator": kind, "seed": seed, "size": size,
                     "sha256": hashlib.sha256(raw).hexdigest(), "blocks": magics(packed)})
    if name == "text-3k":
        # The bvxn block's payload is a standalone LZVN stream (CoreUI compression type 3).
        assert packed[:4] == b"bvxn"
        payload = packed[12:12 + struct.unpack_from("<I", packed, 8)[0]]
        open("text-3k.lzvn", "wb").write(payload)
        manifest.append({"file": "text-3k.lzvn", "generator": kind, "seed": seed, "size": size,
                         "sha256": hashlib.sha256(raw).hexdigest(), "blocks": ["lzvn"]})
    if name == "text-200k":
        v1 = v2_to_v1(packed)
        open("text-200k-v1.lzfse", "wb").write(v1)
        manifest.append({"file": "text-200k-v1.lzfse", "generator": kind, "seed": seed, "size": size,
                         "sha256": hashlib.sha256(raw).hexdigest(), "blocks": ["bvx1"]})
json.dump(manifest, open("vectors.json", "w"), indent=1)
for entry in manifest: print(entry["file"], entry["size"], entry["blocks"][:6], len(entry["blocks"]))
