#!/usr/bin/env python3
"""Regenerates Sources/DeviceProfiles/Resources/devices.json, the built-in device database, from
the compact tables below. The JSON format is documented in docs/Commands.md ("adapt devices"); users
extend the database with their own file in the same format (--devices FILE).

Size classes: iOS 8's table (Table 12-2 of the seed) for the devices it lists; phones whose
portrait width is 414 points or more are regular width in landscape (the Plus/Max rule); iPads
are regular/regular full screen, and in multitasking compact width except the two-thirds split
in landscape, and the half split in landscape on 12.9- and 13-inch iPads. Sources: Apple's
"Adopting Multitasking Enhancements on iPad" and Human Interface Guidelines (layout), and device
technical specifications.

What the hardware fixes (rule 2 thins by these only): idiom, display scales (a Mac drives 1x and
2x displays), gamut, memory, GPU families, watch width and case size. GPU families: each device
lists the families its GPU supports, best first: its Apple GPU family and every lower one (Apple's
"Metal feature set tables": Apple1 A7, Apple2 A8, Apple3 A9 and A10, Apple4 A11, Apple5 A12,
Apple6 A13, Apple7 A14 and M1, Apple8 A15, A16 and M2, Apple9 A17 Pro, A18, M3 and M4, Apple10
A19), then its Metal feature set and every lower one (the order asset catalogs use). Watch case
sizes are the `subtype` values Xcode writes on watch icons; 4-inch iPhones carry `retina4`, the
`subtype` Xcode writes on their images (rule 2.1). Phones host CarPlay (`car`) content; not Apple
Watch content, which actool leaves out of an iPhone's catalog (rule 2.1). The Mac profile stands for the first Apple silicon Macs (M1, Apple7), so
that its slice keeps what every Apple silicon Mac can show.

Newest OS (for deployment targets, rule 2.1's last section): the last release each model received,
from Apple's compatibility lists for each major release (iOS 9.3: iPhone 4s, iPad 2, first iPad
mini; 10.3: iPhone 5 and 5c; 12.5: iPhone 5s, 6 and 6 Plus, first iPad Air; 15.8: iPhone 6s, SE (1st)
and 7, iPad Air 2; 16.7: iPhone 8 and X; 18.7: iPhone XS and XR, which iOS 26 dropped; watchOS 4.3:
first-generation watches; 10.6: Series 4); every other model runs the current release, 26.
"""
import json, os

# name, id, model identifiers, portrait points (w, h), scale, memory GB, graphics feature set
# (None: no Metal), gamut, newest appearance support (light / dark: iOS 13+ / tinted: iOS 18+)
PHONES = [
    ("iPhone 4s", "iphone-4s", ["iPhone4,1"], (320, 480), 2, 0, None, "sRGB", "light"),
    ("iPhone 5", "iphone-5", ["iPhone5,1", "iPhone5,2"], (320, 568), 2, 1, None, "sRGB", "light"),
    ("iPhone 5c", "iphone-5c", ["iPhone5,3", "iPhone5,4"], (320, 568), 2, 1, None, "sRGB", "light"),
    ("iPhone 5s", "iphone-5s", ["iPhone6,1", "iPhone6,2"], (320, 568), 2, 1, "metal1v2", "sRGB", "light"),
    ("iPhone 6", "iphone-6", ["iPhone7,2"], (375, 667), 2, 1, "metal2v2", "sRGB", "light"),
    ("iPhone 6 Plus", "iphone-6-plus", ["iPhone7,1"], (414, 736), 3, 1, "metal2v2", "sRGB", "light"),
    ("iPhone 6s", "iphone-6s", ["iPhone8,1"], (375, 667), 2, 2, "metal3v1", "sRGB", "dark"),
    ("iPhone 6s Plus", "iphone-6s-plus", ["iPhone8,2"], (414, 736), 3, 2, "metal3v1", "sRGB", "dark"),
    ("iPhone SE (1st generation)", "iphone-se-1", ["iPhone8,4"], (320, 568), 2, 2, "metal3v1", "sRGB", "dark"),
    ("iPhone 7", "iphone-7", ["iPhone9,1", "iPhone9,3"], (375, 667), 2, 2, "metal3v1", "P3", "dark"),
    ("iPhone 7 Plus", "iphone-7-plus", ["iPhone9,2", "iPhone9,4"], (414, 736), 3, 3, "metal3v1", "P3", "dark"),
    ("iPhone 8", "iphone-8", ["iPhone10,1", "iPhone10,4"], (375, 667), 2, 2, "metal4v1", "P3", "dark"),
    ("iPhone 8 Plus", "iphone-8-plus", ["iPhone10,2", "iPhone10,5"], (414, 736), 3, 3, "metal4v1", "P3", "dark"),
    ("iPhone X", "iphone-x", ["iPhone10,3", "iPhone10,6"], (375, 812), 3, 3, "metal4v1", "P3", "dark"),
    ("iPhone XS", "iphone-xs", ["iPhone11,2"], (375, 812), 3, 4, "metal4v1", "P3", "tinted"),
    ("iPhone XS Max", "iphone-xs-max", ["iPhone11,4", "iPhone11,6"], (414, 896), 3, 4, "metal4v1", "P3", "tinted"),
    ("iPhone XR", "iphone-xr", ["iPhone11,8"], (414, 896), 2, 3, "metal4v1", "P3", "tinted"),
    ("iPhone 11", "iphone-11", ["iPhone12,1"], (414, 896), 2, 4, "metal4v1", "P3", "tinted"),
    ("iPhone 11 Pro", "iphone-11-pro", ["iPhone12,3"], (375, 812), 3, 4, "metal4v1", "P3", "tinted"),
    ("iPhone 11 Pro Max", "iphone-11-pro-max", ["iPhone12,5"], (414, 896), 3, 4, "metal4v1", "P3", "tinted"),
    ("iPhone SE (2nd generation)", "iphone-se-2", ["iPhone12,8"], (375, 667), 2, 3, "metal4v1", "P3", "tinted"),
    ("iPhone 12 mini", "iphone-12-mini", ["iPhone13,1"], (360, 780), 3, 4, "metal4v1", "P3", "tinted"),
    ("iPhone 12", "iphone-12", ["iPhone13,2"], (390, 844), 3, 4, "metal4v1", "P3", "tinted"),
    ("iPhone 12 Pro", "iphone-12-pro", ["iPhone13,3"], (390, 844), 3, 6, "metal4v1", "P3", "tinted"),
    ("iPhone 12 Pro Max", "iphone-12-pro-max", ["iPhone13,4"], (428, 926), 3, 6, "metal4v1", "P3", "tinted"),
    ("iPhone 13 mini", "iphone-13-mini", ["iPhone14,4"], (360, 780), 3, 4, "metal4v1", "P3", "tinted"),
    ("iPhone 13", "iphone-13", ["iPhone14,5"], (390, 844), 3, 4, "metal4v1", "P3", "tinted"),
    ("iPhone 13 Pro", "iphone-13-pro", ["iPhone14,2"], (390, 844), 3, 6, "metal4v1", "P3", "tinted"),
    ("iPhone 13 Pro Max", "iphone-13-pro-max", ["iPhone14,3"], (428, 926), 3, 6, "metal4v1", "P3", "tinted"),
    ("iPhone SE (3rd generation)", "iphone-se-3", ["iPhone14,6"], (375, 667), 2, 4, "metal4v1", "P3", "tinted"),
    ("iPhone 14", "iphone-14", ["iPhone14,7"], (390, 844), 3, 6, "metal4v1", "P3", "tinted"),
    ("iPhone 14 Plus", "iphone-14-plus", ["iPhone14,8"], (428, 926), 3, 6, "metal4v1", "P3", "tinted"),
    ("iPhone 14 Pro", "iphone-14-pro", ["iPhone15,2"], (393, 852), 3, 6, "metal4v1", "P3", "tinted"),
    ("iPhone 14 Pro Max", "iphone-14-pro-max", ["iPhone15,3"], (430, 932), 3, 6, "metal4v1", "P3", "tinted"),
    ("iPhone 15", "iphone-15", ["iPhone15,4"], (393, 852), 3, 6, "metal4v1", "P3", "tinted"),
    ("iPhone 15 Plus", "iphone-15-plus", ["iPhone15,5"], (430, 932), 3, 6, "metal4v1", "P3", "tinted"),
    ("iPhone 15 Pro", "iphone-15-pro", ["iPhone16,1"], (393, 852), 3, 8, "metal4v1", "P3", "tinted"),
    ("iPhone 15 Pro Max", "iphone-15-pro-max", ["iPhone16,2"], (430, 932), 3, 8, "metal4v1", "P3", "tinted"),
    ("iPhone 16", "iphone-16", ["iPhone17,3"], (393, 852), 3, 8, "metal4v1", "P3", "tinted"),
    ("iPhone 16 Plus", "iphone-16-plus", ["iPhone17,4"], (430, 932), 3, 8, "metal4v1", "P3", "tinted"),
    ("iPhone 16 Pro", "iphone-16-pro", ["iPhone17,1"], (402, 874), 3, 8, "metal4v1", "P3", "tinted"),
    ("iPhone 16 Pro Max", "iphone-16-pro-max", ["iPhone17,2"], (440, 956), 3, 8, "metal4v1", "P3", "tinted"),
    ("iPhone 16e", "iphone-16e", ["iPhone17,5"], (390, 844), 3, 8, "metal4v1", "P3", "tinted"),
    ("iPhone 17", "iphone-17", ["iPhone18,3"], (402, 874), 3, 8, "metal4v1", "P3", "tinted"),
    ("iPhone Air", "iphone-air", ["iPhone18,4"], (420, 912), 3, 12, "metal4v1", "P3", "tinted"),
    ("iPhone 17 Pro", "iphone-17-pro", ["iPhone18,1"], (402, 874), 3, 12, "metal4v1", "P3", "tinted"),
    ("iPhone 17 Pro Max", "iphone-17-pro-max", ["iPhone18,2"], (440, 956), 3, 12, "metal4v1", "P3", "tinted"),
]

# name, id, identifiers, portrait points, scale, memory, graphics, gamut, appearances,
# multitasking (none / slideOver / split), large (half split in landscape is regular width)
PADS = [
    ("iPad 2", "ipad-2", ["iPad2,1", "iPad2,2", "iPad2,3", "iPad2,4"], (768, 1024), 1, 0, None, "sRGB", "light", "none", False),
    ("iPad mini", "ipad-mini", ["iPad2,5", "iPad2,6", "iPad2,7"], (768, 1024), 1, 0, None, "sRGB", "light", "none", False),
    ("iPad Air", "ipad-air", ["iPad4,1", "iPad4,2", "iPad4,3"], (768, 1024), 2, 1, "metal1v2", "sRGB", "light", "slideOver", False),
    ("iPad Air 2", "ipad-air-2", ["iPad5,3", "iPad5,4"], (768, 1024), 2, 2, "metal2v2", "sRGB", "dark", "split", False),
    ("iPad (9th generation)", "ipad-9", ["iPad12,1", "iPad12,2"], (810, 1080), 2, 3, "metal4v1", "sRGB", "tinted", "split", False),
    ("iPad (A16)", "ipad-a16", ["iPad15,7", "iPad15,8"], (820, 1180), 2, 6, "metal4v1", "sRGB", "tinted", "split", False),
    ("iPad mini (6th generation)", "ipad-mini-6", ["iPad14,1", "iPad14,2"], (744, 1133), 2, 4, "metal4v1", "P3", "tinted", "split", False),
    ("iPad mini (A17 Pro)", "ipad-mini-a17-pro", ["iPad16,1", "iPad16,2"], (744, 1133), 2, 8, "metal4v1", "P3", "tinted", "split", False),
    ("iPad Air 11-inch (M2)", "ipad-air-11-m2", ["iPad14,8", "iPad14,9"], (820, 1180), 2, 8, "metal4v1", "P3", "tinted", "split", False),
    ("iPad Air 13-inch (M2)", "ipad-air-13-m2", ["iPad14,10", "iPad14,11"], (1024, 1366), 2, 8, "metal4v1", "P3", "tinted", "split", True),
    ("iPad Pro 12.9-inch (6th generation)", "ipad-pro-12-9-6", ["iPad14,5", "iPad14,6"], (1024, 1366), 2, 8, "metal4v1", "P3", "tinted", "split", True),
    ("iPad Pro 11-inch (M4)", "ipad-pro-11-m4", ["iPad16,3", "iPad16,4"], (834, 1210), 2, 8, "metal4v1", "P3", "tinted", "split", False),
    ("iPad Pro 13-inch (M4)", "ipad-pro-13-m4", ["iPad16,5", "iPad16,6"], (1032, 1376), 2, 8, "metal4v1", "P3", "tinted", "split", True),
]

# name, id, identifiers, points, memory
WATCHES = [
    ("Apple Watch 38mm", "watch-38mm", ["Watch1,1"], (136, 170), 0),
    ("Apple Watch 42mm", "watch-42mm", ["Watch1,2"], (156, 195), 0),
    ("Apple Watch Series 4 40mm", "watch-series-4-40mm", ["Watch4,1", "Watch4,3"], (162, 197), 1),
    ("Apple Watch Series 4 44mm", "watch-series-4-44mm", ["Watch4,2", "Watch4,4"], (184, 224), 1),
    ("Apple Watch Series 7 41mm", "watch-series-7-41mm", ["Watch6,6", "Watch6,8"], (176, 215), 1),
    ("Apple Watch Series 7 45mm", "watch-series-7-45mm", ["Watch6,7", "Watch6,9"], (198, 242), 1),
    ("Apple Watch Ultra 49mm", "watch-ultra-49mm", ["Watch6,18"], (205, 251), 1),
    ("Apple Watch Series 10 42mm", "watch-series-10-42mm", ["Watch7,8", "Watch7,10"], (187, 223), 1),
    ("Apple Watch Series 10 46mm", "watch-series-10-46mm", ["Watch7,9", "Watch7,11"], (208, 248), 1),
]

# Apple GPU family of each device's chip, by id (see the docstring); absent: no Metal.
APPLE_GPU = {
    "iphone-5s": 1, "iphone-6": 2, "iphone-6-plus": 2, "iphone-6s": 3, "iphone-6s-plus": 3, "iphone-se-1": 3,
    "iphone-7": 3, "iphone-7-plus": 3, "iphone-8": 4, "iphone-8-plus": 4, "iphone-x": 4, "iphone-xs": 5,
    "iphone-xs-max": 5, "iphone-xr": 5, "iphone-11": 6, "iphone-11-pro": 6, "iphone-11-pro-max": 6,
    "iphone-se-2": 6, "iphone-12-mini": 7, "iphone-12": 7, "iphone-12-pro": 7, "iphone-12-pro-max": 7,
    "iphone-13-mini": 8, "iphone-13": 8, "iphone-13-pro": 8, "iphone-13-pro-max": 8, "iphone-se-3": 8,
    "iphone-14": 8, "iphone-14-plus": 8, "iphone-14-pro": 8, "iphone-14-pro-max": 8, "iphone-15": 8,
    "iphone-15-plus": 8, "iphone-15-pro": 9, "iphone-15-pro-max": 9, "iphone-16": 9, "iphone-16-plus": 9,
    "iphone-16-pro": 9, "iphone-16-pro-max": 9, "iphone-16e": 9, "iphone-17": 10, "iphone-air": 10,
    "iphone-17-pro": 10, "iphone-17-pro-max": 10,
    "ipad-air": 1, "ipad-air-2": 2, "ipad-9": 6, "ipad-a16": 8, "ipad-mini-6": 8, "ipad-mini-a17-pro": 9,
    "ipad-air-11-m2": 8, "ipad-air-13-m2": 8, "ipad-pro-12-9-6": 8, "ipad-pro-11-m4": 9, "ipad-pro-13-m4": 9,
    "apple-tv-hd": 2, "apple-tv-4k-3": 8, "mac-apple-silicon": 7, "apple-vision-pro": 8,
}
METAL_ORDER = ["metal1v2", "metal1v3", "metal2v2", "metal2v3", "metal3v1", "metal3v2", "metal4v1"]
# Watch case sizes, by id.
CASE_SIZE = {
    "watch-38mm": "38mm", "watch-42mm": "42mm", "watch-series-4-40mm": "40mm", "watch-series-4-44mm": "44mm",
    "watch-series-7-41mm": "41mm", "watch-series-7-45mm": "45mm", "watch-ultra-49mm": "49mm",
    "watch-series-10-42mm": "42mm", "watch-series-10-46mm": "46mm",
}
# The newest OS each retired model runs, by id; every other model runs CURRENT_OS.
CURRENT_OS = "26.0"
NEWEST_OS = {
    "iphone-4s": "9.3", "iphone-5": "10.3", "iphone-5c": "10.3", "iphone-5s": "12.5", "iphone-6": "12.5",
    "iphone-6-plus": "12.5", "iphone-6s": "15.8", "iphone-6s-plus": "15.8", "iphone-se-1": "15.8",
    "iphone-7": "15.8", "iphone-7-plus": "15.8", "iphone-8": "16.7", "iphone-8-plus": "16.7", "iphone-x": "16.7",
    "iphone-xs": "18.7", "iphone-xs-max": "18.7", "iphone-xr": "18.7",
    "ipad-2": "9.3", "ipad-mini": "9.3", "ipad-air": "12.5", "ipad-air-2": "15.8",
    "watch-38mm": "4.3", "watch-42mm": "4.3", "watch-series-4-40mm": "10.6", "watch-series-4-44mm": "10.6",
}
# Display scales beyond the built-in screen's (a Mac drives 1x and 2x displays).
EXTRA_SCALES = {"mac-apple-silicon": [1]}

OTHERS = [
    # name, id, identifiers, idiom, points, scale, memory, graphics, gamut, appearances
    ("Apple TV HD", "apple-tv-hd", ["AppleTV5,3"], "tv", (1920, 1080), 1, 2, "metal2v2", "sRGB", "dark"),
    ("Apple TV 4K (3rd generation)", "apple-tv-4k-3", ["AppleTV14,1"], "tv", (1920, 1080), 2, 4, "metal4v1", "P3", "dark"),
    ("Mac (Apple silicon, Retina)", "mac-apple-silicon", ["Mac14,2", "Mac15,12"], "mac", (1470, 956), 2, 8, "metal4v1", "P3", "dark"),
    ("Apple Vision Pro", "apple-vision-pro", ["RealityDevice14,1"], "vision", (1280, 720), 2, 16, "metal4v1", "P3", "dark"),
]


def appearances(newest):
    return {"light": ["light"], "dark": ["light", "dark"], "tinted": ["light", "dark", "tinted"]}[newest]


def trait_set(orientation, mode, horizontal, vertical, window):
    return {"orientation": orientation, "multitasking": mode, "horizontalSizeClass": horizontal,
            "verticalSizeClass": vertical, "window": {"width": window[0], "height": window[1]}}


def profile(name, ident, models, idiom, points, scale, memory, graphics, gamut, newest, traits, screen_width=None):
    entry = {"id": ident, "name": name, "modelIdentifiers": models, "idiom": idiom,
             "displayScales": [scale] + EXTRA_SCALES.get(ident, []),
             "screen": {"width": points[0], "height": points[1]}, "displayGamut": gamut, "memory": memory}
    families = []
    if ident in APPLE_GPU:
        families += ["apple%d" % n for n in range(APPLE_GPU[ident], 0, -1)]
    if graphics:
        families += list(reversed(METAL_ORDER[:METAL_ORDER.index(graphics) + 1]))
    if families:
        entry["graphicsFeatureSets"] = families
    if screen_width:
        entry["screenWidth"] = screen_width
    if ident in CASE_SIZE:
        entry["deviceSubtype"] = CASE_SIZE[ident]
    if idiom == "phone" and points == (320, 568):
        entry["deviceSubtype"] = "retina4"
    if idiom == "phone":
        entry["hostedIdioms"] = ["car"]
    entry["newestOS"] = NEWEST_OS.get(ident, CURRENT_OS)
    entry["appearances"] = appearances(newest)
    entry["traitSets"] = traits
    return entry


def main():
    devices = []
    for name, ident, models, (w, h), scale, memory, graphics, gamut, newest in PHONES:
        landscape_width = "regular" if w >= 414 else "compact"
        traits = [trait_set("portrait", "fullScreen", "compact", "regular", (w, h)),
                  trait_set("landscape", "fullScreen", landscape_width, "compact", (h, w))]
        devices.append(profile(name, ident, models, "phone", (w, h), scale, memory, graphics, gamut, newest, traits))
    for name, ident, models, (w, h), scale, memory, graphics, gamut, newest, multitasking, large in PADS:
        traits = [trait_set("portrait", "fullScreen", "regular", "regular", (w, h)),
                  trait_set("landscape", "fullScreen", "regular", "regular", (h, w))]
        if multitasking in ("slideOver", "split"):
            traits += [trait_set("portrait", "slideOver", "compact", "regular", (320, h)),
                       trait_set("landscape", "slideOver", "compact", "regular", (320, w))]
        if multitasking == "split":
            gap = 10
            traits += [
                trait_set("portrait", "splitTwoThirds", "compact", "regular", (w - 320 - gap, h)),
                trait_set("portrait", "splitOneThird", "compact", "regular", (320, h)),
                trait_set("landscape", "splitTwoThirds", "regular", "regular", (h - 320 - gap, w)),
                trait_set("landscape", "splitHalf", "regular" if large else "compact", "regular", ((h - gap) // 2, w)),
                trait_set("landscape", "splitOneThird", "compact", "regular", (320, w)),
            ]
        devices.append(profile(name, ident, models, "pad", (w, h), scale, memory, graphics, gamut, newest, traits))
    for name, ident, models, (w, h), memory in WATCHES:
        traits = [trait_set("portrait", "fullScreen", "compact", "compact", (w, h))]
        devices.append(profile(name, ident, models, "watch", (w, h), 2, memory, None, "sRGB", "dark", traits, screen_width=w))
    for name, ident, models, idiom, (w, h), scale, memory, graphics, gamut, newest in OTHERS:
        traits = [trait_set("landscape", "fullScreen", "regular", "regular", (w, h))]
        devices.append(profile(name, ident, models, idiom, (w, h), scale, memory, graphics, gamut, newest, traits))
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "DeviceProfiles", "Resources", "devices.json")
    with open(path, "w") as handle:
        json.dump({"formatVersion": 2, "devices": devices}, handle, indent=2)
        handle.write("\n")
    print("wrote %d devices to %s" % (len(devices), os.path.normpath(path)))


if __name__ == "__main__":
    main()
