/// One attribute of a rendition key: CoreUI's numbering, with the name `assetutil` prints
/// (`kCRThemeScaleName`). A number this reader does not know keeps its value and prints as
/// `Unknown(37)`: never guessed.
///
/// ```swift
/// RenditionAttribute(rawValue: 12).name   // "kCRThemeScaleName"
/// RenditionAttribute(rawValue: 37).name   // "Unknown(37)"
/// ```
package struct RenditionAttribute: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package var rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// 0: the look (a theme's variant).
    package static let look = Self(rawValue: 0)
    /// 1: the element (an asset kind in CoreUI's theme terms).
    package static let element = Self(rawValue: 1)
    /// 2: the part.
    package static let part = Self(rawValue: 2)
    /// 3: the size (regular, small, mini).
    package static let size = Self(rawValue: 3)
    /// 4: the layout direction.
    package static let direction = Self(rawValue: 4)
    /// 5: a placeholder value.
    package static let placeholder = Self(rawValue: 5)
    /// 6: the control value (on, off, mixed).
    package static let value = Self(rawValue: 6)
    /// 7: the appearance (an `APPEARANCEKEYS` number).
    package static let appearance = Self(rawValue: 7)
    /// 8: the first dimension (a frame or an index).
    package static let dimension1 = Self(rawValue: 8)
    /// 9: the second dimension.
    package static let dimension2 = Self(rawValue: 9)
    /// 10: the control state (normal, rollover, pressed, ...).
    package static let state = Self(rawValue: 10)
    /// 11: the layer.
    package static let layer = Self(rawValue: 11)
    /// 12: the scale (1, 2 or 3).
    package static let scale = Self(rawValue: 12)
    /// 13: the localization (a `LOCALIZATIONKEYS` number).
    package static let localization = Self(rawValue: 13)
    /// 14: the presentation state (active, inactive).
    package static let presentationState = Self(rawValue: 14)
    /// 15: the idiom.
    package static let idiom = Self(rawValue: 15)
    /// 16: the subtype (a screen or watch size).
    package static let subtype = Self(rawValue: 16)
    /// The name identifier, which ties a rendition to its facet (its asset's name).
    package static let identifier = Self(rawValue: 17)
    /// 18: the previous control value, for transitions.
    package static let previousValue = Self(rawValue: 18)
    /// 19: the previous state, for transitions.
    package static let previousState = Self(rawValue: 19)
    /// 20: the horizontal size class.
    package static let horizontalSizeClass = Self(rawValue: 20)
    /// 21: the vertical size class.
    package static let verticalSizeClass = Self(rawValue: 21)
    /// 22: the memory class.
    package static let memoryClass = Self(rawValue: 22)
    /// 23: the graphics class (GPU family).
    package static let graphicsClass = Self(rawValue: 23)
    /// 24: the display gamut (0 sRGB, 1 P3).
    package static let displayGamut = Self(rawValue: 24)
    /// 25: the deployment target.
    package static let deploymentTarget = Self(rawValue: 25)
    /// 26: a symbol's weight.
    package static let glyphWeight = Self(rawValue: 26)
    /// 27: a symbol's size.
    package static let glyphSize = Self(rawValue: 27)

    private static let names = [
        "Look", "Element", "Part", "Size", "Direction", "Placeholder", "Value", "Appearance", "Dimension1", "Dimension2",
        "State", "Layer", "Scale", "Localization", "PresentationState", "Idiom", "Subtype", "Identifier", "PreviousValue",
        "PreviousState", "SizeClassHorizontal", "SizeClassVertical", "MemoryClass", "GraphicsClass", "DisplayGamut",
        "DeploymentTarget", "GlyphWeight", "GlyphSize",
    ]

    /// Whether CoreUI's numbering names this attribute (0 to 27); others print as `Unknown(N)`.
    package var isKnown: Bool { Int(rawValue) < Self.names.count }

    /// `kCRThemeScaleName`, as `assetutil`'s `Key Format` lists it, or `Unknown(N)`.
    package var name: String {
        isKnown ? "kCRTheme\(Self.names[Int(rawValue)])Name" : "Unknown(\(rawValue))"
    }

    /// A short name for text output: `scale`, `idiom`, `sizeClassHorizontal`, or `unknown37`.
    package var shortName: String {
        guard Int(rawValue) < Self.names.count else { return "unknown\(rawValue)" }
        let name = Self.names[Int(rawValue)]
        return name.prefix(1).lowercased() + name.dropFirst()
    }

    package var description: String { name }
}

/// The `KEYFORMAT` block (tag `kfmt`): which attributes a rendition key holds, in order. Each
/// key in the RENDITIONS tree is one little-endian 16-bit value per attribute listed here.
package struct CARKeyFormat: Hashable, Sendable {
    /// The KEYFORMAT block's version.
    package var version: UInt32
    /// The attributes each key lists, in key order.
    package var attributes: [RenditionAttribute]

    /// The most attributes a key format may list. CoreUI numbers 28 (`RenditionAttribute`) and the
    /// real files of Xcode 7.3 to 26.6 in the test corpus list 5 to 14; this bounds the memory each
    /// rendition's key takes.
    package static let maximumAttributeCount: UInt32 = 64

    package init(_ store: BOMStore) throws(CompiledCatalogError) {
        guard let (index, block) = try store.variableBlock("KEYFORMAT") else {
            throw CompiledCatalogError(.malformed, "the file", "has a CARHEADER but no KEYFORMAT: rendition keys cannot be read")
        }
        let bytes = store.bytes
        let at = block.offset
        guard block.length >= 12, bytes.matches("tmfk", at: at), let version = bytes.uint32LittleEndian(at: at + 4),
            let count = bytes.uint32LittleEndian(at: at + 8)
        else {
            throw CompiledCatalogError(
                .malformed, "KEYFORMAT (block \(index))", at: at, "is not a key format ('kfmt' and 12 bytes expected, \(block.length) bytes)")
        }
        // Every rendition holds one value per attribute: a key format of tens of thousands of
        // attributes over a key block all renditions share made a 469 KB file cost a gigabyte.
        guard count <= Self.maximumAttributeCount else {
            throw CompiledCatalogError(
                .malformed, "KEYFORMAT (block \(index))", at: at,
                "lists \(count) attributes, more than the \(Self.maximumAttributeCount) this reader accepts (CoreUI numbers 28)")
        }
        guard Int(count) <= (block.length - 12) / 4 else {
            throw CompiledCatalogError(
                .malformed, "KEYFORMAT (block \(index))", at: at,
                "lists \(count) attributes, more than its \(block.length) bytes hold")
        }
        self.version = version
        attributes = (0..<Int(count)).compactMap { position in
            bytes.uint32LittleEndian(at: at + 12 + position * 4).map { RenditionAttribute(rawValue: $0) }
        }
    }
}
