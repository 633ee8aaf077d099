extension ColorDefinition {
    /// The colour spaces Xcode's colour inspector writes: sRGB, Display P3, their extended-range
    /// forms, and the two grey spaces (which use a `white` component instead of red, green, blue).
    package static let knownColorSpaces: Set<String> = [
        "srgb", "display-p3", "extended-srgb", "extended-linear-srgb", "gray-gamma-22", "extended-gray",
    ]

    /// The component names a colour may have.
    package static let knownComponents: Set<String> = ["red", "green", "blue", "alpha", "white"]

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

    /// The colour spaces whose components may lie outside 0...1 (still finite).
    package static let extendedColorSpaces: Set<String> = ["extended-srgb", "extended-linear-srgb", "extended-gray"]

    /// Parses one component as written (see `componentValue`). Only the three forms Xcode writes:
    /// `Double(_:)` alone would also take `nan`, `inf`, `1e999` (infinite) and `0x1p-2`, none of
    /// them a colour. Whether a value is in range for its colour space is `isInRange`'s question.
    package static func fraction(of text: String) -> Double? {
        let bytes = text.utf8
        if bytes.count > 2, bytes.first == UInt8(ascii: "0"), bytes.dropFirst().first.map({ $0 | 0x20 == UInt8(ascii: "x") }) == true {
            // One or two hex digits: `Int(_:radix:)` would take a sign (`0x+FF`) too.
            let digits = text.dropFirst(2)
            guard digits.count <= 2, digits.allSatisfy(\.isHexDigit), let byte = Int(digits, radix: 16) else { return nil }
            return Double(byte) / 255
        }
        // Xcode's 8-bit mode writes bare integers; its floating-point mode always writes a point.
        if !text.isEmpty, bytes.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            guard let byte = Int(text), (0...255).contains(byte) else { return nil }
            return Double(byte) / 255
        }
        guard isJSONNumber(bytes), let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Whether a component's value is one Xcode writes for `colorSpace`: 0...1, or any finite value
    /// for a colour channel of an extended space. Alpha is a coverage, 0...1 in every space. An
    /// unknown colour space (already reported) is given the benefit of the doubt.
    package static func isInRange(_ value: Double, component: String, colorSpace: String?) -> Bool {
        if (0...1).contains(value) { return true }
        let space = colorSpace ?? "srgb"
        guard component != "alpha" else { return false }
        return extendedColorSpaces.contains(space) || !knownColorSpaces.contains(space)
    }

    /// `-0.5`, `1.000`, `5e-1`: JSON's number syntax, which is what Xcode and other generators write.
    private static func isJSONNumber(_ bytes: String.UTF8View) -> Bool {
        var rest = bytes[...]
        func digits() -> Bool {
            let count = rest.prefix(while: { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }).count
            rest = rest.dropFirst(count)
            return count > 0
        }
        if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
        guard digits() else { return false }
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            guard digits() else { return false }
        }
        if let e = rest.first, e | 0x20 == UInt8(ascii: "e") {
            rest = rest.dropFirst()
            if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
            guard digits() else { return false }
        }
        return rest.isEmpty
    }
}
