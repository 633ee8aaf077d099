import AdaptSupport
import AssetCatalog
import CompiledCatalog
import PNGInspection

/// The encode stage: one rendition's value from its job, reading and decoding its files. The only
/// stage that reads pixels; `CatalogCompiler` runs it on every core, a batch at a time.
enum RenditionEncoder {
    /// A rendition's value as encoding hands it to the file: its bytes, or its head with a file
    /// streamed after it into the spool (a data set's: 8 sets of 64 MB once peaked at 650 MB).
    enum EncodedValue {
        case bytes([UInt8])
        case headThenFile([UInt8], path: String, length: Int)
        /// Nothing: a drawing of a set whose drawing already stopped hard, which is reported once.
        case notDrawn
        /// A small bitmap's pixels, for the assemble stage to pack into an atlas (`AtlasPacker`).
        case packable(PackableBitmap)
    }

    /// A data set's rendition without its file, which the spool copies in pieces; the file is
    /// checked to be a regular one within the size any read of compile allows.
    static func dataHead(_ item: RenditionJob, path: String, uti: String) -> Result<EncodedValue, Diagnostic> {
        // Opened as any read is (a FIFO or a device is refused), then sized.
        do { _ = try FileSystem.readPrefix(path, count: 0) } catch {
            return .failure(
                Diagnostic(
                    .compileUnreadable, "cannot be read: \(error.reason)", subject: Diagnostic.Subject(asset: item.assetName), at: SourceLocation(file: path)))
        }
        let length = FileSystem.fileSize(path) ?? 0
        guard length <= 256 << 20 else {
            return .failure(
                Diagnostic(
                    .compileUnreadable, "cannot be read: it is \(length) bytes, more than the 256 MiB a data set may hold",
                    subject: Diagnostic.Subject(asset: item.assetName), at: SourceLocation(file: path)))
        }
        let head = CSIRendition.data(name: item.renditionName, uti: uti, streamedFileLength: length).bytes()
        return .success(.headThenFile(head, path: path, length: length))
    }

    /// The value block of one rendition (or what the file streams it from), or the finding that stops it.
    static func encode(
        _ item: RenditionJob, maxPixels: UInt64, renderers: VectorRasterizer.Programs = .init(), identifiers: [String: UInt16] = [:]
    ) -> Result<EncodedValue, Diagnostic> {
        func failure(_ rule: RuleID, _ path: String, _ message: String) -> Result<EncodedValue, Diagnostic> {
            .failure(Diagnostic(rule, message, subject: Diagnostic.Subject(asset: item.assetName), at: SourceLocation(file: path)))
        }
        switch item.source {
        case .png(let path, let flags, let slicing, let alignment):
            let file: [UInt8]
            do { file = try FileSystem.readRegularFile(path, limit: 256 << 20) } catch {
                return failure(.compileUnreadable, path, "cannot be read: \(error.reason)")
            }
            return bitmap(png: file, item, path: path, flags: flags, slicing: slicing, alignment: alignment, maxPixels: maxPixels)
        case .decoded(let path, let format, let flags, let slicing, let alignment):
            return decoded(item, path: path, format: format, flags: flags, slicing: slicing, alignment: alignment, maxPixels: maxPixels)
        case .vectorFile(let path, let flags, let isSVG):
            do {
                let file = try FileSystem.readRegularFile(path, limit: 256 << 20)
                return .success(.bytes(CSIRendition.vector(name: item.renditionName, file: file, isSVG: isSVG, flags: flags).bytes()))
            } catch {
                return failure(.compileUnreadable, path, "cannot be read: \(error.reason)")
            }
        case .vector(let path, let flags, let isSVG, let slicing, let alignment):
            return vector(item, path: path, flags: flags, isSVG: isSVG, slicing: slicing, alignment: alignment, maxPixels: maxPixels, renderers: renderers)
        case .jpeg(let path, _), .heif(let path, _):
            return photo(item, path: path, maxPixels: maxPixels)
        case .data(let path, let uti):
            return dataHead(item, path: path, uti: uti)
        case .color(let space, let components):
            return .success(.bytes(CSIRendition.color(name: item.renditionName, colorSpace: space, components: components).bytes()))
        case .multisize(let sizes):
            return .success(.bytes(CSIRendition.multisize(name: item.renditionName, sizes: sizes).bytes()))
        case .layerStack(let width, let height, let layers):
            let numbers = layers.compactMap { identifiers[$0] }
            guard numbers.count == layers.count else {
                return .failure(Diagnostic(.compileOutput, "a layer of '\(item.assetName)' has no identifier in the compiled file", at: item.location))
            }
            return .success(.bytes(CSIRendition.layerStack(width: UInt32(width), height: UInt32(height), layerIdentifiers: numbers).bytes()))
        case .stackImage(let image):
            return ImageStacks.stackImage(
                name: item.renditionName, layers: image.layers, width: image.width, height: image.height, scale: image.scale, radiosity: image.radiosity,
                maxPixels: maxPixels, subject: image.subject, location: item.location ?? SourceLocation(file: image.subject)
            ).map(EncodedValue.bytes)
        case .iconComposer(let piece, let identifiers):
            if let packable = packableIconImage(piece, item, maxPixels: maxPixels) { return packable }
            return IconComposerCompiler.encode(piece, identifiers: identifiers, maxPixels: maxPixels, renderers: renderers).map(EncodedValue.bytes)
        }
    }

    /// A PDF's or SVG's rasterisation at the key's scale, as a bitmap rendition.
    private static func vector(
        _ item: RenditionJob, path: String, flags: UInt32, isSVG: Bool, slicing: Slicing?, alignment: CSIRendition.AlignmentInsets?, maxPixels: UInt64,
        renderers: VectorRasterizer.Programs
    ) -> Result<EncodedValue, Diagnostic> {
        func failure(_ rule: RuleID, _ path: String, _ message: String) -> Result<EncodedValue, Diagnostic> {
            .failure(Diagnostic(rule, message, subject: Diagnostic.Subject(asset: item.assetName), at: SourceLocation(file: path)))
        }
        let scale = Int(item.key[.scale] ?? 1)
        let rendered =
            isSVG
            ? VectorRasterizer.renderSVG(path, scale: scale, maxPixels: maxPixels, programs: renderers)
            : VectorRasterizer.renderPDF(path, scale: scale, maxPixels: maxPixels, programs: renderers)
        switch rendered {
        case .success(.png(let png)):
            return bitmap(png: png, item, path: path, flags: flags, slicing: slicing, alignment: alignment, maxPixels: maxPixels)
        case .success(.pixels(let pixels, let width, let height)):
            let isOpaque = stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 }
            return pixels.withUnsafeBufferPointer {
                bitmap(pixels: $0, width: width, height: height, isOpaque: isOpaque, item, path: path, flags: flags, slicing: slicing, alignment: alignment)
            }
        case .failure(.rendererMissing(let program, let package)):
            return failure(
                .compileRenderer, path,
                "image set '\(item.assetName)' has \(isSVG ? "an SVG" : "a PDF") to rasterise and \(program) is not installed: install it with apt-get install \(package)"
            )
        case .failure(.tooLarge(let width, let height)):
            return failure(.compileTooLarge, path, "is \(width) x \(height) pixels at \(scale)x, more than --max-pixels allows")
        case .failure(.renderFailed(let reason)):
            return failure(.compileRenderer, path, "image set '\(item.assetName)': cannot be rasterised at \(scale)x: \(reason)")
        case .failure(.setStopped):
            return .success(.notDrawn)
        }
    }

    /// The bitmap rendition of a file in a format adapt decodes itself.
    private static func decoded(
        _ item: RenditionJob, path: String, format: DecodedImage.Format, flags: UInt32, slicing: Slicing?, alignment: CSIRendition.AlignmentInsets?,
        maxPixels: UInt64
    ) -> Result<EncodedValue, Diagnostic> {
        func failure(_ rule: RuleID, _ message: String) -> Result<EncodedValue, Diagnostic> {
            .failure(Diagnostic(rule, message, subject: Diagnostic.Subject(asset: item.assetName), at: SourceLocation(file: path)))
        }
        let file: [UInt8]
        do { file = try FileSystem.readRegularFile(path, limit: 256 << 20) } catch { return failure(.compileUnreadable, "cannot be read: \(error.reason)") }
        switch DecodedImage.decode(file, as: format, maxPixels: maxPixels) {
        case .success(let image):
            return image.pixels.withUnsafeBufferPointer {
                bitmap(
                    pixels: $0, width: image.width, height: image.height, isOpaque: image.isOpaque, item, path: path, flags: flags, slicing: slicing,
                    alignment: alignment)
            }
        case .failure(.tooLarge(let width, let height)):
            return failure(.compileTooLarge, "has \(width) x \(height) pixels, more than --max-pixels allows")
        case .failure(.unreadable(let reason)):
            return failure(.compileUnreadable, "is not a \(format.rawValue) image adapt can decode: \(reason)")
        case .failure(.libraryMissing(let package)):
            return failure(.compileUnreadable, "is a \(format.rawValue) image, and \(package), which decodes it, is not installed")
        }
    }

    /// A JPEG or HEIF file stored as it is, with its pixel size.
    private static func photo(_ item: RenditionJob, path: String, maxPixels: UInt64) -> Result<EncodedValue, Diagnostic> {
        func failure(_ rule: RuleID, _ path: String, _ message: String) -> Result<EncodedValue, Diagnostic> {
            .failure(Diagnostic(rule, message, subject: Diagnostic.Subject(asset: item.assetName), at: SourceLocation(file: path)))
        }
        let isJPEG: Bool
        let flags: UInt32
        switch item.source {
        case .jpeg(_, let jpegFlags): (isJPEG, flags) = (true, jpegFlags)
        case .heif(_, let heifFlags): (isJPEG, flags) = (false, heifFlags)
        default: return failure(.compileUnreadable, path, "is not a JPEG or HEIF file")
        }
        let file: [UInt8]
        do { file = try FileSystem.readRegularFile(path, limit: 256 << 20) } catch {
            return failure(.compileUnreadable, path, "cannot be read: \(error.reason)")
        }
        guard let size = isJPEG ? JPEGFrame.size(of: file) : HEIFFrame.size(of: file) else {
            return failure(.compileUnreadable, path, isJPEG ? "is not a JPEG with a frame header" : "is not a HEIF file with an image size (ispe)")
        }
        guard UInt64(size.width) * UInt64(size.height) <= maxPixels else {
            return failure(.compileTooLarge, path, "has \(size.width) x \(size.height) pixels, more than --max-pixels allows")
        }
        var rendition = CSIRendition.jpeg(
            name: item.renditionName, width: size.width, height: size.height, scale: Int(item.key[.scale] ?? 1),
            file: file, flags: flags)
        if !isJPEG { rendition.pixelFormat = .heif }
        return .success(.bytes(rendition.bytes()))
    }

    /// The bitmap rendition of a PNG file's bytes (a source PNG, or a rasterised vector page).
    private static func bitmap(
        png file: [UInt8], _ item: RenditionJob, path: String, flags: UInt32, slicing: Slicing?, alignment: CSIRendition.AlignmentInsets? = nil,
        maxPixels: UInt64
    ) -> Result<EncodedValue, Diagnostic> {
        func failure(_ rule: RuleID, _ path: String, _ message: String) -> Result<EncodedValue, Diagnostic> {
            .failure(Diagnostic(rule, message, subject: Diagnostic.Subject(asset: item.assetName), at: SourceLocation(file: path)))
        }
        switch PremultipliedPNG.decode(file, maxPixels: maxPixels, path: path) {
        case .success(let png):
            // The decoder's buffer, compressed in place.
            return withExtendedLifetime(png) {
                bitmap(
                    pixels: png.pixels, width: png.width, height: png.height, isOpaque: png.isOpaque, item, path: path, flags: flags, slicing: slicing,
                    alignment: alignment)
            }
        case .failure(.tooLarge(let message)): return failure(.compileTooLarge, path, "has \(message) (--max-pixels)")
        case .failure(.unreadable(let message)): return failure(.compileUnreadable, path, "is not a PNG libpng can decode: \(message)")
        case .failure(.outOfMemory): return failure(.compileUnreadable, path, "is not a PNG libpng can decode: out of memory")
        }
    }

    /// The bitmap rendition of premultiplied B G R A pixels, `width * 4` bytes a row, or, when
    /// actool would pack it (`PackingRule`), its pixels held back for an atlas.
    private static func bitmap(
        pixels bitmap: UnsafeBufferPointer<UInt8>, width: Int, height: Int, isOpaque: Bool, _ item: RenditionJob, path: String, flags: UInt32,
        slicing: Slicing?, alignment: CSIRendition.AlignmentInsets?
    ) -> Result<EncodedValue, Diagnostic> {
        let scale = Int(item.key[.scale] ?? 1)
        if let slicing {
            guard let crop = slicing.crop(width: width, height: height) else {
                return .failure(
                    Diagnostic(
                        .compileUnreadable, "is \(width) x \(height) pixels, smaller than its resizing's caps and centre",
                        subject: Diagnostic.Subject(asset: item.assetName), at: SourceLocation(file: path)))
            }
            // The kept columns of each kept row, in order: the caps and the centre.
            var cropped: [UInt8] = []
            let sourceColumns = slicing.sourceColumns(crop.columns)
            let sourceRows = slicing.sourceRows(crop.rows)
            cropped.reserveCapacity(sourceColumns.count * sourceRows.count * 4)
            for row in sourceRows {
                for column in sourceColumns { cropped += bitmap[(row * width + column) * 4..<(row * width + column + 1) * 4] }
            }
            return cropped.withUnsafeBufferPointer {
                encoded(
                    $0, width: sourceColumns.count, height: sourceRows.count, scale: scale, isOpaque: isOpaque, item, flags: flags,
                    layout: slicing.layout, slices: crop.slices, alignment: alignment)
            }
        }
        return encoded(bitmap, width: width, height: height, scale: scale, isOpaque: isOpaque, item, flags: flags, alignment: alignment)
    }

    /// The bitmap compressed into its rendition, or held back whole for an atlas.
    private static func encoded(
        _ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, scale: Int, isOpaque: Bool, _ item: RenditionJob, flags: UInt32,
        layout: RenditionLayout = .onePartScale, slices: [[UInt32]]? = nil, alignment: CSIRendition.AlignmentInsets?
    ) -> Result<EncodedValue, Diagnostic> {
        if PackingRule.packs(item, width: width, height: height) {
            return .success(
                .packable(
                    CSIRendition.packableBitmap(
                        name: item.renditionName, width: width, height: height, scale: scale, pixels: pixels, flags: flags, layout: layout,
                        slices: slices, alignment: alignment)))
        }
        return .success(
            .bytes(
                CSIRendition.bitmap(
                    name: item.renditionName, width: width, height: height, scale: scale, pixels: pixels, isOpaque: isOpaque, flags: flags,
                    layout: layout, slices: slices, alignment: alignment, compress: BitmapCompression.lzfse
                ).bytes()))
    }
}
