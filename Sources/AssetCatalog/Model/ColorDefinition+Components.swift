extension ColorDefinition {
    /// The colour spaces Xcode's colour inspector writes: sRGB, Display P3, their extended-range
    /// forms, and the two grey spaces (which use a `white` component instead of red, green, blue).
    public static let knownColorSpaces: Set<String> = [
        "srgb", "display-p3", "extended-srgb", "extended-linear-srgb", "gray-gamma-22", "extended-gray",
    ]

    /// The component names a colour may have.
    public static let knownComponents: Set<String> = ["red", "green", "blue", "alpha", "white"]

    /// A component as a fraction (1.0 is full intensity), however Xcode wrote it: `"0.502"` or
    /// `0.502` (floating point, outside 0...1 in extended spaces), `"128"` (8-bit integer, 0-255)
    /// or `"0x80"` (hexadecimal, 0-255). Nil when the component is absent or none of these.
    ///
    /// ```swift
    /// ColorDefinition(components: ["red": "0x80"]).componentValue("red")   // 0.50196...
    /// ColorDefinition(components: ["red": "1"]).componentValue("red")      // 1/255: no point means 0-255
    /// ```
    public func componentValue(_ name: String) -> Double? {
        components[name].flatMap(Self.fraction(of:))
    }

    /// Parses one component as written (see `componentValue`).
    public static func fraction(of text: String) -> Double? {
        let lowercased = text.lowercased()
        if lowercased.hasPrefix("0x") {
            guard let byte = Int(lowercased.dropFirst(2), radix: 16), (0...255).contains(byte) else { return nil }
            return Double(byte) / 255
        }
        // Xcode's 8-bit mode writes bare integers; its floating-point mode always writes a point.
        if !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            guard let byte = Int(text), (0...255).contains(byte) else { return nil }
            return Double(byte) / 255
        }
        return Double(text)
    }
}
