#!/usr/bin/env python3
"""Regenerates Assets/Showcase.xcassets: a catalog that exercises every selection axis.

Every image is drawn so that a person can tell which variant it is: a background colour per
family and its label (variant and scale) in large letters. Pixel sizes are exactly point size x
scale, app icon slots are size x scale, the marketing icon has no alpha, and display-P3 variants
carry a Display P3 ICC profile. Standard library only:  python3 Scripts/make-showcase.py
"""
import json, os, shutil, struct, sys, zlib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Assets", "Showcase.xcassets")

FONT = {  # 5x7 glyphs, one string of 5 bits per row
    "A": "01110 10001 10001 11111 10001 10001 10001", "B": "11110 10001 10001 11110 10001 10001 11110",
    "C": "01110 10001 10000 10000 10000 10001 01110", "D": "11110 10001 10001 10001 10001 10001 11110",
    "E": "11111 10000 10000 11110 10000 10000 11111", "F": "11111 10000 10000 11110 10000 10000 10000",
    "G": "01110 10001 10000 10111 10001 10001 01111", "H": "10001 10001 10001 11111 10001 10001 10001",
    "I": "01110 00100 00100 00100 00100 00100 01110", "J": "00111 00010 00010 00010 00010 10010 01100",
    "K": "10001 10010 10100 11000 10100 10010 10001", "L": "10000 10000 10000 10000 10000 10000 11111",
    "M": "10001 11011 10101 10101 10001 10001 10001", "N": "10001 11001 10101 10011 10001 10001 10001",
    "O": "01110 10001 10001 10001 10001 10001 01110", "P": "11110 10001 10001 11110 10000 10000 10000",
    "Q": "01110 10001 10001 10001 10101 10010 01101", "R": "11110 10001 10001 11110 10100 10010 10001",
    "S": "01111 10000 10000 01110 00001 00001 11110", "T": "11111 00100 00100 00100 00100 00100 00100",
    "U": "10001 10001 10001 10001 10001 10001 01110", "V": "10001 10001 10001 10001 10001 01010 00100",
    "W": "10001 10001 10001 10101 10101 10101 01010", "X": "10001 10001 01010 00100 01010 10001 10001",
    "Y": "10001 10001 01010 00100 00100 00100 00100", "Z": "11111 00001 00010 00100 01000 10000 11111",
    "0": "01110 10001 10011 10101 11001 10001 01110", "1": "00100 01100 00100 00100 00100 00100 01110",
    "2": "01110 10001 00001 00010 00100 01000 11111", "3": "11111 00010 00100 00010 00001 10001 01110",
    "4": "00010 00110 01010 10010 11111 00010 00010", "5": "11111 10000 11110 00001 00001 10001 01110",
    "6": "00110 01000 10000 11110 10001 10001 01110", "7": "11111 00001 00010 00100 01000 01000 01000",
    "8": "01110 10001 10001 01110 10001 10001 01110", "9": "01110 10001 10001 01111 00001 00010 01100",
    " ": "00000 00000 00000 00000 00000 00000 00000", "-": "00000 00000 00000 11111 00000 00000 00000",
    "<": "00010 00100 01000 10000 01000 00100 00010", ">": "01000 00100 00010 00001 00010 00100 01000",
    "=": "00000 00000 11111 00000 11111 00000 00000", ".": "00000 00000 00000 00000 00000 01100 01100",
    "@": "01110 10001 10111 10101 10111 10000 01110", "/": "00001 00010 00010 00100 01000 01000 10000",
}


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def display_p3_profile():
    """A small ICC v2 display profile whose description is 'Display P3' (D50 colorants of P3)."""
    def s15(v):
        return struct.pack(">i", int(round(v * 65536)))
    def xyz(x, y, z):
        return b"XYZ " + b"\0" * 4 + s15(x) + s15(y) + s15(z)
    desc_text = b"Display P3\0"
    desc = b"desc" + b"\0" * 4 + struct.pack(">I", len(desc_text)) + desc_text + b"\0" * 4 + b"\0" * 2 + b"\0" * 1 + b"\0" * 67
    curve = b"curv" + b"\0" * 4 + struct.pack(">I", 1) + struct.pack(">H", 0x0233) + b"\0\0"  # gamma 2.2
    tags = [(b"desc", desc), (b"wtpt", xyz(0.9642, 1.0, 0.8249)), (b"rXYZ", xyz(0.5151, 0.2412, -0.0011)),
            (b"gXYZ", xyz(0.2919, 0.6922, 0.0419)), (b"bXYZ", xyz(0.1571, 0.0666, 0.7841)),
            (b"rTRC", curve), (b"gTRC", curve), (b"bTRC", curve), (b"cprt", b"text\0\0\0\0CC0\0")]
    offset = 128 + 4 + 12 * len(tags)
    table, body = b"", b""
    for sig, data in tags:
        while (offset + len(body)) % 4:
            body += b"\0"
        table += sig + struct.pack(">II", offset + len(body), len(data))
        body += data
    size = offset + len(body)
    header = struct.pack(">I", size) + b"none" + bytes([2, 0x10, 0, 0]) + b"mntr" + b"RGB " + b"XYZ "
    header += b"\0" * 12 + b"acsp" + b"\0" * 4 + b"\0" * 4 + b"\0" * 4 + b"\0" * 4 + b"\0" * 8 + struct.pack(">I", 0)
    header += s15(0.9642) + s15(1.0) + s15(0.8249) + b"\0" * 4 + b"\0" * 16 + b"\0" * 28
    assert len(header) == 128, len(header)
    return header + struct.pack(">I", len(tags)) + table + body


def png(width, height, background, label, alpha=True, p3=False):
    """An RGB(A) PNG: background colour, a darker 1-point border, and the label centred."""
    pixel = max(1, min((width - 4) // (len(label) * 6 + 1), (height - 4) // 9))
    text_w, text_h = len(label) * 6 * pixel - pixel, 7 * pixel
    left, top = (width - text_w) // 2, (height - text_h) // 2
    ink = tuple(255 if sum(background) < 380 else 20 for _ in range(3))
    border = tuple(max(0, c - 70) for c in background)
    channels = 4 if alpha else 3
    rows = []
    for y in range(height):
        row = bytearray([0])
        for x in range(width):
            colour = background
            if x < pixel or y < pixel or x >= width - pixel or y >= height - pixel:
                colour = border
            gx, gy = (x - left) // pixel, (y - top) // pixel
            if 0 <= gy < 7 and 0 <= x - left < text_w + pixel and gx % 6 < 5:
                glyph = FONT[label[gx // 6]] if gx // 6 < len(label) else None
                if glyph and glyph.split()[gy][gx % 6] == "1":
                    colour = ink
            row += bytes(colour) + (b"\xff" if alpha else b"")
        rows.append(bytes(row))
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6 if alpha else 2, 0, 0, 0))
    if p3:
        data += chunk(b"iCCP", b"Display P3\0\0" + zlib.compress(display_p3_profile()))
    else:
        data += chunk(b"sRGB", b"\0")
    data += chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")
    return data


COLOURS = {"any": (90, 140, 230), "dark": (40, 40, 60), "high": (250, 220, 0), "darkhigh": (0, 0, 0),
           "iphone": (80, 190, 120), "ipad": (230, 140, 60), "compact": (200, 90, 180), "regular": (90, 200, 200),
           "p3": (230, 60, 60), "srgb": (120, 120, 200), "rtl": (160, 110, 60), "ltr": (110, 160, 60),
           "watch": (60, 60, 200), "icon": (250, 150, 40), "car": (120, 120, 120), "en": (70, 130, 200),
           "fr": (40, 80, 160), "ar": (20, 120, 80), "tinted": (200, 200, 200)}

INFO = {"author": "xcode", "version": 1}


def write_json(path, value):
    with open(path, "w") as handle:
        handle.write(json.dumps(value, indent=2, separators=(",", " : ")) + "\n")


def image_set(folder, name, points, variants, properties=None):
    """variants: (filename stem, colour key, label, extra Contents.json keys, scale or None)."""
    path = os.path.join(ROOT, folder, name + ".imageset")
    os.makedirs(path)
    images = []
    for stem, colour, label, extra, scale in variants:
        entry = dict(extra)
        entry["idiom"] = extra.get("idiom", "universal")
        if scale:
            entry["scale"] = "%dx" % scale
            filename = stem + ("@%dx" % scale if scale > 1 else "") + ".png"
            w, h = points[entry["idiom"]] if isinstance(points, dict) else points
            p3 = extra.get("display-gamut") == "display-P3"
            with open(os.path.join(path, filename), "wb") as handle:
                handle.write(png(w * scale, h * scale, COLOURS[colour], label + " %dX" % scale, p3=p3))
        else:
            filename = stem + ".svg"
            w, h = points
            with open(os.path.join(path, filename), "w") as handle:
                handle.write('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">'
                             '<rect width="%d" height="%d" rx="6" fill="#5a8ce6"/>'
                             '<text x="50%%" y="58%%" font-size="10" text-anchor="middle" fill="#fff">%s</text></svg>\n'
                             % (w, h, w, h, w, h, label))
        entry["filename"] = filename
        images.append(dict(sorted(entry.items())))
    contents = {"images": images, "info": INFO}
    if properties:
        contents["properties"] = properties
    write_json(os.path.join(path, "Contents.json"), contents)


def dark(extra=None):
    return dict(extra or {}, appearances=[{"appearance": "luminosity", "value": "dark"}])


def high(extra=None):
    return dict(extra or {}, appearances=(extra or {}).get("appearances", []) + [{"appearance": "contrast", "value": "high"}])


def main():
    if os.path.exists(ROOT):
        shutil.rmtree(ROOT)
    os.makedirs(ROOT)
    write_json(os.path.join(ROOT, "Contents.json"), {"info": INFO})
    S = (1, 2, 3)
    # Scale families, dark and high-contrast appearances.
    image_set("", "Logo", (64, 64),
              [("logo", "any", "LOGO", {}, s) for s in S] + [("logo-dark", "dark", "DARK", dark(), s) for s in S]
              + [("logo-high", "high", "HC", high(), s) for s in S]
              + [("logo-dark-high", "darkhigh", "DHC", high(dark()), s) for s in S])
    # Device idioms with idiom-specific sizes, and a universal fallback.
    # CarPlay content ships in the iOS app: a phone's slice keeps it.
    image_set("", "Banner", {"iphone": (160, 48), "ipad": (320, 64), "car": (160, 48), "universal": (160, 48)},
              [("banner-phone", "iphone", "IPHONE", {"idiom": "iphone"}, s) for s in (2, 3)]
              + [("banner-pad", "ipad", "IPAD", {"idiom": "ipad"}, s) for s in (1, 2)]
              + [("banner-car", "car", "CARPLAY", {"idiom": "car"}, s) for s in (2, 3)]
              + [("banner", "any", "ANY", {}, 2)])
    # Localized: a base image, English, French, and Arabic drawn right to left.
    image_set("", "Welcome", (120, 40),
              [("welcome", "any", "WELCOME", {}, s) for s in (2, 3)]
              + [("welcome-en", "en", "HELLO", {"locale": "en"}, s) for s in (2, 3)]
              + [("welcome-fr", "fr", "BONJOUR", {"locale": "fr"}, s) for s in (2, 3)]
              + [("welcome-ar", "ar", "AR RTL", {"locale": "ar", "language-direction": "right-to-left"}, s) for s in (2, 3)],
              properties={"localizable": True})
    # Watch faces by screen width: the tightest threshold that holds wins.
    image_set("", "WatchFace", (60, 60),
              [("face-small", "watch", "<=145", {"idiom": "watch", "screen-width": "<=145"}, 2),
               ("face-145", "watch", ">145", {"idiom": "watch", "screen-width": ">145"}, 2),
               ("face-161", "watch", ">161", {"idiom": "watch", "screen-width": ">161"}, 2),
               ("face-183", "watch", ">183", {"idiom": "watch", "screen-width": ">183"}, 2)])
    # Size classes: an image only for compact width, one only for regular height (with a fallback).
    image_set("", "Sidebar", (120, 40), [("sidebar-compact", "compact", "W-COMPACT", {"width-class": "compact"}, s) for s in (2, 3)])
    image_set("", "Header", (200, 60),
              [("header", "any", "ANY H", {}, s) for s in (2, 3)]
              + [("header-regular", "regular", "H-REGULAR", {"height-class": "regular"}, s) for s in (2, 3)])
    # Display gamut.
    image_set("", "Photo", (96, 64),
              [("photo", "srgb", "SRGB", {}, s) for s in (2, 3)]
              + [("photo-p3", "p3", "P3", {"display-gamut": "display-P3"}, s) for s in (2, 3)])
    # Layout direction.
    image_set("", "Arrow", (48, 32),
              [("arrow", "ltr", "->", {}, s) for s in (2, 3)]
              + [("arrow-rtl", "rtl", "<- RTL", {"language-direction": "right-to-left"}, s) for s in (2, 3)])
    # Watch screen widths.
    image_set("", "Complication", (40, 40),
              [("complication-small", "watch", "<=145", {"idiom": "watch", "screen-width": "<=145"}, 2),
               ("complication-large", "watch", ">145", {"idiom": "watch", "screen-width": ">145"}, 2)])
    # A vector image: no scale.
    image_set("", "Badge", (32, 32), [("badge", "any", "VECTOR", {}, None)],
              properties={"preserves-vector-representation": True})
    # A namespaced group.
    os.makedirs(os.path.join(ROOT, "Icons"))
    write_json(os.path.join(ROOT, "Icons", "Contents.json"), {"info": INFO, "properties": {"provides-namespace": True}})
    image_set("Icons", "Star", (24, 24), [("star", "icon", "STAR", {}, s) for s in S])
    image_set("Icons", "Heart", (24, 24), [("heart", "p3", "HEART", {}, s) for s in S])
    # A data set with memory and graphics-feature-set variants.
    data_path = os.path.join(ROOT, "Level.dataset")
    os.makedirs(data_path)
    data = []
    # Memory outranks graphics, and every 4 GB device in the database is metal4v1: these are the
    # variants some device can actually be given (adapt validate reports unreachable ones).
    for name, extra in [("level-base", {}), ("level-2gb", {"memory": "2GB"}),
                        ("level-2gb-metal3", {"memory": "2GB", "graphics-feature-set": "metal3v1"}),
                        ("level-4gb-metal4", {"memory": "4GB", "graphics-feature-set": "metal4v1"})]:
        with open(os.path.join(data_path, name + ".json"), "w") as handle:
            handle.write(json.dumps({"variant": name, **extra}) + "\n")
        data.append(dict(sorted(dict(extra, idiom="universal", filename=name + ".json",
                                     **{"universal-type-identifier": "public.json"}).items())))
    write_json(os.path.join(data_path, "Contents.json"), {"data": data, "info": INFO})
    # A colour set with light, dark and high-contrast colours.
    color_path = os.path.join(ROOT, "Tint.colorset")
    os.makedirs(color_path)
    def colour(r, g, b, extra=None):
        return dict(extra or {}, idiom="universal", color={"color-space": "srgb", "components": {
            "red": "%.3f" % r, "green": "%.3f" % g, "blue": "%.3f" % b, "alpha": "1.000"}})
    write_json(os.path.join(color_path, "Contents.json"), {"colors": [
        colour(0.2, 0.4, 0.9), colour(0.5, 0.7, 1.0, dark()), colour(0.0, 0.1, 0.6, high()),
        colour(0.8, 0.9, 1.0, high(dark()))], "info": INFO})
    # An app icon set for iPhone and iPad, plus the store icon.
    icon_path = os.path.join(ROOT, "AppIcon.appiconset")
    os.makedirs(icon_path)
    slots = [("iphone", 20, 2), ("iphone", 20, 3), ("iphone", 29, 2), ("iphone", 29, 3), ("iphone", 40, 2),
             ("iphone", 40, 3), ("iphone", 60, 2), ("iphone", 60, 3), ("ipad", 20, 1), ("ipad", 20, 2),
             ("ipad", 29, 1), ("ipad", 29, 2), ("ipad", 40, 1), ("ipad", 40, 2), ("ipad", 76, 1),
             ("ipad", 76, 2), ("ipad", 83.5, 2), ("ios-marketing", 1024, 1)]
    images = []
    for idiom, size, scale in slots:
        pixels = int(size * scale)
        size_text = ("%g" % size) + "x" + ("%g" % size)
        filename = "icon-%s-%d.png" % (idiom, pixels)
        with open(os.path.join(icon_path, filename), "wb") as handle:
            handle.write(png(pixels, pixels, COLOURS["icon"], str(pixels), alpha=(idiom != "ios-marketing")))
        images.append({"filename": filename, "idiom": idiom, "scale": "%dx" % scale, "size": size_text})
    write_json(os.path.join(icon_path, "Contents.json"), {"images": images, "info": INFO})
    # A single-size icon (iOS 18): one 1024 image, with dark and tinted versions.
    single_path = os.path.join(ROOT, "AppIconSingle.appiconset")
    os.makedirs(single_path)
    single = []
    for key, label, extra in [("icon", "ANY", {}), ("dark", "DARK", {"appearances": [{"appearance": "luminosity", "value": "dark"}]}),
                              ("tinted", "TINTED", {"appearances": [{"appearance": "luminosity", "value": "tinted"}]})]:
        filename = "single-%s-1024.png" % key
        with open(os.path.join(single_path, filename), "wb") as handle:
            handle.write(png(1024, 1024, COLOURS[key if key != "icon" else "icon"], label, alpha=False))
        single.append(dict(sorted(dict(extra, filename=filename, idiom="universal", platform="ios", size="1024x1024").items())))
    write_json(os.path.join(single_path, "Contents.json"), {"images": single, "info": INFO})
    print("wrote", os.path.normpath(ROOT))


if __name__ == "__main__":
    sys.exit(main())
