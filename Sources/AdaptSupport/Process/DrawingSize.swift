/// A vector's size in pixels: its size in points (a PDF page's, an SVG's) times the scale, rounded
/// as adapt rounds it. The points come from the file, so they are checked before they become
/// integers: `Int(1e19)` stops the program rather than failing.
package enum DrawingSize {
    /// The longest side a size may state, in pixels: a reply's 32-bit word. Callers refuse sides
    /// past their own limit (`--max-pixels`) with the pixel size; past this one there is no size.
    package static let maxSide = Int(UInt32.max)

    /// The pixel size of `width` × `height` points at `scale`, or why there is none: a side that
    /// is not a positive finite number, or one longer than `maxSide` pixels.
    package static func pixels(width: Double, height: Double, scale: Int) -> Result<(width: Int, height: Int), SVGSource.Refusal> {
        guard width > 0, height > 0, width.isFinite, height.isFinite else {
            return .failure(SVGSource.Refusal(reason: "its size, \(points(width)) x \(points(height)) points, is not a positive number"))
        }
        let scaled = (width: (width * Double(scale)).rounded(), height: (height * Double(scale)).rounded())
        // Compared as doubles, before any conversion: every whole number up to 2^32 is exact.
        guard scaled.width <= Double(maxSide), scaled.height <= Double(maxSide) else {
            return .failure(
                SVGSource.Refusal(reason: "its size, \(points(width)) x \(points(height)) points, is far larger than any image adapt draws at \(scale)x"))
        }
        return .success((max(1, Int(scaled.width)), max(1, Int(scaled.height))))
    }

    /// A number of points as a person writes it: `10`, not `10.0`; `1e+19` as Swift prints it.
    static func points(_ value: Double) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
