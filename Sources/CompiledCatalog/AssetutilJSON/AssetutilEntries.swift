import AssetCatalog

/// One object of the assetutil document per rendition, written from a `RenditionView`: the
/// rendition's facts are read from the file's bytes as the object is written, so nothing is
/// allocated per rendition (only a value this reader has no name for, a name that needs escaping
/// or a multisize image's sizes go through a `String`). What every entry shares is worked out
/// once per document: where the key attributes sit, each facet's name as JSON, and the names of
/// the numbers the document spells out (`AssetutilVocabulary`).
///
/// ```swift
/// let entries = AssetutilEntries(index)
/// index.withRenditions { renditions in entries.write(renditions[0], into: &output) }
/// ```
struct AssetutilEntries: Sendable {
    let positions: KeyPositions
    let facetLookup: FacetLookup
    /// Each facet's name as a JSON string, quotes included, by facet number.
    let facetNames: RenderedStrings
    /// Each facet's name, for the layers of an icon stack or group (named by identifier).
    let facetNameList: [String]
    let vocabulary = AssetutilVocabulary()
    let appearances: CARNamedValues?
    let localizations: CARNamedValues?
    /// Whether each entry carries its `SHA1Digest`.
    let digests: Bool

    init(_ index: CompiledCatalogIndex, digests: Bool = true) {
        self.digests = digests
        positions = KeyPositions(index.keyFormat.attributes)
        facetLookup = index.facetLookup
        facetNames = RenderedStrings(index.facets.map(\.name))
        facetNameList = index.facets.map(\.name)
        appearances = index.appearances
        localizations = index.localizations
    }

    // The keys are written in byte order, as assetutil sorts them; a test checks the order of
    // real output.

    func write(_ rendition: RenditionView, into output: inout JSONOutput) {
        let layout = rendition.layout
        let format = rendition.pixelFormat
        let payload = rendition.payload
        let key = KeyValues(rendition, positions)
        // What kind of entry it is decides which keys it has.
        var colorComponents: RenditionPayload.ElementList?
        var dataLength: Int?
        var sizes: RenditionPayload.ElementList?
        var hasUTI = false
        var isImage = false
        switch payload {
        case .color(_, let components): colorComponents = components
        case .rawData(let range) where layout == .data:
            dataLength = range.length
            hasUTI = true
        case .multisizeImage(let entries): sizes = entries
        default:
            isImage = layout.isImageAssetType || layout == .packedImage || layout == .vector
            if isImage, case .rawData(let range) = payload, layout == .vector { dataLength = range.length }
        }
        let bitmapColorspace = isImage && (format == .argb || format == .grayAlpha8 || format == .grayAlpha16 || format == .rgbw)
        let compression: RenditionCompression? =
            switch payload {
            case .bitmap(let compression, _) where isImage: compression
            case .rawData where layout == .data: .uncompressed
            default: nil
            }
        let size = isImage ? rendition.pixelSize : (width: 0, height: 0)
        let hasSize = size.width > 0 || size.height > 0
        // assetutil prints a template mode for what it calls an Image, and not for packed images
        // or vectors.
        let hasTemplateMode = isImage && layout.isImageAssetType

        output.open()
        if let appearance = key.appearance, appearance != 0 {
            if let name = appearances?.name(of: appearance) { output.member("Appearance", name) } else { output.member("Appearance", unknown: Int(appearance)) }
        }
        output.member("AssetType", vocabulary.assetTypes, Int(layout.rawValue), orElse: layout.assetType)
        let named = isImage ? vocabulary.named(format) : nil
        if isImage, let bits = format.bitsPerComponent { output.member("BitsPerComponent", bits) }
        if let colorComponents {
            output.key("Color components")
            output.numbers((0..<colorComponents.count).lazy.compactMap { RenditionPayload.component($0, of: colorComponents, in: rendition.file) })
        }
        if isImage, let model = format.colorModel { output.member("ColorModel", vocabulary.colorModels, named ?? -1, orElse: model) }
        if bitmapColorspace { output.member("Colorspace", RenditionColorSpace(rawValue: rendition.colorSpaceID).assetutilName) }
        if case .color(let space, _) = payload { output.member("Colorspace", RenditionColorSpace(rawValue: space).assetutilName) }
        if let compression { output.member("Compression", vocabulary.compressions, Int(compression.rawValue), orElse: compression.name) }
        if let dataLength { output.member("Data Length", dataLength) }
        if let direction = key.direction, direction != 0 { output.member("Direction", Int(direction)) }
        if let gamut = key.displayGamut { output.member("DisplayGamut", vocabulary.gamuts, key.displayGamutNumber, orElse: gamut.rawValue) }
        if isImage && format != .none && format != .pdf { output.member("Encoding", vocabulary.encodings, named ?? -1, orElse: format.encoding) }
        if case .gradient = payload, case .gradient(let gradient) = RenditionPayload(payload, in: rendition.file) {
            output.key("Gradient")
            output.append(JSONWriter.compact.bytes(for: gradient.json))
        }
        if let graphics = key.graphicsClass, graphics != 0 { output.member("Graphics", Int(graphics)) }
        if layout == .iconStack || layout == .iconGroup {
            // adapt's own key (assetutil prints none for these): the layers, bottom first.
            let rows = rendition.properties.map(RenditionProperty.init).iconLayerRows { identifier in
                facetLookup.facet(for: identifier).map { facetNameList[$0] }
            }
            output.key("IconLayers")
            output.append(JSONWriter.compact.bytes(for: .array(rows.map(\.json))))
        }
        let idiom = key.idiom ?? .universal
        output.member("Idiom", vocabulary.idioms, Int(idiom.rawValue), orElse: idiom.name)
        if isImage {
            let imageLayout = rendition.imageLayout
            // Recent assetutil prints no `Image Type` for a one-part image (timac's Xcode 10 file,
            // assetutil 804.3); its older versions did (the same file, assetutil 498.46).
            if imageLayout.isSlicedImage && !imageLayout.isOnePartImage {
                output.member(
                    "Image Type", vocabulary.imageTypes, Int(imageLayout.rawValue - RenditionLayout.slicedImages.lowerBound),
                    orElse: imageLayout.themeName)
            }
        }
        if let localization = key.localization, localization != 0 {
            if let name = localizations?.name(of: localization) {
                output.member("Localization", name)
            } else {
                output.member("Localization", unknown: Int(localization))
            }
        }
        if let memory = key.memoryClass, memory != 0 { output.member("Memory", Int(memory)) }
        if let identifier = key.nameIdentifier, let facet = facetLookup.facet(for: identifier) {
            output.key("Name")
            facetNames.withRendered(facet) { output.append($0) }
        }
        if let identifier = key.nameIdentifier { output.member("NameIdentifier", Int(identifier)) }
        // A JPEG has no alpha channel: assetutil prints it opaque whatever the header's flag.
        if isImage { output.member("Opaque", rendition.flags.isOpaque || format == .jpeg) }
        if hasSize {
            output.member("PixelHeight", Int(size.height))
            output.member("PixelWidth", Int(size.width))
        }
        if isImage {
            let name = rendition.renditionNameBytes
            if !name.isEmpty {
                output.key("RenditionName")
                output.string(utf8: name)
            }
        }
        if digests, let value = rendition.valueBytes {
            output.key("SHA1Digest")
            output.sha256(of: value)
        }
        // A scale factor of 0 (a colour's, a PDF's: any scale) prints as 1, as assetutil prints it.
        let scaleFactor = rendition.scaleFactor
        output.member("Scale", scaleFactor == 0 ? 1 : Int(scaleFactor / 100))
        if let (sizeClass, number) = key.horizontalSizeClass {
            output.member("SizeClass Horizontal", vocabulary.sizeClasses, number, orElse: sizeClass.rawValue)
        }
        if let (sizeClass, number) = key.verticalSizeClass {
            output.member("SizeClass Vertical", vocabulary.sizeClasses, number, orElse: sizeClass.rawValue)
        }
        output.member("SizeOnDisk", rendition.sizeOnDisk)
        if let sizes {
            output.key("Sizes")
            writeSizes(sizes, in: rendition.file, into: &output)
        }
        if let state = key.state { output.member("State", vocabulary.states, Int(state.rawValue), orElse: state.name) }
        if let subtype = key.subtype, subtype != 0 { output.member("Subtype", Int(subtype)) }
        if hasTemplateMode {
            // Only `automatic` (2) has a spelling on record; template (1) and original (0) print as numbers.
            let mode = rendition.flags.templateRenderingMode
            if mode == 2 { output.member("Template Mode", literal: "automatic") } else { output.member("Template Mode", unknown: Int(mode)) }
        }
        if hasUTI {
            output.key("UTI")
            if let uti = rendition.utiBytes { output.string(utf8: uti) } else { output.string("UTI-Unknown") }
        }
        if let value = key.controlValue { output.member("Value", vocabulary.values, Int(value.rawValue), orElse: value.name) }
        output.close()
    }

    /// A multisize image's sizes, each as `WIDTHxHEIGHT index:I idiom:NAME`.
    private func writeSizes(_ sizes: RenditionPayload.ElementList, in file: UnsafeRawBufferPointer, into output: inout JSONOutput) {
        let entries = (0..<sizes.count).compactMap { RenditionPayload.MultisizeEntry.read(file, at: sizes.offset + 12 * $0) }
        output.array(entries.map { "\($0.width)x\($0.height) index:\($0.index) idiom:\($0.idiom.name)" })
    }
}

/// Where each key attribute the document prints sits in a key format: found once per document,
/// not searched for a dozen times in every rendition's key.
struct KeyPositions: Sendable {
    let appearance, direction, displayGamut, graphicsClass, idiom, localization, memoryClass: Int?
    let identifier, horizontalSizeClass, verticalSizeClass, state, subtype, value: Int?

    init(_ attributes: [RenditionAttribute]) {
        func position(_ attribute: RenditionAttribute) -> Int? { attributes.firstIndex(of: attribute) }
        appearance = position(.appearance)
        direction = position(.direction)
        displayGamut = position(.displayGamut)
        graphicsClass = position(.graphicsClass)
        idiom = position(.idiom)
        localization = position(.localization)
        memoryClass = position(.memoryClass)
        identifier = position(.identifier)
        horizontalSizeClass = position(.horizontalSizeClass)
        verticalSizeClass = position(.verticalSizeClass)
        state = position(.state)
        subtype = position(.subtype)
        value = position(.value)
    }
}

/// A rendition's key read through `KeyPositions`: the same typed views as `RenditionKey`'s.
struct KeyValues {
    let rendition: RenditionView
    let positions: KeyPositions

    init(_ rendition: RenditionView, _ positions: KeyPositions) {
        self.rendition = rendition
        self.positions = positions
    }

    private func at(_ position: Int?) -> UInt16? { position.flatMap(rendition.keyValue(at:)) }

    var appearance: UInt16? { at(positions.appearance) }
    var direction: UInt16? { at(positions.direction) }
    var displayGamut: DisplayGamut? { at(positions.displayGamut).flatMap(CompiledTraitNumbers.displayGamuts.trait) }
    /// The display-gamut number, for a key whose `displayGamut` is not nil.
    var displayGamutNumber: Int { Int(at(positions.displayGamut) ?? 0) }
    var graphicsClass: UInt16? { at(positions.graphicsClass) }
    var idiom: CompiledIdiom? { at(positions.idiom).map(CompiledIdiom.init(rawValue:)) }
    var localization: UInt16? { at(positions.localization) }
    var memoryClass: UInt16? { at(positions.memoryClass) }
    var nameIdentifier: UInt16? { at(positions.identifier) }
    /// A size class, with the number that names it.
    var horizontalSizeClass: (SizeClass, Int)? { sizeClass(at: positions.horizontalSizeClass) }
    var verticalSizeClass: (SizeClass, Int)? { sizeClass(at: positions.verticalSizeClass) }

    private func sizeClass(at position: Int?) -> (SizeClass, Int)? {
        guard let number = at(position), let sizeClass = CompiledTraitNumbers.sizeClasses.trait(number) else { return nil }
        return (sizeClass, Int(number))
    }
    var state: RenditionState? { at(positions.state).map(RenditionState.init(rawValue:)) }
    var subtype: UInt16? { at(positions.subtype) }
    var controlValue: RenditionValue? { at(positions.value).map(RenditionValue.init(rawValue:)) }
}
