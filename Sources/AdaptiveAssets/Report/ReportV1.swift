import AssetSelection

/// Everything `adapt report` shows, as data: the one model the HTML page renders (and that JSON
/// or another rendering can read), built by `ReportBuilder`. Nothing in it is prose: the page
/// decides how to say it.
///
/// ```swift
/// let report = try ReportBuilder(devices: database.devices).build(catalogsAt: ["App.xcassets"])
/// let html = HTMLReport(report).render()
/// ```
package struct ReportV1: Sendable {
    package static let formatVersion = 1

    package var catalogs: [CatalogOverview]
    /// Every diagnostic the Validator reports, with the asset it belongs to when there is one.
    package var diagnostics: [LocatedDiagnostic]
    /// Every asset of every catalog, in catalog order, then folder order.
    package var assets: [AssetSheet]
    /// The images the page shows: each file once, by path.
    package var images: [ImageEntry]
    /// The trait contexts the grids' rows are made of (window × appearance × contrast × direction).
    package var contexts: [TraitContext]
    package var traitChanges: [DeviceTraitChanges]
    package var sizes: SizeReport

    package struct CatalogOverview: Hashable, Sendable {
        package var path: String
        package var name: String
        package var assets: Int
        package var variants: Int
        /// The bytes of every file its entries name (a set kept whole: every file below it).
        package var bytes: Int
    }

    package struct LocatedDiagnostic: Hashable, Sendable {
        package var diagnostic: Diagnostic
        /// Index into `assets`.
        package var asset: Int?
    }

    package struct ImageEntry: Hashable, Sendable {
        package var path: String
        package var bytes: Int
        /// Nil when the file is not a PNG libpng decodes (a placeholder is shown).
        package var thumbnail: Thumbnailer.Thumbnail?
    }

    package struct AssetSheet: Sendable {
        /// A stable anchor for links: `asset-<catalog>-<position>`.
        package var id: String
        package var catalog: Int
        package var name: String
        package var type: String
        package var path: String
        package var variants: [VariantCard]
        /// Devices grouped where they pick the same files for this asset; empty for types this
        /// tool does not select among (image stacks, ...).
        package var columns: [[String]]
        package var rows: [GridRow]
        package var hasSlots: Bool
    }

    package struct VariantCard: Hashable, Sendable {
        package var index: Int
        /// The file name, the colour, or "(empty slot)".
        package var label: String
        package var attributes: [String]
        /// Index into `images`.
        package var image: Int?
        /// A CSS colour for a colour set's variant.
        package var color: String?
        package var slot: String?
    }

    /// One row of an asset's grid: contexts in which every column shows the same as each other.
    package struct GridRow: Hashable, Sendable {
        /// Indices into `contexts`.
        package var contexts: [Int]
        /// One per column.
        package var cells: [Cell]
    }

    package enum Cell: Hashable, Sendable {
        /// None of the column's devices has this window.
        case notApplicable
        case noMatch
        /// What each slot shows (one for most sets); a slot with no match is left out.
        case shown([Choice])
    }

    package struct Choice: Hashable, Sendable {
        /// Index into the asset's `variants`.
        package var variant: Int
        package var mirrored: Bool
        package var slot: String?

        package init(variant: Int, mirrored: Bool, slot: String?) {
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

    package struct TraitContext: Hashable, Sendable {
        package var window: String
        package var style: String
        package var contrast: String
        package var direction: String
        package var label: String { "\(window), \(style), \(contrast) contrast, \(direction == "rightToLeft" ? "rtl" : "ltr")" }
    }

    /// Devices that change the same files, the same way, on rotation and on entering split view.
    package struct DeviceTraitChanges: Hashable, Sendable {
        package var devices: [String]
        package var rotation: [Change]
        package var multitasking: [Change]
    }

    package struct Change: Hashable, Sendable {
        /// Index into `assets`.
        package var asset: Int
        package var from: String
        package var to: String
        /// Variant positions shown before and after (empty: no match), with mirroring.
        package var before: [Choice]
        package var after: [Choice]
        package var appearances: [String]
        /// Whether it happens in every appearance the device has.
        package var everyAppearance: Bool
    }
}
