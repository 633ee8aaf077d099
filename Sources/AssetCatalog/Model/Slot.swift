/// One lookup within a set: what a device picks one variant for.
///
/// Most sets are one slot. An app icon set is a list of slots, one per (`platform`, `role`,
/// `size`): the iPhone home-screen icon (60x60) and its notification icon (20x20) are chosen
/// independently, so a device keeps both. Launch images add their `orientation`, `extent`,
/// `minimum-system-version` and screen `subtype` (`736h`), and tvOS brand assets their `role` and
/// `size`. Within a slot the selection rule chooses among the variants by their traits.
///
/// ```swift
/// for (slot, positions) in asset.variantsBySlot() {
///     print(slot, positions)          // "ios 60x60" [2, 3]
/// }
/// ```
public struct Slot: Hashable, Sendable, CustomStringConvertible {
    /// The entry's platform, or the one its idiom implies; nil for universal entries.
    public var platform: Platform?
    /// The icon's `role` (`notificationCenter`, `companionSettings`, `primary-app-icon`), when the entry has one.
    public var role: String?
    /// The icon's `size` in points (`60x60`), when the entry has one.
    public var size: String?
    /// Other keys that tell slots apart (launch images), as `key=value`.
    public var qualifiers: [String]

    /// A slot; an entry with none of these keys is in the set's one unnamed slot.
    public init(platform: Platform? = nil, role: String? = nil, size: String? = nil, qualifiers: [String] = []) {
        self.platform = platform
        self.role = role
        self.size = size
        self.qualifiers = qualifiers
    }

    /// The slot of a set that is one slot.
    public static let whole = Slot()

    public var description: String {
        let parts = [platform?.rawValue ?? "universal", role, size].compactMap { $0 } + qualifiers
        return parts.joined(separator: " ")
    }
}

extension AssetType {
    /// Whether the set is a list of slots, each chosen on its own, rather than one slot.
    public var hasSlots: Bool {
        switch self {
        // A macOS `.iconset` is an app icon by its file names: one slot per size, like an app icon set.
        case .appIconSet, .launchImage, .brandAssets, .iconSet: true
        default: false
        }
    }
}

extension Variant {
    /// The platform the entry is for: its `platform` key, else the one its idiom implies, else nil
    /// (universal). Store-only idioms (`ios-marketing`) imply their platform too.
    package var impliedPlatform: Platform? {
        if let platform, let known = Platform(contentsValue: platform) { return known }
        switch idiom {
        case .universal: return nil
        case .device(let device): return device.platform
        case .storeOnly(let name):
            if name.hasPrefix("ios") { return .ios }
            if name.hasPrefix("watch") { return .watchos }
            if name.hasPrefix("tv") { return .tvos }
            if name.hasPrefix("mac") { return .macos }
            if name.hasPrefix("vision") { return .visionos }
            return nil
        }
    }

    /// A watch case size such as `44mm` from `subtype`, which the rule matches on the watch-size
    /// axis; other subtypes (a launch image's `736h`) tell slots apart instead.
    package var caseSizeSubtype: String? {
        guard let subtype, subtype.hasSuffix("mm") else { return nil }
        return subtype
    }

    /// The `subtype` the rule matches on the screen-size axis: a watch case size, or `retina4`,
    /// which marks an image for 4-inch iPhones (rule 2.1). A launch image's other subtypes
    /// (`667h`, `736h`) name its screen and tell slots apart instead.
    package var screenSubtype: String? {
        if let caseSizeSubtype { return caseSizeSubtype }
        return subtype == Self.fourInchSubtype ? subtype : nil
    }

    /// The `subtype` of images for 4-inch iPhones (iPhone 5, 5c, 5s, SE of 2016), whose profiles
    /// carry it as `deviceSubtype`.
    package static let fourInchSubtype = "retina4"

    /// The slot this entry fills in a set of type `type`.
    public func slot(in type: AssetType) -> Slot {
        guard type.hasSlots else { return .whole }
        var qualifiers: [String] = []
        if type == .launchImage {
            for key in ["orientation", "extent", "minimum-system-version"] {
                if let value = entry[key]?.string { qualifiers.append("\(key)=\(value)") }
            }
            if let subtype, caseSizeSubtype == nil { qualifiers.append("subtype=\(subtype)") }
        }
        return Slot(platform: impliedPlatform, role: role, size: size, qualifiers: qualifiers)
    }
}

extension Asset {
    /// The set's slots in order of first appearance, each with its variants' positions in
    /// declaration order. A set that is one slot gives one pair.
    public func variantsBySlot() -> [(slot: Slot, variants: [Int])] {
        guard type.hasSlots else { return [(.whole, Array(variants.indices))] }
        var order: [Slot] = []
        var members: [Slot: [Int]] = [:]
        for (position, variant) in variants.enumerated() {
            let slot = variant.slot(in: type)
            if members[slot] == nil { order.append(slot) }
            members[slot, default: []].append(position)
        }
        return order.map { ($0, members[$0]!) }
    }
}
