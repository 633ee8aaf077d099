import AdaptSupport
import PNGInspection

/// How a bitmap entry's file is compiled, by what its first bytes are rather than its name, as
/// ImageIO reads it: real catalogs hold a Photoshop file named `.png` (vlc-ios) and WebP files
/// named `.png` (home-assistant), and Xcode builds them.
enum BitmapFormat: Equatable {
    /// Decoded by libpng.
    case png
    /// Stored as they are, with their pixel size.
    case jpeg, heif
    /// Decoded by adapt (`DecodedImage`) to a bitmap.
    case decoded(DecodedImage.Format)

    /// Whether it is compiled from its pixels, so that it can be sliced.
    var hasPixels: Bool { self != .jpeg && self != .heif }

    /// The format of the file at `path`, or why adapt cannot compile it. A file that cannot be
    /// read is taken at its name's word, and the encode stage reports why it cannot be read.
    static func of(path: String, filename: String) -> Result<BitmapFormat, Unreadable> {
        let sniffed: ImageFormat
        if let head = try? FileSystem.readPrefix(path, count: ImageFormat.sniffLength) {
            sniffed = ImageFormat(sniffing: head)
        } else {
            sniffed = ImageFormat(fileExtension: filename.pathExtension) ?? .png
        }
        let format: BitmapFormat? =
            switch sniffed {
            case .png: .png
            case .jpeg: .jpeg
            case .heic: .heif
            case .webp: .decoded(.webp)
            case .tiff: .decoded(.tiff)
            case .gif: .decoded(.gif)
            case .bmp: .decoded(.bmp)
            case .psd: .decoded(.psd)
            case .ico, .pdf, .svg, .unknown: nil
            }
        guard let format else { return .failure(Unreadable(reason: "holds \(sniffed.described), which adapt cannot read as a bitmap")) }
        if case .decoded(let decoded) = format, !DecodedImage.isAvailable(decoded), let package = DecodedImage.package(of: decoded) {
            return .failure(
                Unreadable(reason: "is a \(decoded.rawValue) image, and \(package), which decodes it, is not installed (apt-get install \(package))"))
        }
        return .success(format)
    }

    /// Why a file is left out.
    struct Unreadable: Error {
        var reason: String
    }
}

extension ImageFormat {
    /// The format in a sentence: "a PDF document", "no image format adapt knows".
    fileprivate var described: String {
        switch self {
        case .unknown: "no image format adapt knows"
        case .ico: "a Windows icon"
        case .pdf: "a PDF document"
        case .svg: "an SVG document"
        default: "a \(rawValue) image"
        }
    }
}
