import AdaptSupport
import AssetCatalog

/// The launch image set of `--launch-image`, as actool compiles it for iOS: not into `Assets.car`
/// but as loose PNG files beside it, named by their slot, and a `UILaunchImages` list in the
/// partial Info.plist that iOS reads to find them.
///
/// The names and the list are those of Apple's own output: two apps built by Xcode 9 and 9.2
/// (their `.app` folders hold `LaunchImage-800-Portrait-736h@3x.png`, `LaunchImage-700-568h@2x.png`,
/// `LaunchImage-700@2x.png`, …, an `Assets.car` without a launch image, and an Info.plist whose
/// `UILaunchImages` entries read, for example, minimum OS `8.0`, name `LaunchImage-800-Landscape-736h`,
/// orientation `Landscape`, size `{414, 736}`), and the iPad names `LaunchImage-700-Portrait~ipad.png`
/// and `LaunchImage-700-Landscape@2x~ipad.png` that projects copy by hand.
///
/// - A file's name: the set's name; `-` and the minimum OS version as digits (`7.0` → `-700`,
///   `11.0` → `-1100`) when the entry has one; the orientation (`-Portrait`, `-Landscape`) for the
///   iPad and for iPhones whose launch image comes in both orientations (`736h` and the screens
///   after it); the screen's height (`retina4` → `-568h`, `667h`, `736h`, `2436h`, …); the scale
///   (`@2x`) and `~ipad`.
/// - `UILaunchImages`: one entry per name (the scales of a slot share it), in the set's order, for
///   the entries with a minimum OS version (iOS 7 and later read the list; earlier systems found
///   the files by name). The size is the screen's in points, portrait, whatever the orientation.
/// - Xcode 9.0 named the iPhone X's portrait image `LaunchImage-1100-2436h`; Xcode 9.2, which
///   added its landscape image, `LaunchImage-1100-Portrait-2436h`. adapt writes the later form.
package struct LaunchImages: Equatable, Sendable {
    /// One `UILaunchImages` entry.
    package struct Entry: Equatable, Sendable {
        package var minimumOSVersion: String
        package var name: String
        /// `Portrait` or `Landscape`.
        package var orientation: String
        /// Points, portrait: `{414, 736}`.
        package var size: String
    }

    /// A loose file to write: its name beside `Assets.car`, and the source image it copies.
    package struct File: Equatable, Sendable {
        package var name: String
        package var source: String
    }

    package var files: [File] = []
    package var entries: [Entry] = []

    /// An iPhone launch image's screen in points, portrait, by the entry's `subtype` (none: the
    /// 3.5-inch iPhone). The iPad's is 768 × 1024 for every entry.
    static let phoneScreens: [String: (width: Int, height: Int)] = [
        "": (320, 480), Variant.fourInchSubtype: (320, 568), "667h": (375, 667), "736h": (414, 736),
        "2436h": (375, 812), "2688h": (414, 896), "1792h": (414, 896),
    ]

    /// The iPhones whose launch images come in both orientations, so their names say which: the
    /// 5.5-inch one and those after it.
    static let phoneScreensInBothOrientations: Set<String> = ["736h", "2436h", "2688h", "1792h"]

    /// The screen height a `subtype` names in a file name (`retina4` is the 568-point screen).
    private static func heightSuffix(_ subtype: String) -> String {
        subtype == Variant.fourInchSubtype ? "568h" : subtype
    }

    /// `7.0` → `700`, `11.0` → `1100`: the version's digits with the major version first, as
    /// actool spells it in the names.
    static func versionDigits(_ version: String) -> String? {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let major = Int(parts[0]), (0..<100).contains(major) else { return nil }
        let minor = parts.count == 2 ? Int(parts[1]) : 0
        guard let minor, (0..<10).contains(minor) else { return nil }
        return String(major * 100 + minor * 10)
    }

    /// The files and entries of `asset`, a launch image set, for the idioms the app targets.
    /// Entries this cannot name (another idiom, an unknown screen, no file) come back as
    /// `leftOut` with the reason, so the caller can say so.
    package init(_ asset: Asset, idioms: Set<UserInterfaceIdiom>, leftOut: (Variant, String) -> Void) {
        var seenEntries: Set<String> = []
        for variant in asset.variants {
            guard let filename = variant.filename else { continue }
            let idiom: UserInterfaceIdiom
            switch variant.idiom {
            case .device(.phone): idiom = .phone
            case .device(.pad): idiom = .pad
            default:
                leftOut(variant, "only iPhone and iPad launch images are written")
                continue
            }
            guard idioms.contains(idiom) else { continue }
            let subtype = variant.subtype ?? ""
            let orientation = variant.entry["orientation"]?.string == "landscape" ? "Landscape" : "Portrait"
            let screen: (width: Int, height: Int)
            if idiom == .pad {
                screen = (768, 1024)
            } else if let phone = Self.phoneScreens[subtype] {
                screen = phone
            } else {
                leftOut(variant, "no iPhone screen has the launch image subtype '\(subtype)'")
                continue
            }
            // The set's own name: a name in a namespace (`Launch/LaunchImage`) is not a file name.
            var name = asset.name.lastPathComponent
            let version = variant.entry["minimum-system-version"]?.string
            if let version {
                guard let digits = Self.versionDigits(version) else {
                    leftOut(variant, "its minimum-system-version '\(version)' is not a version such as 8.0")
                    continue
                }
                name += "-" + digits
            }
            if idiom == .pad || Self.phoneScreensInBothOrientations.contains(subtype) { name += "-" + orientation }
            if !subtype.isEmpty { name += "-" + Self.heightSuffix(subtype) }
            let scale = variant.scale ?? 1
            let file = name + (scale > 1 ? "@\(scale)x" : "") + (idiom == .pad ? "~ipad" : "") + ".png"
            guard !files.contains(where: { $0.name == file }) else { continue }
            files.append(File(name: file, source: asset.path.appendingPathComponent(filename)))
            if let version, seenEntries.insert(name).inserted {
                entries.append(Entry(minimumOSVersion: version, name: name, orientation: orientation, size: "{\(screen.width), \(screen.height)}"))
            }
        }
    }

    /// `UILaunchImages`, as the partial Info.plist holds it.
    package var propertyList: PropertyList {
        .array(
            entries.map { entry in
                .dictionary([
                    "UILaunchImageMinimumOSVersion": .string(entry.minimumOSVersion), "UILaunchImageName": .string(entry.name),
                    "UILaunchImageOrientation": .string(entry.orientation), "UILaunchImageSize": .string(entry.size),
                ])
            })
    }
}
