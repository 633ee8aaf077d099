import AdaptSupport
import AssetCatalog
import CompiledCatalog

/// What `adapt inspect FILE.car` prints of one rendition, written as bytes from its view in the
/// file: its label (the file name), the traits its key selects and what its data is, each
/// measured in characters (as `String.count` counts them) for the padding that lines them up.
/// A line is escaped as `[String].textOutput` escapes it; lines of printable ASCII, nearly all
/// of them, are copied as they are.
struct InspectionLineFormatter: Sendable {
    let appearances: CARNamedValues?
    let localizations: CARNamedValues?
    /// Where each attribute the summary names sits in the key format (nil: not in it).
    let idiom, scale, subtype, horizontal, vertical, appearance, localization, direction, gamut,
        memory, graphics, deployment, state, controlValue, dimension1, dimension2, glyphWeight, glyphSize: Int?
    /// Where the name identifier sits in the key format (the format's length when it lacks one).
    let identifier: Int
    let facetLookup: FacetLookup
    let facetCount: Int
    /// The facets' names, for the layers an icon stack or group names by identifier.
    let facetNames: [String]
    /// The idioms' names by number, as bytes: every rendition's traits start with one.
    let idiomNames: [[UInt8]]

    init(_ index: CompiledCatalogIndex) {
        appearances = index.appearances
        localizations = index.localizations
        let attributes = index.keyFormat.attributes
        func at(_ attribute: RenditionAttribute) -> Int? { attributes.firstIndex(of: attribute) }
        idiom = at(.idiom)
        scale = at(.scale)
        subtype = at(.subtype)
        horizontal = at(.horizontalSizeClass)
        vertical = at(.verticalSizeClass)
        appearance = at(.appearance)
        localization = at(.localization)
        direction = at(.direction)
        gamut = at(.displayGamut)
        memory = at(.memoryClass)
        graphics = at(.graphicsClass)
        deployment = at(.deploymentTarget)
        state = at(.state)
        controlValue = at(.value)
        dimension1 = at(.dimension1)
        dimension2 = at(.dimension2)
        glyphWeight = at(.glyphWeight)
        glyphSize = at(.glyphSize)
        identifier = at(.identifier) ?? attributes.count
        facetLookup = index.facetLookup
        facetCount = index.facets.count
        facetNames = index.facets.map(\.name)
        idiomNames = (0..<16).map { Array(CompiledIdiom(rawValue: $0).name.utf8) }
    }

    private func appendIdiom(_ number: UInt16, to output: inout InspectionBytes) {
        if Int(number) < idiomNames.count { output.append(idiomNames[Int(number)]) } else { output.append(string: CompiledIdiom(rawValue: number).name) }
    }

    static let traitWidthLimit = 72

    /// One rendition's label, traits and payload, one after the other in `bytes`.
    func format(_ view: RenditionView, into bytes: inout InspectionBytes, cache: inout FormatCache) -> InspectionFields.Field {
        let start = bytes.count
        let name = view.renditionNameBytes
        if name.isEmpty { bytes.append(UInt8(ascii: "-")) } else { appendText(name, to: &bytes) }
        let labelEnd = bytes.count
        writeTraits(of: { view.keyValue(at: $0) ?? 0 }, into: &bytes)
        let traitsEnd = bytes.count
        writePayload(of: view, into: &bytes, cache: &cache)
        let facet = view.keyValue(at: identifier).flatMap(facetLookup.facet(for:)) ?? facetCount
        let isPlain = InspectionBytes.isPrintableASCII(bytes.bytes(start..<bytes.count))
        func characters(_ range: Range<Int>) -> Int32 {
            let part = bytes.bytes(range)
            return Int32(isPlain || part.allSatisfy { $0 < 0x80 } ? part.count : String(decoding: part, as: UTF8.self).count)
        }
        return InspectionFields.Field(
            labelEnd: labelEnd, traitsEnd: traitsEnd, end: bytes.count,
            labelWidth: characters(start..<labelEnd), traitWidth: characters(labelEnd..<traitsEnd),
            facet: Int32(facet), isPlain: isPlain)
    }

    /// The traits the key selects, most telling first: `phone 2x compact-width memory 2`.
    /// `value(i)` is the key's value for the key format's attribute `i`. Inlined, so that reading
    /// the key is too, for each of the two callers.
    @inline(__always)
    func writeTraits(of value: (Int) -> UInt16, into output: inout InspectionBytes) {
        func part(_ text: String) {
            output.append(UInt8(ascii: " "))
            output.append(string: text)
        }
        func number(_ label: StaticString, _ number: UInt16) {
            output.append(UInt8(ascii: " "))
            output.append(label)
            output.appendDecimal(Int(number))
        }
        if let idiom { appendIdiom(value(idiom), to: &output) } else { output.append("universal") }
        if let scale {
            let factor = value(scale)
            if factor == 0 {
                output.append(" any-scale")
            } else {
                number("", factor)
                output.append(UInt8(ascii: "x"))
            }
        }
        if let subtype, value(subtype) != 0 { number("subtype ", value(subtype)) }
        if let horizontal, let sizeClass = CompiledTraitNumbers.sizeClasses.trait(value(horizontal)) { part(sizeClass.rawValue + "-width") }
        if let vertical, let sizeClass = CompiledTraitNumbers.sizeClasses.trait(value(vertical)) { part(sizeClass.rawValue + "-height") }
        if let appearance, value(appearance) != 0 {
            part(appearances?.name(of: value(appearance)) ?? "appearance \(value(appearance))")
        }
        if let localization, value(localization) != 0 {
            part(localizations?.name(of: value(localization)) ?? "localization \(value(localization))")
        }
        if let direction, value(direction) != 0 { number("direction ", value(direction)) }
        if let glyph = RenditionKey.glyphName(weight: glyphWeight.map(value) ?? 0, size: glyphSize.map(value) ?? 0) { part(glyph) }
        if let gamut, let displayGamut = CompiledTraitNumbers.displayGamuts.trait(value(gamut)) { part(displayGamut.contentsValue) }
        if let memory, value(memory) != 0 { number("memory ", value(memory)) }
        if let graphics, value(graphics) != 0 { number("graphics ", value(graphics)) }
        if let deployment, value(deployment) != 0 { number("deployment ", value(deployment)) }
        if let state, value(state) != 0 { part("state \(RenditionState(rawValue: value(state)))") }
        if let controlValue, value(controlValue) != 0 { part("value \(RenditionValue(rawValue: value(controlValue)))") }
        if let dimension1, value(dimension1) != 0 { number("dimension1 ", value(dimension1)) }
        if let dimension2, value(dimension2) != 0 { number("dimension2 ", value(dimension2)) }
    }

    /// What the data is: `100x100 ARGB, lzfse, 1,452 bytes`, `PDF, 6,106 bytes`, `color srgb (1, 0, 0, 1)`.
    func writePayload(of view: RenditionView, into output: inout InspectionBytes, cache: inout FormatCache) {
        let layout = view.layout
        switch view.payload {
        case .color, .multisizeImage:
            switch RenditionPayload(view.payload, in: view.file) {
            case .color(let space, let components):
                output.append(string: "color \(RenditionColorSpace(rawValue: space)) (")
                output.append(string: components.map(Self.formatComponent).joined(separator: ", "))
                output.append(UInt8(ascii: ")"))
            case .multisizeImage(let entries):
                output.append(string: "sizes " + entries.map { "\($0.width)x\($0.height)" }.joined(separator: ", "))
            default: break
            }
            output.append(", ")
        case .gradient:
            if case .gradient(let gradient) = RenditionPayload(view.payload, in: view.file) {
                output.append(string: "gradient " + gradient.summary + ", ")
            }
        case .none where layout == .internalReference:
            writeSize(of: view, into: &output, cache: &cache)
            output.append(", in a packed image, ")
        case let shape:
            if view.width > 0 || view.height > 0 {
                writeSize(of: view, into: &output, cache: &cache)
                output.append(", ")
            } else if view.pixelFormat != .none {
                cache.appendCode(of: view.pixelFormat, to: &output)
                output.append(", ")
            }
            let compression: RenditionCompression? =
                switch shape {
                case .bitmap(let compression, _): compression
                case .rawData: .uncompressed
                default: nil
                }
            if let compression, compression != .uncompressed {
                cache.compression.append(compression, to: &output)
                output.append(", ")
            }
            if let uti = view.utiBytes, !uti.isEmpty {
                appendText(uti, to: &output)
                output.append(", ")
            }
            if case .unknown(let tag, _) = shape {
                output.append(string: "data tag \(FourCharacterCode.text(of: tag)), ")
            }
            if layout == .iconStack || layout == .iconGroup {
                let rows = view.properties.map(RenditionProperty.init).iconLayerRows { identifier in
                    facetLookup.facet(for: identifier).map { facetNames[$0] }
                }
                output.append(string: "layers " + rows.map(\.summary).joined(separator: ", ") + ", ")
            }
        }
        if layout != .onePartScale && layout != .internalReference {
            cache.layout.append(layout, to: &output)
            output.append(", ")
        }
        Self.writeByteCount(view.sizeOnDisk, into: &output)
    }

    private func writeSize(of view: RenditionView, into output: inout InspectionBytes, cache: inout FormatCache) {
        output.appendDecimal(Int(view.width))
        output.append(UInt8(ascii: "x"))
        output.appendDecimal(Int(view.height))
        output.append(UInt8(ascii: " "))
        cache.appendCode(of: view.pixelFormat, to: &output)
    }

    /// `1,452 bytes`, `1 byte`: digits in threes, separated by commas.
    static func writeByteCount(_ count: Int, into output: inout InspectionBytes) {
        output.appendDecimal(count, grouped: true)
        output.append(count == 1 ? " byte" : " bytes")
    }

    static func formatComponent(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Text from the file, its invalid UTF-8 repaired as `String(decoding:as:)` repairs it.
    private func appendText(_ bytes: UnsafeRawBufferPointer, to output: inout InspectionBytes) {
        if bytes.allSatisfy({ $0 < 0x80 }) { output.append(bytes) } else { output.append(string: String(decoding: bytes, as: UTF8.self)) }
    }

    /// One line, escaped as `String.escapingControlCharacters` escapes it, and a line break.
    func appendLine(_ line: UnsafeBufferPointer<UInt8>, to output: inout InspectionBytes) {
        if InspectionBytes.isPrintableASCII(line) {
            output.append(line)
        } else {
            output.append(string: String(decoding: line, as: UTF8.self).escapingControlCharacters)
        }
        output.append(UInt8(ascii: "\n"))
    }
}

/// What a batch formats again and again, kept once: the names of the last pixel format, layout
/// and compression seen (runs of renditions share them).
struct FormatCache {
    var pixelFormat = LastName<PixelFormat>(\.code)
    var layout = LastName<RenditionLayout>(\.name)
    var compression = LastName<RenditionCompression>(\.name)

    mutating func appendCode(of format: PixelFormat, to output: inout InspectionBytes) {
        pixelFormat.append(format, to: &output)
    }
}

/// A value's name as bytes, worked out again only when the value changes.
struct LastName<Value: Equatable> {
    private let name: (Value) -> String
    private var value: Value?
    private var bytes: [UInt8] = []

    init(_ name: @escaping (Value) -> String) { self.name = name }

    mutating func append(_ new: Value, to output: inout InspectionBytes) {
        if new != value {
            value = new
            bytes = Array(name(new).utf8)
        }
        output.append(bytes)
    }
}
