import CompiledCatalog
import Foundation

/// A compiled asset catalog (`Assets.car`) built from scratch, byte by byte, for tests that must
/// run everywhere: what real files of recent Xcode releases showed (which may not be committed)
/// is restated here as the smallest file that shows it.
///
/// The container is the package's own `BOMWriter` (the layout the thinner writes); the blocks in
/// it follow the layouts the reader documents: `CARHEADER` (`CARHeader`), `KEYFORMAT`
/// (`CARKeyFormat`), `EXTENDED_METADATA`, `FACETKEYS` (`CARFacet`), `RENDITIONS` (a key of one
/// little-endian 16-bit value per key-format attribute, and a CSI header, its TLV properties and
/// its payload: `Rendition`, `RenditionProperty`, `RenditionPayload`), and any other tree given,
/// such as `APPEARANCEKEYS` or `BITMAPKEYS`.
///
/// ```swift
/// let catalog = SyntheticCatalog(
///     keyFormat: [.scale, .idiom, .identifier, .element, .part],
///     facets: [.init("Accent", identifier: 7), .init("Notes", identifier: 8)],
///     renditions: [
///         .color("Accent", key: [.identifier: 7], space: 4, components: [1.25, 0.5, 0, 1]),
///         .data("notes.json", key: [.identifier: 8], uti: "public.json", bytes: Array("{}".utf8)),
///         .bitmap("dot.png", key: [.identifier: 8, .scale: 1], width: 1, height: 1, pixels: [0, 0, 255, 255]),
///     ],
///     trees: [.bitmapKeys([(identifier: 7, masks: [0xFFFF_FFFF, 1, 0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF])])])
/// let bytes = try catalog.bytes()            // or: try catalog.write(to: folder + "/Assets.car")
/// let read = try CompiledCatalog(bytes: bytes)
/// ```
package struct SyntheticCatalog: Sendable {
    /// An asset name and the attributes all its renditions share; `identifier` is what their
    /// keys' identifier attribute holds.
    package struct Facet: Sendable {
        package var name: String
        package var identifier: UInt16
        /// The other attributes, before the identifier (Xcode writes element 85 and a part).
        package var attributes: [(attribute: RenditionAttribute, value: UInt16)]
        /// The name as stored in FACETKEYS: its UTF-8, unless given as bytes (invalid UTF-8, a NUL).
        package var nameBytes: [UInt8]

        package init(_ name: String, identifier: UInt16, attributes: [(attribute: RenditionAttribute, value: UInt16)] = [(.element, 85), (.part, 181)]) {
            self.name = name
            self.nameBytes = Array(name.utf8)
            self.identifier = identifier
            self.attributes = attributes
        }

        /// A facet whose stored name is `bytes`, which need not be UTF-8.
        package init(bytes: [UInt8], identifier: UInt16) {
            self.init(String(decoding: bytes, as: UTF8.self), identifier: identifier)
            nameBytes = bytes
        }
    }

    /// One entry of a CSI header's property list.
    package enum Property: Sendable {
        /// 1005: the identifier's length (its NUL included), a zero word, the identifier and a NUL.
        case uti(String)
        /// 1001: the number of slices, then each one's x, y, width and height.
        case slices([(x: UInt32, y: UInt32, width: UInt32, height: UInt32)])
        /// Any type, with its value's bytes as given.
        case raw(type: UInt32, bytes: [UInt8])
    }

    /// What follows a rendition's properties.
    package enum Payload: Sendable {
        /// No data at all (a data length of 0).
        case none
        /// `RAWD`: flags 0, the length, the bytes.
        case rawData([UInt8])
        /// `COLR`: version 0, the colour space in the flags' low byte, the components as doubles.
        case color(space: UInt32, components: [Double])
        /// `CELM`, not chunked, uncompressed: the pixels as stored (premultiplied BGRA for `ARGB`).
        case bitmap([UInt8])
        /// Bytes as they are, tag included (a damaged or unknown payload).
        case bytes([UInt8])
    }

    /// One rendition: its key (attributes the key format lacks are ignored, those it has and this
    /// omits are 0) and the fields of its CSI header.
    package struct Rendition: Sendable {
        package var key: [RenditionAttribute: UInt16]
        /// The CSI header's name (`csimetadata.name`: the file it was compiled from).
        package var name: String
        package var layout: RenditionLayout
        package var pixelFormat: PixelFormat
        package var colorSpace: UInt32
        package var width: UInt32
        package var height: UInt32
        /// The scale ×100 (200 for @2x).
        package var scaleFactor: UInt32
        package var flags: UInt32
        package var properties: [Property]
        package var payload: Payload

        package init(
            _ name: String, key: [RenditionAttribute: UInt16], layout: RenditionLayout, pixelFormat: PixelFormat = .none, colorSpace: UInt32 = 0,
            width: UInt32 = 0, height: UInt32 = 0, scaleFactor: UInt32 = 100, flags: UInt32 = 0, properties: [Property] = [], payload: Payload
        ) {
            self.key = key
            self.name = name
            self.layout = layout
            self.pixelFormat = pixelFormat
            self.colorSpace = colorSpace
            self.width = width
            self.height = height
            self.scaleFactor = scaleFactor
            self.flags = flags
            self.properties = properties
            self.payload = payload
        }

        /// A named colour (layout `Color`), as Xcode compiles a colour set's entry.
        package static func color(_ name: String, key: [RenditionAttribute: UInt16], space: UInt32, components: [Double]) -> Self {
            Self(name, key: key, layout: .color, payload: .color(space: space, components: components))
        }

        /// A JPEG stored as it is (`OnePartScale`, pixel format `JPEG`, `RAWD`): a CSI header of
        /// 0x0, the image's size in its one slice.
        package static func jpeg(_ name: String, key: [RenditionAttribute: UInt16], width: UInt32, height: UInt32, flags: UInt32 = 0, bytes: [UInt8]) -> Self {
            Self(
                name, key: key, layout: .onePartScale, pixelFormat: .jpeg, scaleFactor: UInt32(key[.scale] ?? 1) * 100, flags: flags,
                properties: [.slices([(x: 0, y: 0, width: width, height: height)])], payload: .rawData(bytes))
        }

        /// A data set's file (layout `Data`, pixel format `DATA`, a UTI property, `RAWD`).
        package static func data(_ name: String, key: [RenditionAttribute: UInt16], uti: String, bytes: [UInt8]) -> Self {
            Self(name, key: key, layout: .data, pixelFormat: .data, properties: [.uti(uti)], payload: .rawData(bytes))
        }

        /// An uncompressed `ARGB` bitmap (`OnePartScale`, sRGB) of `width × height` pixels, stored
        /// as premultiplied B, G, R, A bytes; the scale factor follows the key's scale.
        package static func bitmap(_ name: String, key: [RenditionAttribute: UInt16], width: UInt32, height: UInt32, pixels: [UInt8]) -> Self {
            Self(
                name, key: key, layout: .onePartScale, pixelFormat: .argb, colorSpace: 1, width: width, height: height,
                scaleFactor: UInt32(key[.scale] ?? 1) * 100, payload: .bitmap(pixels))
        }
    }

    /// A tree field: a block made from bytes, or a number stored in place of a block number
    /// (`BITMAPKEYS` keys are name identifiers).
    package enum Field: Sendable {
        case block([UInt8])
        case number(UInt32)
        /// The block this tree's entry at `entry` (an earlier one) has in the same field: entries
        /// sharing one block, as a hostile file's do.
        case sameBlockAs(entry: Int)
    }

    /// Another BOM tree, with its entries in the order given.
    package struct Tree: Sendable {
        package var name: String
        package var entries: [(key: Field, value: Field)]

        package init(_ name: String, entries: [(key: Field, value: Field)]) {
            self.name = name
            self.entries = entries
        }

        /// A tree of names and small numbers (`APPEARANCEKEYS`: `UIAppearanceDark` → 1): each
        /// key the name's bytes, each value a 16-bit number.
        package static func namedValues(_ name: String, _ values: [(name: String, value: UInt16)]) -> Self {
            Self(name, entries: values.map { (.block(Array($0.name.utf8)), .block(LittleEndian.bytes($0.value))) })
        }

        /// `BITMAPKEYS`: each entry's key a name identifier (a number), its value the words
        /// `[1, 0, 4 + 4 × count, count, masks…]`, `count` being the number of masks.
        package static func bitmapKeys(_ entries: [(identifier: UInt16, masks: [UInt32])]) -> Self {
            Self("BITMAPKEYS", entries: entries.map { (.number(UInt32($0.identifier)), .block(bitmapKeysBlock(masks: $0.masks))) })
        }

        /// The value block of a `BITMAPKEYS` entry, as Xcode 15 to 26 write it.
        package static func bitmapKeysBlock(masks: [UInt32]) -> [UInt8] {
            LittleEndian.words([1, 0, UInt32(4 + 4 * masks.count), UInt32(masks.count)] + masks)
        }
    }

    package var keyFormat: [RenditionAttribute]
    package var facets: [Facet]
    package var renditions: [Rendition]
    /// Trees written after the others, in this order.
    package var trees: [Tree]
    /// More RENDITIONS entries, each with a key of its own and the value block (CSI header and
    /// data) of `renditions[sharing]`: the tree may point any number of keys at one block.
    package var sharedValues: [(key: [RenditionAttribute: UInt16], sharing: Int)] = []
    package var coreUIVersion: UInt32 = 972
    package var storageVersion: UInt32 = 17
    /// The authoring tool's string (`AssetStorageVersion`).
    package var versionString = "Xcode 26.3 (17C529)"
    /// `EXTENDED_METADATA`'s platform and version; no block when nil (as Xcode 7 wrote).
    package var platform: (name: String, version: String)? = ("ios", "18.0")
    /// `EXTENDED_METADATA`'s thinning arguments (empty for an unthinned file).
    package var thinningArguments = ""
    /// More variables, each naming the block another variable (written above) names.
    package var aliases: [(name: String, sameAs: String)] = []

    package init(keyFormat: [RenditionAttribute], facets: [Facet] = [], renditions: [Rendition] = [], trees: [Tree] = []) {
        self.keyFormat = keyFormat
        self.facets = facets
        self.renditions = renditions
        self.trees = trees
    }

    /// The file.
    package func bytes() throws -> [UInt8] {
        var writer = BOMWriter(source: ByteReader([]))
        var variables: [String: UInt32] = [:]
        func set(_ name: String, _ block: UInt32) {
            writer.setVariable(name, block)
            variables[name] = block
        }
        set("CARHEADER", try writer.append(header()))
        var renditionEntries: [BOMTree.Entry] = []
        for rendition in renditions {
            let key = try writer.append(LittleEndian.halfWords(keyFormat.map { rendition.key[$0] ?? 0 }))
            renditionEntries.append(BOMTree.Entry(keyBlock: key, valueBlock: try writer.append(Self.csi(rendition))))
        }
        var sharedEntries: [BOMTree.Entry] = []
        for shared in sharedValues {
            sharedEntries.append(
                BOMTree.Entry(
                    keyBlock: try writer.append(LittleEndian.halfWords(keyFormat.map { shared.key[$0] ?? 0 })),
                    valueBlock: renditionEntries[shared.sharing].valueBlock))
        }
        set("RENDITIONS", try writer.appendTree(renditionEntries + sharedEntries))
        var facetEntries: [BOMTree.Entry] = []
        for facet in facets {
            facetEntries.append(BOMTree.Entry(keyBlock: try writer.append(facet.nameBytes), valueBlock: try writer.append(Self.facetValue(facet))))
        }
        set("FACETKEYS", try writer.appendTree(facetEntries))
        set("KEYFORMAT", try writer.append(Array("tmfk".utf8) + LittleEndian.words([0, UInt32(keyFormat.count)] + keyFormat.map(\.rawValue))))
        if let platform {
            set(
                "EXTENDED_METADATA",
                try writer.append(
                    Array("META".utf8)
                        + [thinningArguments, platform.version, platform.name, versionString]
                        .flatMap { Self.fixed($0, length: 256) }))
        }
        for tree in trees {
            var entries: [BOMTree.Entry] = []
            for entry in tree.entries {
                func number(_ field: Field, _ earlier: (BOMTree.Entry) -> UInt32) throws -> UInt32 {
                    switch field {
                    case .block(let bytes): try writer.append(bytes)
                    case .number(let number): number
                    case .sameBlockAs(let position): earlier(entries[position])
                    }
                }
                entries.append(BOMTree.Entry(keyBlock: try number(entry.key, \.keyBlock), valueBlock: try number(entry.value, \.valueBlock)))
            }
            set(tree.name, try writer.appendTree(entries))
        }
        for alias in aliases {
            guard let block = variables[alias.sameAs] else { throw UnknownVariable(name: alias.sameAs) }
            writer.setVariable(alias.name, block)
        }
        return try writer.bytes()
    }

    struct UnknownVariable: Error { var name: String }

    /// Writes the file at `path`; returns `path`.
    @discardableResult
    package func write(to path: String) throws -> String {
        let bytes = try bytes()
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// `RATC`, the versions, the rendition count, CoreUI's and the tool's version strings, a
    /// zero UUID and checksum, schema 0, colour space 0, key semantics 2: 436 bytes.
    private func header() -> [UInt8] {
        var bytes = Array("RATC".utf8) + LittleEndian.words([coreUIVersion, storageVersion, 0, UInt32(renditions.count + sharedValues.count)])
        bytes += Self.fixed("@(#)PROGRAM:CoreUI  PROJECT:CoreUI-\(coreUIVersion)\n", length: 128) + Self.fixed(versionString, length: 256)
        bytes += [UInt8](repeating: 0, count: 16) + LittleEndian.words([0, 0, 0, 2])
        return bytes
    }

    /// Hot spot (0, 0), an attribute count, then (attribute, value) pairs ending with the identifier.
    private static func facetValue(_ facet: Facet) -> [UInt8] {
        let pairs = facet.attributes + [(attribute: RenditionAttribute.identifier, value: facet.identifier)]
        return LittleEndian.halfWords([0, 0, UInt16(pairs.count)] + pairs.flatMap { [UInt16($0.attribute.rawValue), $0.value] })
    }

    /// The CSI header (184 bytes: `ISTC`, version 1, flags, size, scale, pixel format, colour
    /// space, date 0, layout, the name in 128 bytes, the properties' length, one bitmap, the
    /// data's length), the properties and the payload: the rendition's value block in `RENDITIONS`.
    package static func csi(_ rendition: Rendition) -> [UInt8] {
        let properties = rendition.properties.flatMap(property)
        let payload = payload(rendition.payload)
        var bytes =
            Array("ISTC".utf8)
            + LittleEndian.words([
                1, rendition.flags, rendition.width, rendition.height, rendition.scaleFactor,
                rendition.pixelFormat.rawValue, rendition.colorSpace, 0,
            ])
        bytes += LittleEndian.halfWords([rendition.layout.rawValue, 0]) + fixed(rendition.name, length: 128)
        bytes += LittleEndian.words([UInt32(properties.count), 1, 0, UInt32(payload.count)])
        return bytes + properties + payload
    }

    private static func property(_ property: Property) -> [UInt8] {
        let (type, value): (UInt32, [UInt8]) =
            switch property {
            case .uti(let uti): (1005, LittleEndian.words([UInt32(uti.utf8.count + 1), 0]) + Array(uti.utf8) + [0])
            case .slices(let slices): (1001, LittleEndian.words([UInt32(slices.count)] + slices.flatMap { [$0.x, $0.y, $0.width, $0.height] }))
            case .raw(let type, let bytes): (type, bytes)
            }
        return LittleEndian.words([type, UInt32(value.count)]) + value
    }

    private static func payload(_ payload: Payload) -> [UInt8] {
        switch payload {
        case .none: []
        case .rawData(let bytes): Array("DWAR".utf8) + LittleEndian.words([0, UInt32(bytes.count)]) + bytes
        case .color(let space, let components):
            Array("RLOC".utf8) + LittleEndian.words([0, space, UInt32(components.count)]) + components.flatMap { LittleEndian.bytes($0.bitPattern) }
        case .bitmap(let pixels): Array("MLEC".utf8) + LittleEndian.words([0, 0, UInt32(pixels.count)]) + pixels
        case .bytes(let bytes): bytes
        }
    }

    /// `text`'s UTF-8 in a NUL-padded field of `length` bytes (cut to leave a NUL).
    private static func fixed(_ text: String, length: Int) -> [UInt8] {
        let bytes = Array(text.utf8.prefix(length - 1))
        return bytes + [UInt8](repeating: 0, count: length - bytes.count)
    }
}

/// Little-endian integers as bytes, the order CoreUI writes its structures in.
package enum LittleEndian {
    package static func bytes<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
        (0..<(Value.bitWidth / 8)).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    package static func words(_ values: [UInt32]) -> [UInt8] { values.flatMap { bytes($0) } }

    package static func halfWords(_ values: [UInt16]) -> [UInt8] { values.flatMap { bytes($0) } }
}
