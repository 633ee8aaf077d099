import AdaptSupport
import AssetCatalog
import CPNGSupport

/// Checks PNG files: a chunk walk of our own (structure, CRCs, colour information), then the full
/// check: libpng reads every chunk but the image data, which is inflated and held to the row
/// layout (see `adapt_png_decode`), for what only decoding finds.
///
/// ```swift
/// let report = PNGInspector().inspect(file: "icon@2x.png")
/// if report.hasErrors { report.problems.forEach { print($0) } }
///
/// // Many files on every core, reports in the order given:
/// let reports = PNGInspector(headerOnly: true).inspect(files: paths)
/// ```
public struct PNGInspector: Sendable {
    /// Images claiming more pixels are reported (`png.too-large`) and not decoded, so a small
    /// file cannot make the tool allocate without bound.
    public var maxPixels: UInt64
    /// Walk only up to the first image data: no CRC of the pixels, no decode.
    public var headerOnly: Bool
    /// Whether to decode through libpng after the walk (the full check). Without it every chunk
    /// and CRC is still walked, which is what thinning uses by default.
    public var decodes = true
    /// Whether the full check also undoes every row's filter through libpng (a complete decode).
    /// Off by default: unfiltering cannot fail, so it finds nothing the default check misses (the
    /// image data is still inflated and held to the row layout), and it costs about 40% more on
    /// real images. The tests use it as the reference.
    public var decodesEveryRow = false

    /// 100 million pixels: more than any app image needs, and within memory on a small machine.
    public static let defaultMaxPixels: UInt64 = 100_000_000

    /// An inspector refusing images over `maxPixels`; `headerOnly` reads the chunks without decoding.
    public init(maxPixels: UInt64 = PNGInspector.defaultMaxPixels, headerOnly: Bool = false) {
        self.maxPixels = maxPixels
        self.headerOnly = headerOnly
    }

    /// Bytes read first in header-only mode (IHDR and the colour chunks usually fit); the whole
    /// file only when the header chunks are larger, say a big ICC profile.
    static let headerPrefix = 4 * 1024

    /// Inspects the file at `path`; an unreadable file is a report with `png.unreadable`, never a throw.
    public func inspect(file path: String) -> PNGReport {
        do {
            if headerOnly {
                let prefix = try FileSystem.readPrefix(path, count: Self.headerPrefix)
                if prefix.count < Self.headerPrefix {
                    return inspect(bytes: prefix, path: path)
                }
                let report = prefix.withUnsafeBufferPointer { inspect($0, path: path, isWholeFile: false) }
                if !report.neededMoreBytes { return report }
            }
            return try FileSystem.withContents(of: path) { inspect($0, path: path, isWholeFile: true) }
        } catch let error as FileSystem.Failure where error.exceededLimit != nil {
            // The file's fault, not the machine's: a finding about it, not a stop. Its format from
            // its first bytes, so that a PNG stays a PNG (and an image checker reports this).
            let prefix = (try? FileSystem.readPrefix(path, count: ImageFormat.sniffLength)) ?? []
            return PNGReport(
                path: path, format: ImageFormat(sniffing: prefix),
                problems: [PNGProblem(.tooLarge, Self.tooLargeMessage(error))])
        } catch let error as FileSystem.Failure {
            return PNGReport(
                path: path, format: .unknown,
                problems: [PNGProblem(.unreadable, "cannot read the file: \(error.reason)")])
        } catch {
            return PNGReport(path: path, format: .unknown, problems: [PNGProblem(.unreadable, "cannot read the file")])
        }
    }

    /// "the file is 16492674416640 bytes (15 TiB), more than the 268435456 bytes (256 MiB) adapt
    /// reads of an image".
    package static func tooLargeMessage(_ failure: FileSystem.Failure) -> String {
        let limit = failure.exceededLimit ?? FileSystem.fileSizeLimit
        let size = FileSystem.fileSize(failure.path).map { "\($0) bytes (\(binaryUnits($0)))" } ?? "more than that"
        return "the file is \(size), more than the \(limit) bytes (\(binaryUnits(limit))) adapt reads of an image"
    }

    /// "15 TiB", "256 MiB", "1.5 KiB": one decimal at most.
    private static func binaryUnits(_ bytes: Int) -> String {
        let units = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return (tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)") + " " + units[unit]
    }

    /// Inspects files on every core; the reports come back in the order of `paths`.
    public func inspect(files paths: [String], concurrency: Int? = nil) -> [PNGReport] {
        paths.concurrentMap(concurrency: concurrency) { inspect(file: $0) }
    }

    /// Inspects a file already in memory; `path` names it in the report.
    public func inspect(bytes: [UInt8], path: String? = nil) -> PNGReport {
        bytes.withUnsafeBufferPointer { inspect($0, path: path, isWholeFile: true) }
    }

    private func inspect(_ bytes: UnsafeBufferPointer<UInt8>, path: String?, isWholeFile: Bool) -> PNGReport {
        let walk = ChunkWalker(stopsAtImageData: headerOnly).walk(bytes, isWholeFile: isWholeFile)
        var report = PNGReport(path: path, format: ImageFormat(sniffing: bytes), header: walk.header, problems: walk.problems)
        report.neededMoreBytes = walk.needsMoreBytes
        guard let header = walk.header else { return report }
        if header.pixelCount > maxPixels {
            report.problems.append(
                PNGProblem(
                    .tooLarge,
                    "IHDR claims \(header.width)x\(header.height) = \(header.pixelCount) pixels, over the limit of \(maxPixels): not decoded"))
            return report
        }
        guard !headerOnly, decodes, !walk.hasErrors, !header.isCgBI else { return report }
        report.problems.append(contentsOf: decode(bytes))
        report.decoded = !report.hasErrors
        return report
    }

    /// The full decode through libpng, its outcome as problems.
    private func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> [PNGProblem] {
        var result =
            decodesEveryRow
            ? adapt_png_decode_rows(bytes.baseAddress, bytes.count, maxPixels)
            : adapt_png_decode(bytes.baseAddress, bytes.count, maxPixels)
        let message = withUnsafeBytes(of: &result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let warning = withUnsafeBytes(of: &result.warning) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        var problems: [PNGProblem] = []
        switch result.status {
        case ADAPT_PNG_FAILED:
            problems.append(PNGProblem(Self.code(forLibpngMessage: message), "decoding failed: \(message)\(Self.explanation(of: message))"))
        case ADAPT_PNG_TOO_LARGE: problems.append(PNGProblem(.tooLarge, "over the pixel limit: not decoded"))
        default: break
        }
        if result.warning_count > 0 {
            // A warning about the image data is that error (libpng recovered, the pixels are wrong);
            // any other is `png.libpng-warning`, whose card states a warning.
            let code: PNGProblem.Code = Self.code(forLibpngMessage: warning) == .imageData ? .imageData : .libpngWarning
            let more = result.warning_count > 1 ? " (and \(result.warning_count - 1) more)" : ""
            problems.append(PNGProblem(code, "libpng: \(warning)\(more)"))
        }
        return problems
    }

    /// zlib's words for a failed Adler-32 (the checksum of the inflated image data that ends the
    /// stream): the compressed data is damaged though every chunk CRC matched, since CRCs are
    /// computed on whatever was written.
    static let adlerFailure = "incorrect data check"

    /// What zlib's terse message means, for the one a user is likely to meet.
    static func explanation(of message: String) -> String {
        message.lowercased().contains(adlerFailure)
            ? " (the image data's Adler-32 checksum does not match: the compressed pixels are damaged)" : ""
    }

    static func code(forLibpngMessage message: String) -> PNGProblem.Code {
        let lowered = message.lowercased()
        if lowered.contains("truncated") || lowered.contains("read error") { return .truncated }
        if lowered.contains("image data") || lowered.contains("extra compressed") || lowered.contains("too many idat")
            || lowered.contains(adlerFailure)
        {
            return .imageData
        }
        if lowered.contains("crc") { return .crc }
        return .decode
    }
}

/// What a check found about one file.
public struct PNGReport: Hashable, Sendable {
    /// The file inspected, when it came from one.
    public var path: String?
    /// What the bytes are, whatever the name says.
    public var format: ImageFormat
    /// The header, when the file got that far.
    public var header: PNGHeader?
    /// Every problem found, in file order.
    public var problems: [PNGProblem]
    /// Whether the full decode ran and found nothing wrong.
    public var decoded = false
    var neededMoreBytes = false

    /// A report, as the inspector builds it.
    public init(path: String?, format: ImageFormat, header: PNGHeader? = nil, problems: [PNGProblem] = []) {
        self.path = path
        self.format = format
        self.header = header
        self.problems = problems
    }

    /// Whether any problem is an error.
    public var hasErrors: Bool { problems.contains { $0.severity == .error } }

    /// `64x64, 8-bit RGBA, non-interlaced, alpha, sRGB`
    public var summary: String {
        guard let header else { return format == .png ? "unreadable PNG" : "not a PNG (\(format.rawValue))" }
        var parts = [
            "\(header.width)x\(header.height)", "\(header.bitDepth)-bit \(header.colorType.name)",
            header.interlaced ? "interlaced" : "non-interlaced",
        ]
        if header.hasAlpha { parts.append("alpha") }
        parts.append(header.profileKind.description)
        if let gamma = header.gamma { parts.append("gamma \(Double(gamma) / 100_000)") }
        if header.hasChromaticities { parts.append("cHRM") }
        if header.isCgBI { parts.append("CgBI") }
        return parts.joined(separator: ", ")
    }

    /// The problems as diagnostics on the file.
    public var diagnostics: [Diagnostic] {
        problems.map { problem in
            Diagnostic(
                problem.code.rule, problem.message,
                at: path.map { SourceLocation(file: $0) })
        }
    }
}
