import AdaptSupport

/// Rasterises a vector image set's entries, as actool does, in a separate program so that the
/// `adapt` binary links nothing of the renderers: poppler (GPL) for PDF, librsvg (LGPL) for SVG.
///
/// First choice, `adapt-render` (this package's worker, beside `adapt`): started once per
/// compile and thread and kept running (`RenderWorkers`), it opens poppler's GLib binding and
/// librsvg at run time and draws with the calls `pdftocairo` and `rsvg-convert` make, so the
/// pixels are theirs, without a program's start per image (which costs far more than drawing a
/// 24-point icon). Else, or when its libraries are missing, those two programs, run per image as
/// subprocesses (`pdfinfo` beside `pdftocairo` gives the page size), writing into a private
/// temporary folder removed afterwards. Either way the image is drawn at its size in points (a
/// PDF's page, an SVG's `width` and `height` or else its `viewBox`) times the scale, on a
/// transparent background; the pixel count is checked against `--max-pixels` before anything is
/// drawn, and a renderer still busy with one image after `timeLimit` seconds is killed.
package enum VectorRasterizer {
    /// Seconds a renderer may run on one image before it is killed (a hostile PDF can loop).
    static let timeLimit = 30

    /// The programs run, by name on `PATH` (tests name absent ones to see the error).
    package struct Programs: Sendable {
        /// The worker: `adapt-render` beside the running program, else on `PATH`.
        package var renderWorker = RenderWorkers.besideThisProgram
        package var pdfinfo = "pdfinfo"
        package var pdftocairo = "pdftocairo"
        package var rsvgConvert = "rsvg-convert"
        /// The sets whose drawing stopped hard in this compile.
        package var stops = Stops()
        package init() {}
    }

    /// A drawn image: a PNG file's bytes (from a program), or the pixels (from the worker),
    /// premultiplied B G R A, `width * 4` bytes a row.
    enum Image {
        case png([UInt8])
        case pixels([UInt8], width: Int, height: Int)
    }

    /// The worker's answer to `request`: the image, a failure, or nil when it cannot draw this
    /// kind here (no worker, or its library missing), so the per-image program is tried.
    /// Its failure is `hard` when the worker ran out of time or memory: the set stops (`Stops`).
    private static func fromWorker(_ request: RenderRequest, programs: Programs, hard: inout Bool) -> Result<Image, Failure>? {
        guard let reply = RenderWorkers.pool(for: programs.renderWorker).render(request, seconds: timeLimit) else { return nil }
        switch reply.status {
        case .drawn: return .success(.pixels(reply.pixels, width: Int(reply.width), height: Int(reply.height)))
        case .tooLarge: return .failure(.tooLarge(width: Int(reply.width), height: Int(reply.height)))
        case .failed: return .failure(.renderFailed(reply.message))
        case .outOfMemory, .stopped:
            hard = true
            return .failure(.renderFailed(reply.message))
        case .unavailable: return nil
        }
    }

    enum Failure: Error {
        /// The renderer is not installed: `program` of Debian's `package`.
        case rendererMissing(program: String, package: String)
        /// The page is larger than `--max-pixels` at this scale.
        case tooLarge(width: Int, height: Int)
        /// The renderer failed, was killed by the time limit, or wrote no usable image.
        case renderFailed(String)
        /// Not drawn: an earlier drawing of the same set stopped hard (`Stops`); the compile
        /// reports that one, and none of these.
        case setStopped
    }

    /// The first page of the PDF at `path`, drawn at its size in points times `scale`.
    static func renderPDF(_ path: String, scale: Int, maxPixels: UInt64, programs: Programs) -> Result<Image, Failure> {
        programs.stops.draw(path) { hard in drawPDF(path, scale: scale, maxPixels: maxPixels, programs: programs, hard: &hard) }
    }

    private static func drawPDF(_ path: String, scale: Int, maxPixels: UInt64, programs: Programs, hard: inout Bool) -> Result<Image, Failure> {
        let request = RenderRequest(kind: .pdf, path: path, scale: UInt32(clamping: scale), maxPixels: maxPixels)
        if let drawn = fromWorker(request, programs: programs, hard: &hard) { return drawn }
        // A relative path beginning with '-' would read as an option.
        let argument = path.hasPrefix("/") ? path : "./" + path
        let info = Subprocess.run(programs.pdfinfo, [argument], seconds: timeLimit)
        if let failure = failure(of: info, program: programs.pdfinfo, hard: &hard) { return .failure(failure) }
        guard let points = pageSize(pdfinfo: info.output) else { return .failure(.renderFailed("pdfinfo gives no page size for its first page")) }
        let width: Int
        let height: Int
        switch DrawingSize.pixels(width: points.width, height: points.height, scale: scale) {
        case .success(let size): (width, height) = size
        case .failure(let refusal): return .failure(.renderFailed(refusal.reason))
        }
        guard width <= 1 << 20, height <= 1 << 20, UInt64(width) * UInt64(height) <= maxPixels else {
            return .failure(.tooLarge(width: width, height: height))
        }
        let folder: String
        do { folder = try Subprocess.temporaryFolder() } catch { return .failure(.renderFailed(error.reason)) }
        defer { try? FileOperations.removeTree(folder) }
        let render = Subprocess.run(
            programs.pdftocairo,
            ["-png", "-singlefile", "-transp", "-f", "1", "-l", "1", "-scale-to-x", String(width), "-scale-to-y", String(height), argument, folder + "/page"],
            seconds: timeLimit)
        if let failure = failure(of: render, program: programs.pdftocairo, hard: &hard) { return .failure(failure) }
        // An RGBA PNG of that size is at most its raw pixels plus zlib's and PNG's framing.
        let limit = width * height * 4 + height * 16 + (1 << 16)
        guard let png = try? FileSystem.readRegularFile(folder + "/page.png", limit: limit) else {
            return .failure(.renderFailed("pdftocairo wrote no PNG of \(width) x \(height) pixels"))
        }
        return .success(.png(png))
    }

    /// The SVG at `path`, drawn at its size in points times `scale`.
    static func renderSVG(_ path: String, scale: Int, maxPixels: UInt64, programs: Programs) -> Result<Image, Failure> {
        programs.stops.draw(path) { hard in drawSVG(path, scale: scale, maxPixels: maxPixels, programs: programs, hard: &hard) }
    }

    private static func drawSVG(_ path: String, scale: Int, maxPixels: UInt64, programs: Programs, hard: inout Bool) -> Result<Image, Failure> {
        let source: [UInt8]
        do { source = try FileSystem.readPrefix(path, count: 1 << 16) } catch { return .failure(.renderFailed(error.reason)) }
        let width: Int
        let height: Int
        switch svgSizeOrRefusal(source).flatMap({ DrawingSize.pixels(width: $0.width, height: $0.height, scale: scale) }) {
        case .success(let size): (width, height) = size
        case .failure(let refusal): return .failure(.renderFailed(refusal.reason))
        }
        guard width <= 1 << 20, height <= 1 << 20, UInt64(width) * UInt64(height) <= maxPixels else {
            return .failure(.tooLarge(width: width, height: height))
        }
        let request = RenderRequest(kind: .svg, path: path, scale: UInt32(clamping: scale), width: UInt32(width), height: UInt32(height), maxPixels: maxPixels)
        if let drawn = fromWorker(request, programs: programs, hard: &hard) { return drawn }
        let folder: String
        do { folder = try Subprocess.temporaryFolder() } catch { return .failure(.renderFailed(error.reason)) }
        defer { try? FileOperations.removeTree(folder) }
        // A copy in the private folder is drawn, not the file: rsvg-convert reads the files an
        // SVG names relative to it, and beside the copy there is nothing to read.
        let argument = folder + "/drawing.svg"
        do { try FileOperations.writeFile(argument, FileSystem.readRegularFile(path, limit: 256 << 20), exclusive: true) } catch {
            return .failure(.renderFailed((error as? FileSystem.Failure)?.reason ?? "\(error)"))
        }
        let render = Subprocess.run(
            programs.rsvgConvert, ["--format", "png", "--width", String(width), "--height", String(height), "--output", folder + "/image.png", argument],
            seconds: timeLimit)
        if let failure = failure(of: render, program: programs.rsvgConvert, package: "librsvg2-bin", hard: &hard) { return .failure(failure) }
        let limit = width * height * 4 + height * 16 + (1 << 16)
        guard let png = try? FileSystem.readRegularFile(folder + "/image.png", limit: limit) else {
            return .failure(.renderFailed("rsvg-convert wrote no PNG of \(width) x \(height) pixels"))
        }
        return .success(.png(png))
    }

    /// The size in points of an SVG's root element: its `width` and `height` when both are
    /// numbers in px (or without a unit), else its `viewBox`'s width and height.
    package static func svgSize(_ bytes: [UInt8]) -> (width: Double, height: Double)? {
        try? svgSizeOrRefusal(bytes).get()
    }

    /// Whether the SVG at `path` has a root `<svg>` element with no `viewBox` and not both a
    /// `width` and a `height`. A file that cannot be read, whose root is refused, or whose stated
    /// size is unusable (`50%`, `-5`) is not one: drawing it reports why.
    static func statesNoSize(_ path: String) -> Bool {
        guard let source = try? FileSystem.readPrefix(path, count: 1 << 16), case .success(let root) = SVGSource.root(source) else { return false }
        return root["viewBox"] == nil && (root["width"] == nil || root["height"] == nil)
    }

    /// `svgSize`, or why there is none (no root `<svg>`, entities refused, no size stated). The
    /// root is the first element after the prolog (`SVGSource.root`), never a commented-out one.
    static func svgSizeOrRefusal(_ bytes: [UInt8]) -> Result<(width: Double, height: Double), SVGSource.Refusal> {
        let attributes: [String: String]
        switch SVGSource.root(bytes) {
        case .success(let root): attributes = root
        case .failure(let refusal): return .failure(refusal)
        }
        func pixels(_ value: String?) -> Double? {
            guard var value = value?.split(separator: " ").first.map(String.init) else { return nil }
            if value.hasSuffix("px") { value.removeLast(2) }
            guard let number = Double(value), number > 0, number.isFinite else { return nil }
            return number
        }
        if let width = pixels(attributes["width"]), let height = pixels(attributes["height"]) { return .success((width, height)) }
        let box = (attributes["viewBox"] ?? "").split { $0 == " " || $0 == "," }.compactMap { Double($0) }
        guard box.count == 4, box[2] > 0, box[3] > 0, box[2].isFinite, box[3].isFinite else {
            return .failure(SVGSource.Refusal(reason: "its <svg> element states no size: a width and height in px, or a viewBox"))
        }
        return .success((box[2], box[3]))
    }

    private static func failure(of result: Subprocess.Result, program: String, package: String = "poppler-utils", hard: inout Bool) -> Failure? {
        if result.outcome == .timedOut { hard = true }
        if case .signalled = result.outcome { hard = true }
        switch result.outcome {
        case .exited(0): return nil
        case .notFound: return .rendererMissing(program: program, package: package)
        case .timedOut: return .renderFailed("\(program) ran longer than \(timeLimit) seconds and was stopped")
        case .exited(let status):
            let said = String(decoding: result.errors.prefix(300), as: UTF8.self).split(separator: "\n").first.map { ": \($0)" } ?? ""
            return .renderFailed("\(program) failed (exit status \(status))\(said)")
        case .signalled(let signal): return .renderFailed("\(program) was killed by signal \(signal)")
        case .notStarted(let code): return .renderFailed("\(program) could not be started: \(String(cString: strerror(code)))")
        }
    }

    /// The page size in points from `pdfinfo`'s `Page size: W x H pts` line, turned a quarter
    /// when `Page rot:` says 90 or 270 (pdftocairo draws the page turned).
    static func pageSize(pdfinfo output: [UInt8]) -> (width: Double, height: Double)? {
        var size: (width: Double, height: Double)?
        var quarterTurned = false
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            if line.hasPrefix("Page size:") {
                let words = line.dropFirst("Page size:".count).split(separator: " ")
                guard words.count >= 3, words[1] == "x", let width = Double(words[0]), let height = Double(words[2]), width > 0, height > 0,
                    width.isFinite, height.isFinite
                else { return nil }
                size = (width, height)
            } else if line.hasPrefix("Page rot:"), let degrees = Int(line.dropFirst("Page rot:".count).trimmingSpaces) {
                quarterTurned = ((degrees % 360) + 360) % 180 == 90
            }
        }
        guard let size else { return nil }
        return quarterTurned ? (size.height, size.width) : size
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}
