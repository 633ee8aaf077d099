import AssetCatalog
import CompiledCatalog

/// A sliced image (an entry's `resizing`) as actool compiles it: cropped to its caps and a centre
/// of the size the entry states, with the slices of the cropped image and the layout that says how
/// the centre fills (tiled or stretched). Read from acextract's `s_horizontal`, `s_vertical` and
/// `s_horizontal_vertical`, which Xcode 7.3 compiled: a 50 × 50 image with 10-pixel caps and a
/// 4-pixel tiled centre is stored 24 × 50, sliced (0, 0, 10, 50), (10, 0, 4, 50), (14, 0, 10, 50),
/// layout `ThreePartHTile`. Slices count y from the bottom, as CoreUI does.
struct Slicing: Sendable, Equatable {
    enum Mode: Sendable { case horizontal, vertical, nine }

    var mode: Mode
    var stretches: Bool
    /// Caps in pixels (the entry's `cap-insets`); 0 where the mode has none.
    var left = 0, right = 0, top = 0, bottom = 0
    /// The centre kept, in pixels (the entry's `center` width and height); nil: all of it.
    var centerWidth: Int?, centerHeight: Int?

    /// The entry's `resizing`, or nil when it names no mode this type knows.
    init?(_ resizing: JSONValue) {
        guard let object = resizing.object, let modeName = object["mode"]?.string else { return nil }
        switch modeName {
        case "3-part-horizontal": mode = .horizontal
        case "3-part-vertical": mode = .vertical
        case "9-part": mode = .nine
        default: return nil
        }
        let center = object["center"]?.object
        stretches = center?["mode"]?.string == "stretch"
        let caps = object["cap-insets"]?.object
        func inset(_ name: String) -> Int { Self.bounded(caps?[name]?.int ?? 0) }
        if mode != .vertical { (left, right, centerWidth) = (inset("left"), inset("right"), center?["width"]?.int.map(Self.bounded)) }
        if mode != .horizontal { (top, bottom, centerHeight) = (inset("top"), inset("bottom"), center?["height"]?.int.map(Self.bounded)) }
    }

    /// A cap or centre as a length the arithmetic below cannot overflow: negative is 0, and
    /// anything past `largestLength` (more pixels than any image adapt decodes has on a side)
    /// fits no image either, so it crops nothing and the entry compiles as one part, as before.
    static func bounded(_ length: Int) -> Int { min(max(0, length), largestLength) }

    /// 2^30: a side longer than `--max-pixels` ever allows, small enough that caps and centre
    /// summed and times a scale stay far inside `Int`.
    static let largestLength = 1 << 30

    /// The same slicing with its caps and centre times `factor`: a vector's are in points, and
    /// each rasterisation's in its own pixels.
    func scaled(by factor: Int) -> Slicing {
        var scaled = self
        (scaled.left, scaled.right, scaled.top, scaled.bottom) = (left * factor, right * factor, top * factor, bottom * factor)
        scaled.centerWidth = centerWidth.map { $0 * factor }
        scaled.centerHeight = centerHeight.map { $0 * factor }
        return scaled
    }

    /// CoreUI's layout: three parts across (20 tiled, 21 stretched), down (23, 24), or nine (30, 31).
    var layout: RenditionLayout {
        switch mode {
        case .horizontal: RenditionLayout(rawValue: stretches ? 21 : 20)
        case .vertical: RenditionLayout(rawValue: stretches ? 24 : 23)
        case .nine: RenditionLayout(rawValue: stretches ? 31 : 30)
        }
    }

    /// The spans one axis keeps of `length` pixels: the first cap, the centre (its stated size,
    /// taken right after the cap), the last cap; nil when they do not fit.
    private static func spans(_ first: Int, _ center: Int?, _ last: Int, of length: Int) -> [Range<Int>]? {
        let middle = center.map { max(0, $0) } ?? (length - first - last)
        guard first + middle + last <= length, middle >= 0 else { return nil }
        return [0..<first, first..<(first + middle), (length - last)..<length]
    }

    /// The crop of a `width` × `height` image: the source rows and columns kept, in order, and the
    /// slice rectangles of the result (x, y from the bottom, width, height). Nil when the caps and
    /// centre do not fit the image (the entry is then compiled as one part).
    func crop(width: Int, height: Int) -> (columns: [Range<Int>], rows: [Range<Int>], slices: [[UInt32]])? {
        let columns = mode == .vertical ? [0..<width] : Self.spans(left, centerWidth, right, of: width)
        let rows = mode == .horizontal ? [0..<height] : Self.spans(top, centerHeight, bottom, of: height)
        guard let columns, let rows else { return nil }
        let croppedHeight = rows.reduce(0) { $0 + $1.count }
        var slices: [[UInt32]] = []
        var rowTop = 0
        for row in rows {
            var x = 0
            for column in columns {
                slices.append([UInt32(x), UInt32(croppedHeight - rowTop - row.count), UInt32(column.count), UInt32(row.count)])
                x += column.count
            }
            rowTop += row.count
        }
        return (columns, rows, slices)
    }

    /// Whether the image is for the Mac, whose seams Xcode 7.3 wrote otherwise (`Seam`).
    var forMac = false

    /// What Xcode 7.3 wrote at a seam between two kept spans of a sliced image: one pixel of one
    /// side repeats the pixel across the seam. Read from every sliced image of acextract, on each
    /// of its six files (`CompileAgreementTests` compares them pixel by pixel):
    ///
    /// - iOS, tvOS, watchOS, across: at both seams the pixel before takes the one after. The 1x
    ///   `s_horizontal` keeps a rounded corner's top edge as 197, 255 | 255, 255, 255, 248 | 248, 197
    ///   where the source's cap, centre and cap read 197, 247 | 255, 255, 255, 255 | 248, 197.
    /// - iOS, tvOS, watchOS, down: only at the first seam (`s_vertical`, and the rows of the
    ///   nine-part `s_horizontal_vertical`).
    /// - The Mac, both ways: each cap's pixel beside the centre takes the centre's (the same corner:
    ///   197, 255 | 255, 255, 255, 255 | 255, 197).
    ///
    /// It reads as a half-pixel offset in Apple's drawing of each part rather than a choice; adapt
    /// repeats it so that its pixels are Apple's. A seam moves one row or column of a cap's edge.
    enum Seam: Sendable {
        case none, beforeTakesAfter, afterTakesBefore
    }

    /// The source columns the cropped image copies, in order, with the platform's seams.
    func sourceColumns(_ columns: [Range<Int>]) -> [Int] {
        Self.sources(columns, seams: forMac ? [.beforeTakesAfter, .afterTakesBefore] : [.beforeTakesAfter, .beforeTakesAfter])
    }

    /// The source rows the cropped image copies, in order, with the platform's seams.
    func sourceRows(_ rows: [Range<Int>]) -> [Int] {
        Self.sources(rows, seams: forMac ? [.beforeTakesAfter, .afterTakesBefore] : [.beforeTakesAfter, .none])
    }

    /// The kept columns (or rows) of `spans` in order, each seam between two non-empty spans
    /// treated as `seams` says (the first seam, then the second).
    static func sources(_ spans: [Range<Int>], seams: [Seam]) -> [Int] {
        var sources = spans.flatMap { Array($0) }
        var end = 0
        for (index, span) in spans.enumerated().dropLast() {
            end += span.count
            guard index < seams.count, !span.isEmpty, !spans[index + 1].isEmpty else { continue }
            switch seams[index] {
            case .none: break
            case .beforeTakesAfter: sources[end - 1] = sources[end]
            case .afterTakesBefore: sources[end] = sources[end - 1]
            }
        }
        return sources
    }
}
