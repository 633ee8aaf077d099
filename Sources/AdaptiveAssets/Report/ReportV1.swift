import AssetSelection

/// Everything `adapt report` shows, as data: the one model the HTML page renders (and that JSON
/// or another rendering can read), built by `ReportBuilder`. Nothing in it is prose: the page
/// decides how to say it.
///
/// ```swift
/// let report = try ReportBuilder(devices: database.devices).build(catalogsAt: ["App.xcassets"])
/// let html = HTMLReport(report).render()
/// ```
public struct ReportV1: Sendable {
    public static let formatVersion = 1

    public var catalogs: [CatalogOverview]
    /// Every diagnostic the Validator reports, with the asset it belongs to when there is one.
    public var diagnostics: [LocatedDiagnostic]
    /// Every asset of every catalog, in catalog order, then folder order.
    public var assets: [AssetSheet]
    /// The images the page shows: each file once, by path.
    public var images: [ImageEntry]
    /// The trait contexts the grids' rows are made of (window × appearance × contrast × direction).
    public var contexts: [TraitContext]
    public var traitChanges: [DeviceTraitChanges]
    public var sizes: SizeReport

    public struct CatalogOverview: Hashable, Sendable {
        public var path: String
        public var name: String
        public var assets: Int
        public var variants: Int
        /// The bytes of every file its entries name (a set kept whole: every file below it).
        public var bytes: Int
    }

    public struct LocatedDiagnostic: Hashable, Sendable {
        public var diagnostic: Diagnostic
        /// Index into `assets`.
        public var asset: Int?
    }

    public struct ImageEntry: Hashable, Sendable {
        public var path: String
        public var bytes: Int
        /// Nil when the file is not a PNG libpng decodes (a placeholder is shown).
        public var thumbnail: Thumbnailer.Thumbnail?
    }

    public struct AssetSheet: Sendable {
        /// A stable anchor for links: `asset-<catalog>-<position>`.
        public var id: String
        public var catalog: Int
        public var name: String
        public var type: String
        public var path: String
        public var variants: [VariantCard]
        /// Devices grouped where they pick the same files for this asset; empty for types this
        /// tool does not select among (image stacks, ...).
        public var columns: [[String]]
        public var rows: [GridRow]
        public var hasSlots: Bool
    }

    public struct VariantCard: Hashable, Sendable {
        public var index: Int
        /// The file name, the colour, or "(empty slot)".
        public var label: String
        public var attributes: [String]
        /// Index into `images`.
        public var image: Int?
        /// A CSS colour for a colour set's variant.
        public var color: String?
        public var slot: String?
    }

    /// One row of an asset's grid: contexts in which every column shows the same as each other.
    public struct GridRow: Hashable, Sendable {
        /// Indices into `contexts`.
        public var contexts: [Int]
        /// One per column.
        public var cells: [Cell]
    }

    public enum Cell: Hashable, Sendable {
        /// None of the column's devices has this window.
        case notApplicable
        case noMatch
        /// What each slot shows (one for most sets); a slot with no match is left out.
        case shown([Choice])
    }

    public struct Choice: Hashable, Sendable {
        /// Index into the asset's `variants`.
        public var variant: Int
        public var mirrored: Bool
        public var slot: String?

        public init(variant: Int, mirrored: Bool, slot: String?) {
            self.variant = variant
            self.mirrored = mirrored
            self.slot = slot
        }

        /// The choice a resolved slot makes, nil when it shows nothing; the slot is named only in
        /// a set of slots (an app icon), where a cell lists one choice per slot.
        init?(_ slotMatch: AssetIndex.SlotMatch, hasSlots: Bool) {
            guard let match = slotMatch.match else { return nil }
            self.init(variant: match.variant, mirrored: match.mirrored, slot: hasSlots ? slotMatch.slot.description : nil)
        }
    }

    public struct TraitContext: Hashable, Sendable {
        public var window: String
        public var style: String
        public var contrast: String
        public var direction: String
        public var label: String { "\(window), \(style), \(contrast) contrast, \(direction == "rightToLeft" ? "rtl" : "ltr")" }
    }

    /// Devices that change the same files, the same way, on rotation and on entering split view.
    public struct DeviceTraitChanges: Hashable, Sendable {
        public var devices: [String]
        public var rotation: [Change]
        public var multitasking: [Change]
    }

    public struct Change: Hashable, Sendable {
        /// Index into `assets`.
        public var asset: Int
        public var from: String
        public var to: String
        /// Variant positions shown before and after (empty: no match), with mirroring.
        public var before: [Choice]
        public var after: [Choice]
        public var appearances: [String]
        /// Whether it happens in every appearance the device has.
        public var everyAppearance: Bool
    }
}
