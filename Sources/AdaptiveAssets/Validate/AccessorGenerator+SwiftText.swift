/// How text from a catalog reaches the generated Swift: only through `literal(_:)`, whose output
/// Swift's lexer cannot leave. Names come from folder names in an untrusted pull request, and the
/// generated file is compiled into the app: a raw line break in a name would end a comment or a
/// string and let the rest of the name be code (a module-level `print` that every `print` in the
/// app then calls), and a bidirectional override would make the file read differently from what
/// compiles ("Trojan Source").
extension AccessorGenerator {
    /// `text` as a single-line Swift string literal holding exactly the same scalars. Printable
    /// ASCII stays as it is, except `"`, `\` and the backtick; every other scalar (controls, line
    /// and paragraph separators, bidirectional and invisible formatting, anything not ASCII) is
    /// written `\u{XXXX}`, so the line is plain ASCII whatever the name, and a name like
    /// `"""`, `\(`, `*/` or `#if` is just characters in a string.
    ///
    /// ```swift
    /// AccessorGenerator.literal("a\"b\n\u{202E}")   // "\"a\\u{22}b\\u{A}\\u{202E}\""
    /// ```
    package static func literal(_ text: String) -> String {
        "\"" + literalBody(text) + "\""
    }

    /// The inside of `literal(_:)`: also what a doc comment shows of a name, so that a comment
    /// never carries a raw name either (no backtick can close its code span, no line break can
    /// end it).
    package static func literalBody(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if isPlainLiteralScalar(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// Printable ASCII that means nothing special inside a string literal or a code span.
    package static func isPlainLiteralScalar(_ scalar: Unicode.Scalar) -> Bool {
        (0x20..<0x7F).contains(scalar.value) && scalar != "\"" && scalar != "\\" && scalar != "`"
    }

    /// Why `name` cannot be the accessors' root type (`--accessors-type`), or nil when it can.
    /// The root type is declared at module level in the user's app, so it must be a plain ASCII
    /// identifier that needs no backticks, and must not take a name the generated file itself uses
    /// (`AssetName`, and the standard library names its struct refers to): an enum named
    /// `String` there would shadow Swift's for the whole module.
    package static func rootTypeNameProblem(_ name: String) -> String? {
        guard let first = name.unicodeScalars.first else { return "it is empty" }
        let isIdentifier = name.unicodeScalars.allSatisfy { $0.isASCII && (isASCIILetter($0) || isASCIIDigit($0) || $0 == "_") }
        guard isIdentifier, !isASCIIDigit(first) else {
            return "it is not a Swift identifier (ASCII letters, digits and _, not starting with a digit)"
        }
        guard name != "_", !keywords.contains(name), !unusableTypeNames.contains(name) else { return "it is a Swift keyword" }
        guard !generatedFileNames.contains(name) else { return "the generated file uses that name itself" }
        return nil
    }

    /// Names the generated file refers to at module level.
    static let generatedFileNames: Set<String> = ["AssetName", "Swift", "String", "Hashable", "Sendable", "CustomStringConvertible"]

    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
    static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}
