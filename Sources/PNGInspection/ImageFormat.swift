/// What a file's first bytes say it is, whatever its extension claims.
public enum ImageFormat: String, Hashable, Sendable, CaseIterable {
    case png = "PNG"
    case jpeg = "JPEG"
    case webp = "WebP"
    case heic = "HEIC"
    case gif = "GIF"
    case bmp = "BMP"
    case tiff = "TIFF"
    case pdf = "PDF"
    case svg = "SVG"
    case unknown = "unknown"

    /// Sniffs the format from the first bytes of a file.
    ///
    /// ```swift
    /// ImageFormat(sniffing: bytes) == .webp   // a WebP file, whatever it is named
    /// ```
    public init(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(32))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47]) { self = .png }
        else if starts([0xFF, 0xD8, 0xFF]) { self = .jpeg }
        else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { self = .webp }
        else if starts(Array("ftyp".utf8), at: 4),
            ["heic", "heix", "hevc", "hevx", "mif1", "msf1", "avif"].contains(where: { starts(Array($0.utf8), at: 8) })
        { self = .heic }
        else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { self = .gif }
        else if starts(Array("BM".utf8)) { self = .bmp }
        else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { self = .tiff }
        else if starts(Array("%PDF".utf8)) { self = .pdf }
        else if let text = String(bytes: head, encoding: .ascii), text.contains("<svg") || text.hasPrefix("<?xml") { self = .svg }
        else { self = .unknown }
    }

    /// The format a file extension names, if it names an image format.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "webp": self = .webp
        case "heic", "heif": self = .heic
        case "gif": self = .gif
        case "bmp": self = .bmp
        case "tif", "tiff": self = .tiff
        case "pdf": self = .pdf
        case "svg": self = .svg
        default: return nil
        }
    }

    /// Formats that Apple platforms decode from an asset catalog.
    public var isDecodedByApplePlatforms: Bool {
        switch self {
        case .png, .jpeg, .webp, .heic, .gif, .pdf, .svg, .tiff, .bmp: true
        case .unknown: false
        }
    }
}

import Foundation
