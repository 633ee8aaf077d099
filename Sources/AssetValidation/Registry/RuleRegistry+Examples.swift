/// A reported and an accepted example for every rule whose description in `RuleRegistry` does not
/// carry its own (those are the rules about a Contents.json entry). Most rules here are about
/// something else, a file's bytes, a folder, a command's input, so each example names that input
/// and, in parentheses, what is true of it. `adapt rules ID` prints them; `RuleExampleTests` checks
/// that every rule has both, and that an example written as JSON is valid JSON.
///
/// ```swift
/// RuleRegistry.rule("png.crc")!.badExample   // "icon.png  (a chunk's CRC ...)"
/// ```
extension RuleRegistry {
    package static func withExamples(_ rule: RuleDescription) -> RuleDescription {
        guard let example = examples[rule.id] else { return rule }
        var rule = rule
        if rule.badExample == nil { rule.badExample = example.bad }
        if rule.goodExample == nil { rule.goodExample = example.good }
        return rule
    }

    static let examples: [String: (bad: String, good: String)] = [
        // Reading a catalog
        "json.duplicate-key": (#"{"images": [{"idiom": "universal", "scale": "1x", "scale": "2x", "filename": "a.png"}]}"#,
                               #"{"images": [{"idiom": "universal", "scale": "2x", "filename": "a.png"}]}"#),
        "catalog.missing-contents": ("Logo.imageset/  (folder: logo.png, no Contents.json)",
                                     "Logo.imageset/  (folder: Contents.json, logo.png)"),
        "catalog.unreadable": ("Icons/  (permissions 000), or Contents.json a FIFO or over 16 MiB",
                               "Icons/  (a readable folder of sets)"),
        "catalog.empty": ("Assets.xcassets/  (folder: Contents.json only)", "Assets.xcassets/  (folder: Contents.json, AppIcon.appiconset/)"),
        "catalog.not-a-catalog": ("adapt inspect MyApp/  (a project folder holding MyApp/Assets.xcassets)",
                                  "adapt inspect MyApp/Assets.xcassets"),
        "catalog.nested": ("Assets.xcassets/Old.xcassets/  (a catalog copied into another)",
                           "Assets.xcassets/Old/  (a group folder, or a second catalog beside the first)"),
        "catalog.symlink": ("Assets.xcassets/Shared -> Common  (a link inside the catalog)",
                            "Assets.xcassets/Shared/  (a real folder)"),
        "catalog.symlink-escape": ("Assets.xcassets/Keys.imageset -> ../../.ssh  (a link leading out)",
                                   "Assets.xcassets/Keys.imageset/  (a real folder inside the catalog)"),
        // Contents.json entries
        "contents.unreadable": ("Logo.imageset/Contents.json  (a folder, a FIFO, or no read permission)",
                                "Logo.imageset/Contents.json  (a regular, readable file)"),
        // Sets
        "name.collision": ("Logo.imageset/ and Brand/Logo.imageset/ in a catalog without namespaces  (both are 'Logo')",
                           "Logo.imageset/ and Brand/Logo.imageset/ with \"provides-namespace\": true on Brand  ('Logo' and 'Brand/Logo')"),
        "accessors.name-collision": ("logo.imageset/ and Logo.colorset/  (Asset.logo is 'logo'; 'Logo' becomes Asset.logo__df41e0)",
                                     "logo.imageset/ and LogoTint.colorset/  (Asset.logo and Asset.logoTint)"),
        // The selection rule
        "variant.analysis-limited": ("Flags.imageset/Contents.json  (10,000 entries, each with its own locale)",
                                     "Flags.imageset/Contents.json  (an entry for each of the app's 40 languages)"),
        "variant.precedence-dependent": (
            #"{"images": [{"idiom": "universal", "scale": "3x", "filename": "a@3x.png"}, {"idiom": "iphone", "scale": "2x", "filename": "phone@2x.png"}]}"#
                + "  (a @3x iPhone shows the universal image: scale outranks idiom)",
            #"{"images": [{"idiom": "universal", "scale": "3x", "filename": "a@3x.png"}, {"idiom": "iphone", "scale": "3x", "filename": "phone@3x.png"}]}"#),
        // App icons
        "icon.size": (#"{"images": [{"idiom": "iphone", "size": "60x60", "scale": "3x", "filename": "icon.png"}]}"# + "  (icon.png: 120x120 pixels)",
                      #"{"images": [{"idiom": "iphone", "size": "60x60", "scale": "3x", "filename": "icon.png"}]}"# + "  (icon.png: 180x180 pixels)"),
        "icon.alpha": (#"{"images": [{"idiom": "ios-marketing", "size": "1024x1024", "scale": "1x", "filename": "store.png"}]}"#
                           + "  (store.png: rounded corners with transparent pixels)",
                       #"{"images": [{"idiom": "ios-marketing", "size": "1024x1024", "scale": "1x", "filename": "store.png"}]}"#
                           + "  (store.png: RGB, no alpha channel)"),
        "icon.alpha-suspect": (#"{"images": [{"idiom": "ios-marketing", "size": "1024x1024", "scale": "1x", "filename": "store.png"}]}"#
                                   + "  (store.png: RGBA, every pixel opaque)",
                               #"{"images": [{"idiom": "ios-marketing", "size": "1024x1024", "scale": "1x", "filename": "store.png"}]}"#
                                   + "  (store.png: RGB, no alpha channel)"),
        // Images against their entries
        "image.scale-size": (#"{"images": [{"idiom": "universal", "scale": "2x", "filename": "a@2x.png"}, {"idiom": "universal", "scale": "3x", "filename": "a@3x.png"}]}"#
                                 + "  (a@2x.png 100x100, a@3x.png 120x120: 50 pt and 40 pt)",
                             #"{"images": [{"idiom": "universal", "scale": "2x", "filename": "a@2x.png"}, {"idiom": "universal", "scale": "3x", "filename": "a@3x.png"}]}"#
                                 + "  (a@2x.png 91x91, a@3x.png 136x136: 45.5 pt and 45.33 pt, the same within rounding)"),
        "image.scale-name": (#"{"images": [{"idiom": "universal", "scale": "2x", "filename": "logo@3x.png"}]}"#,
                             #"{"images": [{"idiom": "universal", "scale": "2x", "filename": "logo@2x.png"}]}"#),
        "image.format-mismatch": (#"{"images": [{"idiom": "universal", "filename": "photo.png"}]}"# + "  (photo.png holds JPEG bytes)",
                                  #"{"images": [{"idiom": "universal", "filename": "photo.jpg"}]}"# + "  (photo.jpg holds JPEG bytes)"),
        "image.not-an-image": (#"{"images": [{"idiom": "universal", "filename": "logo.png"}]}"# + "  (logo.png holds an HTML error page)",
                               #"{"images": [{"idiom": "universal", "filename": "logo.png"}]}"# + "  (logo.png is a PNG)"),
        "image.gamut-profile": (#"{"images": [{"idiom": "universal", "display-gamut": "display-P3", "filename": "p3.png"}]}"# + "  (p3.png has an sRGB profile)",
                                #"{"images": [{"idiom": "universal", "display-gamut": "display-P3", "filename": "p3.png"}]}"# + "  (p3.png has a Display P3 profile)"),
        // PNG files
        "png.signature": ("logo.png  (starts 89 50 4E 47 0D 0A 0A 1A: a line break was converted in transfer)",
                          "logo.png  (starts 89 50 4E 47 0D 0A 1A 0A)"),
        "png.not-png": ("logo.png  (a JPEG, GIF or WebP file named .png, given to adapt png)", "logo.png  (PNG bytes)"),
        "png.truncated": ("logo.png  (cut off inside the IDAT chunk: an interrupted download)", "logo.png  (ends with its IEND chunk)"),
        "png.unreadable": ("adapt png missing.png  (no such file, a folder, or no read permission)", "adapt png logo.png  (a readable file)"),
        "png.crc": ("logo.png  (a byte of a chunk flipped after it was written: its CRC-32 no longer matches)",
                    "logo.png  (every chunk's CRC-32 matches its type and data)"),
        "png.chunk-length": ("logo.png  (a chunk length of 4,000,000,000 bytes in a 10 kB file)", "logo.png  (every chunk length fits the file)"),
        "png.chunk-type": ("logo.png  (a chunk type with a byte outside A-Z and a-z)", "logo.png  (chunk types of four ASCII letters)"),
        "png.ihdr": ("logo.png  (IHDR with width 0, or bit depth 16 for a palette image)", "logo.png  (IHDR 64x64, 8-bit RGBA)"),
        "png.plte": ("logo.png  (a palette image without PLTE, or a PLTE of 300 entries)", "logo.png  (a palette image with 16 PLTE entries)"),
        "png.idat": ("logo.png  (no IDAT chunk, or IDAT chunks split by another chunk)", "logo.png  (consecutive IDAT chunks)"),
        "png.iend": ("logo.png  (the file ends without an IEND chunk)", "logo.png  (IEND last)"),
        "png.after-iend": ("logo.png  (bytes after IEND: a second file appended)", "logo.png  (nothing after IEND)"),
        "png.unknown-critical": ("logo.png  (a critical chunk 'ABCD' decoders must refuse)", "logo.png  (only known critical chunks)"),
        "png.cgbi": ("logo.png  (a CgBI chunk: Xcode's iPhone-optimised PNG, unreadable elsewhere)", "logo.png  (a standard PNG; Xcode optimises it when building)"),
        "png.too-large": ("logo.png  (IHDR 200000x200000: a decompression bomb)", "logo.png  (IHDR 1024x1024)"),
        "png.decode": ("logo.png  (image data that fails to inflate: invalid distance too far back)", "logo.png  (image data that inflates to its rows)"),
        "png.image-data": ("logo.png  (too few rows, or an Adler-32 that does not match what the image data inflates to)",
                           "logo.png  (every row present, and the stream's Adler-32 matches)"),
        "png.profile-conflict": ("logo.png  (both an sRGB chunk and an iCCP profile)", "logo.png  (an iCCP profile only)"),
        "png.profile": ("logo.png  (an iCCP profile that does not parse)", "logo.png  (a valid Display P3 iCCP profile)"),
        "png.phys": ("logo.png  (pHYs of 92 dots per inch: other tools scale it)", "logo.png  (no pHYs, or 72 dpi)"),
        "png.ancillary": ("logo.png  (a damaged tEXt chunk)", "logo.png  (intact ancillary chunks)"),
        "png.libpng-warning": ("logo.png  (libpng warns: an iCCP profile with a wrong length)", "logo.png  (libpng reads it silently)"),
        // Policies
        "policy.device-budget": ("max_bytes: 1000000  (the iPhone 15's slice is 1.4 MB)", "max_bytes: 2000000  (the largest slice is 1.4 MB)"),
        // Inputs other than catalogs
        "devices.invalid": (#"{"formatVersion": 2, "devices": [{"id": "../etc", "idiom": "phone"}]}"#,
                            #"{"formatVersion": 2, "devices": [{"id": "my-phone", "name": "My Phone", "idiom": "phone", "displayScales": [3], "#
                                + #""screen": {"width": 393, "height": 852}, "displayGamut": "P3", "memory": 6, "traitSets": [...]}]}"#),
        "devices.missing": ("adapt thin A.xcassets --devices mydevices.json  (no such file)", "adapt thin A.xcassets --devices devices/mine.json  (the file exists)"),
        "devices.unreadable": ("--devices /dev/zero  (not a regular file, or over the size limit)", "--devices mine.json  (a regular JSON file)"),
        "query.invalid": (#"{"asset": "Logo", "traits": {"displayScael": 2}}"#, #"{"asset": "Logo", "traits": {"displayScale": 2}}"#),
        "query.unreadable": ("adapt resolve A.xcassets --queries querys.jsonl  (no such file)",
                             "adapt resolve A.xcassets --queries queries.jsonl  (a file of JSON lines)"),
        "size.over-budget": ("adapt size A.xcassets --all-devices --budget 1000000  (a slice of 1.4 MB)",
                             "adapt size A.xcassets --all-devices --budget 2000000  (every slice under 2 MB)"),
        "diff.growth": ("adapt diff old/A.xcassets new/A.xcassets --fail-on-growth 100000  (an iPhone downloads 250 kB more)",
                        "adapt diff old/A.xcassets new/A.xcassets --fail-on-growth 500000"),
        "report.output": ("adapt report A.xcassets -o A.xcassets/report.html  (inside the catalog), or over a file adapt did not write",
                          "adapt report A.xcassets -o build/report.html"),
        "report.cache": ("adapt report A.xcassets --cache A.xcassets/Logo.imageset  (inside the catalog)",
                         "adapt report A.xcassets --cache .build/thumbnails"),
        "report.cache-skipped": ("adapt report A.xcassets  (the default cache folder is another user's, or writable by others)",
                                 "adapt report A.xcassets  (the default cache folder is yours and private)"),
        "thin.no-match": (#"{"images": [{"idiom": "iphone", "width-class": "compact", "filename": "narrow.png"}]}"# + "  (nothing for an iPad's regular width)",
                          #"{"images": [{"idiom": "iphone", "width-class": "compact", "filename": "narrow.png"}, {"idiom": "universal", "filename": "any.png"}]}"#),
        "thin.output": ("adapt thin A.xcassets --all-devices -o .  (the working folder), or -o A.xcassets/out",
                        "adapt thin A.xcassets --all-devices -o Thinned  (absent, empty, or an earlier output)"),
        "accessors.refused": ("adapt validate A.xcassets --accessors Sources/App/main.swift  (a file adapt did not generate)",
                              "adapt validate A.xcassets --accessors Sources/App/Assets.generated.swift"),
        "config.invalid": ("disabled_rules: [variant.unreachabel]  (.adapt.yml: an unknown rule id)", "disabled_rules: [variant.unreachable]"),
        "baseline.invalid": ("--baseline notes.txt  (not a baseline written by --write-baseline)", "--baseline adapt-baseline.json"),
        "baseline.refused": ("--write-baseline A.xcassets/Contents.json  (inside a catalog, or over a file adapt did not write)",
                             "--write-baseline adapt-baseline.json  (a new file, or an earlier baseline)"),
        "environment.exhausted": ("ulimit -n 8; adapt validate A.xcassets  (too few file descriptors)", "adapt validate A.xcassets  (the default limit)"),
    ]
}
