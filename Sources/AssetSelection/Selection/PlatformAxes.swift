import AssetCatalog

/// Axes a platform's compiled catalogs have no attribute for. actool leaves every variant that
/// declares one out of that platform's `Assets.car`, so such a variant is never shown there
/// (rule 2.1, step 1), whatever the query says.
///
/// Read from the keys of real compiled catalogs (`shared/corpus/compiled/acextract`): iOS keeps
/// idiom, subtype, size classes, memory and graphics; tvOS no size classes; watchOS no size
/// classes, memory or graphics; macOS none of the three.
///
/// ```swift
/// PlatformAxes.lacking(on: .tvos)      // [.sizeClasses]
/// PlatformAxes.lacking(on: .macos)     // [.memory, .graphics, .sizeClasses]
/// ```
package struct PlatformAxes: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let memory = PlatformAxes(rawValue: 1)
    package static let graphics = PlatformAxes(rawValue: 2)
    package static let sizeClasses = PlatformAxes(rawValue: 4)

    /// What `platform`'s compiled catalogs lack.
    package static func lacking(on platform: Platform) -> PlatformAxes {
        switch platform {
        case .ios, .visionos: []
        case .tvos: [.sizeClasses]
        case .watchos: [.memory, .graphics, .sizeClasses]
        case .macos: [.memory, .graphics, .sizeClasses]
        }
    }

    /// The option for a selection axis, if the platform rule concerns it.
    package init?(axis: TraitAxis) {
        switch axis {
        case .memory: self = .memory
        case .graphicsFeatureSet: self = .graphics
        case .horizontalSizeClass, .verticalSizeClass: self = .sizeClasses
        default: return nil
        }
    }

    /// How the rule's explanation names it.
    package var summary: String {
        var names: [String] = []
        if contains(.memory) { names.append("memory") }
        if contains(.graphics) { names.append("graphics families") }
        if contains(.sizeClasses) { names.append("size classes") }
        return names.joined(separator: ", ")
    }
}
