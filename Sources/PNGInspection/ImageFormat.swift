/// What a file's first bytes say it is, whatever its extension claims: the formats Apple's ImageIO
/// decodes from an asset catalog, recognised by their signatures.
public enum ImageFormat: String, Hashable, Sendable, CaseIterable {
    /// PNG.
    case png = "PNG"
    /// JPEG.
    case jpeg = "JPEG"
    /// WebP.
    case webp = "WebP"
    /// HEIC (HEIF with HEVC).
    case heic = "HEIC"
    /// GIF.
    case gif = "GIF"
    /// BMP.
    case bmp = "BMP"
    /// TIFF.
    case tiff = "TIFF"
    /// Windows icon.
    case ico = "ICO"
    /// Photoshop document.
    case psd = "PSD"
    /// PDF.
    case pdf = "PDF"
    /// SVG.
    case svg = "SVG"
    /// None of the above.
    case unknown = "unknown"

    /// How many leading bytes `init(sniffing:)` looks at: enough for an SVG's prolog (an XML
    /// declaration, a generator comment, a DOCTYPE) before its root element, and a bound on the scan.
    package static let sniffLength = 4096

    /// How far a file named `.svg` is read to find its root element: a prolog may carry a long
    /// licence comment or an internal DTD subset, which ImageIO skips however long it is. Only
    /// files that no magic number identifies are scanned this far.
    package static let svgSniffLength = 256 << 10

    /// How many leading bytes to read to sniff a file declared as `declared` (by its extension).
    package static func sniffLength(declared: ImageFormat?) -> Int { declared == .svg ? svgSniffLength : sniffLength }

    /// Sniffs the format from the first bytes of a file: its first 4 KiB for the magic numbers,
    /// and up to 256 KiB for an SVG's root element when none matches.
    ///
    /// ```swift
    /// ImageFormat(sniffing: bytes) == .webp   // a WebP file, whatever it is named
    /// ```
    public init(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(Self.sniffLength))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && head[offset..<offset + prefix.count].elementsEqual(prefix)
        }
        if starts([0x89, 0x50, 0x4E, 0x47]) {
            self = .png
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if starts(Array("ftyp".utf8), at: 4), Self.heifBrands.contains(where: { starts(Array($0.utf8), at: 8) }) {
            self = .heic
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("BM".utf8)) {
            self = .bmp
        } else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) {
            self = .tiff
        }
        // An icon (type 1) with at least one image: `00 00 01 00`, then a non-zero count.
        else if starts([0x00, 0x00, 0x01, 0x00]) && head.count >= 6 && (head[4] != 0 || head[5] != 0) {
            self = .ico
        }
        // Photoshop's own format (VLC ships one named `.png`); ImageIO decodes its composite.
        else if starts(Array("8BPS".utf8)) {
            self = .psd
        } else if starts(Array("%PDF".utf8)) {
            self = .pdf
        } else if Self.isSVG(bytes.count > head.count ? Array(bytes.prefix(Self.svgSniffLength)) : head) {
            self = .svg
        } else {
            self = .unknown
        }
    }

    /// The ISO base media brands of HEIF images (HEIC, HEIF image sequences, AVIF).
    static let heifBrands = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "mif2", "msf1", "avif", "avis"]

    /// Whether the text's root element is `<svg`, however it begins: a UTF-8 byte-order mark,
    /// whitespace, an XML declaration, comments (`<!--Generator: Apple Native CoreSVG-->`),
    /// processing instructions and a DOCTYPE are skipped first. Only the bytes given are scanned.
    static func isSVG(_ head: [UInt8]) -> Bool {
        var position = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func at(_ text: String) -> Bool { head[position...].starts(with: text.utf8) }
        /// Moves past the next `terminator`; false if the bytes end first.
        func skip(past terminator: String) -> Bool {
            let pattern = Array(terminator.utf8)
            while position + pattern.count <= head.count {
                if head[position..<position + pattern.count].elementsEqual(pattern) {
                    position += pattern.count
                    return true
                }
                position += 1
            }
            return false
        }
        while position < head.count {
            if [0x20, 0x09, 0x0A, 0x0D].contains(head[position]) {
                position += 1
                continue
            }
            if at("<?") {
                guard skip(past: "?>") else { return false }
                continue
            }
            if at("<!--") {
                guard skip(past: "-->") else { return false }
                continue
            }
            if at("<!DOCTYPE") || at("<!doctype") {
                // A DOCTYPE may carry an internal subset in brackets, whose entities hold `>`.
                let end = head[position...].firstIndex(of: UInt8(ascii: ">")) ?? head.count
                let bracket = head[position..<end].firstIndex(of: UInt8(ascii: "["))
                if bracket != nil { guard skip(past: "]") else { return false } }
                guard skip(past: ">") else { return false }
                continue
            }
            guard at("<svg") || at("<svg:svg") else { return false }
            let after = position + (at("<svg:svg") ? 8 : 4)
            // `<svg>`, `<svg xmlns=...`, `<svg/>`, and not `<svgfoo`.
            return after >= head.count || [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(head[after])
        }
        return false
    }

    /// The format a file extension names, if it names an image format.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "webp": self = .webp
        case "heic", "heif", "avif": self = .heic
        case "gif": self = .gif
        case "bmp": self = .bmp
        case "tif", "tiff": self = .tiff
        case "ico": self = .ico
        case "psd": self = .psd
        case "pdf": self = .pdf
        case "svg": self = .svg
        default: return nil
        }
    }

    /// Formats that Apple platforms decode from an asset catalog (ImageIO's, plus PDF and SVG).
    public var isDecodedByApplePlatforms: Bool {
        switch self {
        case .png, .jpeg, .webp, .heic, .gif, .pdf, .svg, .tiff, .bmp, .ico, .psd: true
        case .unknown: false
        }
    }
}
