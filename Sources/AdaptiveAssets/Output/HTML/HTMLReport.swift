import AdaptSupport
import Synchronization

/// `adapt report`: one self-contained HTML page from a `ReportV1`. No network, no external script,
/// style or font: thumbnails are data URIs (or, with `linkImages`, relative links to the originals),
/// and a Content-Security-Policy makes any other request fail. It reads without script; a few lines
/// of inline script add the asset and device filters. Dark mode follows `prefers-color-scheme`.
///
/// ```swift
/// let report = try ReportBuilder(database: try DeviceDatabase.builtIn()).build(catalogsAt: ["App.xcassets"])
/// try HTMLReport(report).write(to: "report.html")
/// ```
package struct HTMLReport: Sendable {
    package let report: ReportV1
    /// Reference the original image files (relative to `baseFolder`) instead of embedding thumbnails.
    package var linkImages = false
    /// The folder the page will be written to, for `linkImages`.
    package var baseFolder = "."

    /// Device names by id, and facts about the contexts, worked out once per page.
    let deviceNames: [String: String]
    let contextFacts: ContextFacts

    package init(_ report: ReportV1) {
        self.report = report
        deviceNames = Dictionary(report.sizes.groups.flatMap(\.devices).map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        contextFacts = ContextFacts(report.contexts)
    }

    /// Writes the page atomically (a temporary file beside `path`, renamed over it at the end),
    /// streaming it as it is rendered: a page of 20,000 sets is close to 300 MB of text, and held
    /// whole, then copied to bytes, it was most of `adapt report`'s memory.
    package func write(to path: String) throws {
        var page = self
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        page.baseFolder = folder.isEmpty ? "/" : folder
        let file = try PageFile(replacing: path)
        do {
            var html = HTMLBuilder(file: file)
            page.render(into: &html)
            html.flush()
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }

    /// In every page's head: how a later run recognises a file it may replace (`-o` replaces only
    /// a report, never `main.swift` typed by mistake).
    package static let generatorMarker = "<meta name=\"generator\" content=\"adapt report (ReportV1)\">"

    /// Whether the file at `path` is a page `adapt report` wrote: the marker in its first 4 kB.
    package static func isReport(at path: String) -> Bool {
        guard let head = try? FileSystem.readPrefix(path, count: 4096) else { return false }
        return String(decoding: head, as: UTF8.self).contains(generatorMarker)
    }

    /// Why `adapt report -o path` must not be written, or nil: it lies inside one of the
    /// catalogs, or it exists and is not an earlier report.
    package static func refusal(toWrite path: String, catalogs: [String]) -> String? {
        FileSystem.outputFileRefusal(path, catalogs: catalogs, writer: "adapt report", isOwn: isReport(at:))
    }

    package func render() -> String {
        var html = HTMLBuilder()
        render(into: &html)
        return html.output
    }

    /// The page, start to end, into `html` (which may pass it on to a file as it grows).
    func render(into html: inout HTMLBuilder) {
        let images = ImageStyles(report: report, linkImages: linkImages, baseFolder: baseFolder)
        let title = "Asset report: " + report.catalogs.map(\.name).joined(separator: ", ")
        // The exact text of the page's one <style> and one <script>: the policy allows these by
        // hash and nothing else inline, so markup smuggled in from a catalog could not run.
        let style = "\n" + HTMLReport.stylesheet + images.css
        let script = "\n" + HTMLReport.script
        let policy = Self.contentSecurityPolicy(style: style, script: script, linkImages: linkImages)
        html.raw("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        html.raw("<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">\n")
        html.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"color-scheme\" content=\"light dark\">\n")
        html.raw(Self.generatorMarker + "\n")
        html.raw("<title>")
        html.text(title)
        html.raw("</title>\n<style>")
        html.raw(style)
        html.raw("</style>\n</head>\n<body data-images-ok=\"unknown\">\n")
        html.raw("<header>\n<h1>")
        html.text(title)
        html.raw("</h1>\n")
        html.raw("<nav aria-label=\"Sections\"><a href=\"#overview\">Overview</a> <a href=\"#contact-sheet\">Contact sheet</a> ")
        html.raw("<a href=\"#trait-changes\">Trait changes</a> <a href=\"#download-size\">Download size</a></nav>\n")
        filters(&html)
        html.raw("</header>\n<main>\n")
        overview(&html)
        contactSheet(&html, images)
        traitChanges(&html, images)
        downloadSize(&html)
        html.raw("</main>\n<script>")
        html.raw(script)
        html.raw("</script>\n</body>\n</html>\n")
    }

    /// No request leaves the page (`default-src 'none'`); images are data URIs (or, linked, local
    /// files); the one style sheet and the one script run because their hashes are listed, and no
    /// other inline style or script would. No `'unsafe-inline'`: swatch colours are classes in the
    /// style sheet, not `style` attributes.
    static func contentSecurityPolicy(style: String, script: String, linkImages: Bool) -> String {
        "default-src 'none'; img-src data:\(linkImages ? " file: 'self'" : ""); style-src \(hashSource(style)); script-src \(hashSource(script))"
    }

    /// A CSP hash source: `'sha256-<base64 of the SHA-256 of the UTF-8 text>'`.
    package static func hashSource(_ text: String) -> String {
        "'sha256-" + Base64.encode(SHA256.digest(Array(text.utf8))) + "'"
    }

    /// Hidden until the script shows it: without script, the whole page is shown.
    private func filters(_ html: inout HTMLBuilder) {
        html.raw("<form id=\"filters\" hidden role=\"search\" aria-label=\"Filter the report\">\n")
        html.raw("<label>Asset name <input type=\"search\" id=\"asset-filter\" autocomplete=\"off\" placeholder=\"e.g. Banner\"></label>\n")
        html.raw("<label>Device <select id=\"device-filter\"><option value=\"\">every device</option>")
        for group in report.sizes.groups {
            for device in group.devices {
                html.raw("<option value=\"")
                html.attribute(device.id)
                html.raw("\">")
                html.text("\(device.name) (\(device.id))")
                html.raw("</option>")
            }
        }
        html.raw("</select></label>\n<output id=\"filter-status\" aria-live=\"polite\"></output>\n</form>\n")
    }
}

/// What every row label compares against, and the labels already made (rows repeat across assets).
final class ContextFacts: Sendable {
    let windows: Set<String>
    let styles: Set<String>
    let contrasts: Set<String>
    let directions: Set<String>
    let appearances: Set<ContextAppearance>
    let labels = Mutex<[[Int]: String]>([:])

    init(_ contexts: [ReportV1.TraitContext]) {
        windows = Set(contexts.map(\.window))
        styles = Set(contexts.map(\.style))
        contrasts = Set(contexts.map(\.contrast))
        directions = Set(contexts.map(\.direction))
        appearances = Set(contexts.map(ContextAppearance.init))
    }
}

/// What a trait context shows besides its window: its luminosity, contrast and layout direction,
/// as a value, so rows are grouped and labelled by them without joining and splitting text.
struct ContextAppearance: Hashable, Sendable {
    var style: String
    var contrast: String
    var direction: String

    init(_ context: ReportV1.TraitContext) {
        style = context.style
        contrast = context.contrast
        direction = context.direction
    }

    /// `dark high leftToRight`, as a row lists an appearance it covers.
    var label: String { "\(style) \(contrast) \(direction)" }
}

/// Builds the page text, escaping everything that comes from a catalog. Given a `PageFile`, it
/// hands the text over whenever `flushSize` bytes have gathered, so only that much is held.
struct HTMLBuilder {
    var output = ""
    let file: PageFile?
    static let flushSize = 1 << 18

    init(file: PageFile? = nil) {
        self.file = file
        output.reserveCapacity(file == nil ? 1 << 20 : Self.flushSize + 4096)
    }

    mutating func raw(_ text: String) {
        output += text
        if file != nil, output.utf8.count >= Self.flushSize { flush() }
    }

    /// Passes what has gathered to the file (nothing without one).
    mutating func flush() {
        guard let file else { return }
        output.withUTF8 { file.append($0) }
        output.removeAll(keepingCapacity: true)
    }

    mutating func text(_ text: String) {
        defer { if file != nil, output.utf8.count >= Self.flushSize { flush() } }
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 < 0x20 }) else {
            output += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case "\n", "\t": output.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    output += "&#\(scalar.value);"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
    }

    mutating func attribute(_ value: String) { text(value) }
}

/// Each image's CSS class (identical thumbnails share one), and the data URIs, each once; and
/// each swatch colour's class, since the policy allows no `style` attribute.
struct ImageStyles {
    /// Per image (`ReportV1.images`): its class, nil when there is nothing to show.
    var classes: [String?] = []
    /// Per image, when linked: its `src`. Embedded thumbnails are encoded again where the page
    /// shows them (`source(of:in:)`), not kept: at 20,000 sets they were tens of megabytes.
    private var linkedSources: [String?] = []
    private var linkImages = false
    /// Per CSS colour of a colour set: its class (`c0`, `c1`...).
    var swatches: [String: String] = [:]
    var css = ""

    init(report: ReportV1, linkImages: Bool, baseFolder: String) {
        for color in report.assets.lazy.flatMap(\.variants).compactMap(\.color) where swatches[color] == nil && Self.isSafeColor(color) {
            let name = "c\(swatches.count)"
            swatches[color] = name
            css += ".\(name){background:\(color)}\n"
        }
        addImages(report: report, linkImages: linkImages, baseFolder: baseFolder)
    }

    /// What `cssColor` writes (`rgb(...)`, `color(display-p3 ...)`: words, numbers, spaces, `/`):
    /// nothing that could end the declaration, the rule or the `<style>` element.
    static func isSafeColor(_ color: String) -> Bool {
        color.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: " "), UInt8(ascii: "."), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "/"),
                UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "%"), UInt8(ascii: ","):
                true
            default: false
            }
        }
    }

    /// The `src` of image `image`: a data URI of its thumbnail, or the relative link; nil when
    /// there is nothing to show.
    func source(of image: Int, in report: ReportV1) -> String? {
        if linkImages { return linkedSources[image] }
        return report.images[image].thumbnail.map { "data:image/png;base64," + Base64.encode($0.png) }
    }

    private mutating func addImages(report: ReportV1, linkImages: Bool, baseFolder: String) {
        self.linkImages = linkImages
        var classOfBytes: [[UInt8]: String] = [:]
        for image in report.images {
            if linkImages {
                // Only files a browser shows as an image; a data set's JSON or a PDF gets the placeholder.
                guard Self.browserShows(image.path) else {
                    classes.append(nil)
                    linkedSources.append(nil)
                    continue
                }
                let source = RelativePath.from(baseFolder, to: image.path).percentEncodedForURL
                let name = "i\(classes.count)"
                css += ".\(name){background-image:url(\"\(source)\")}\n"
                classes.append(name)
                linkedSources.append(source)
                continue
            }
            guard let thumbnail = image.thumbnail else {
                classes.append(nil)
                continue
            }
            if let known = classOfBytes[thumbnail.png] {
                classes.append(known)
            } else {
                let name = "i\(classOfBytes.count)"
                classOfBytes[thumbnail.png] = name
                css += ".\(name){background-image:url(data:image/png;base64,\(Base64.encode(thumbnail.png)))}\n"
                classes.append(name)
            }
        }
    }

    /// Raster formats every browser decodes in an `<img>` (an SVG symbol template does not render
    /// standalone, and PDF, HEIC and data files not at all).
    static func browserShows(_ path: String) -> Bool {
        ["png", "jpg", "jpeg", "gif", "webp"].contains(path.pathExtension.lowercased())
    }
}

enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var output = [UInt8]()
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            output += [alphabet[Int(value >> 18)], alphabet[Int(value >> 12 & 63)], alphabet[Int(value >> 6 & 63)], alphabet[Int(value & 63)]]
            index += 3
        }
        let rest = bytes.count - index
        if rest > 0 {
            let value = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
            output += [alphabet[Int(value >> 18)], alphabet[Int(value >> 12 & 63)]]
            output += rest == 2 ? [alphabet[Int(value >> 6 & 63)], UInt8(ascii: "=")] : [UInt8(ascii: "="), UInt8(ascii: "=")]
        }
        return String(decoding: output, as: UTF8.self)
    }
}

enum RelativePath {
    /// `to` relative to the folder `from`, both made absolute through the file system when they exist.
    static func from(_ folder: String, to path: String) -> String {
        let base = (FileSystem.realPath(folder) ?? folder).split(separator: "/")
        let target = (FileSystem.realPath(path) ?? path).split(separator: "/")
        var common = 0
        while common < base.count, common < target.count, base[common] == target[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...].map(String.init)).joined(separator: "/")
    }
}

extension String {
    /// Percent-encodes what a relative URL cannot carry as it is.
    var percentEncodedForURL: String {
        var result = ""
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "@"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return result
    }
}
