/// A problem found in a catalog or an input file, located as precisely as the input allows.
///
/// Diagnostics are values: readers and checks collect them instead of throwing, so one bad set
/// never hides the rest of a catalog. Each is made from the `RuleID` it breaks, so its severity
/// starts as the one the rule's card states, and carries what it is about (`subject`) as data.
/// Every command prints them the way Xcode and SwiftPM show build issues:
///
/// ```swift
/// let diagnostic = Diagnostic(.jsonMalformed, "malformed JSON: expected ','",
///                             at: SourceLocation(file: "A.imageset/Contents.json", line: 3, column: 7))
/// print(diagnostic)  // A.imageset/Contents.json:3:7: error: malformed JSON: expected ',' [json.malformed]
/// ```
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable, Comparable {
        case note, warning, error

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// The rule the finding breaks.
    public let rule: RuleID
    /// The rule's default severity, unless a configuration set another (`setSeverity`) or
    /// `--strict` promoted a warning (`promoteForStrict`).
    public private(set) var severity: Severity
    /// Whether `--strict` made this warning an error; the text output says so after the message.
    public private(set) var promotedByStrict = false
    public var message: String
    /// What the finding is about: catalog, asset, entry, slot, device.
    public var subject: Subject
    public var location: SourceLocation?

    /// A stable identifier for the rule that produced this diagnostic, such as `json.malformed`.
    public var code: String { rule.id }

    public init(_ rule: RuleID, _ message: String, subject: Subject = Subject(), at location: SourceLocation? = nil) {
        self.rule = rule
        self.severity = rule.defaultSeverity
        self.message = message
        self.subject = subject
        self.location = location
    }

    /// A configuration's severity for the rule (`severity:` in `.adapt.yml`).
    package mutating func setSeverity(_ severity: Severity) {
        self.severity = severity
    }

    /// `--strict`: a warning becomes an error, marked as promoted. Other severities stay.
    package mutating func promoteForStrict() {
        guard severity == .warning else { return }
        severity = .error
        promotedByStrict = true
    }

    /// `path:line:column: severity: message [code]`, the format Xcode and SwiftPM turn into issues.
    /// Control characters in the path and message are escaped (`\n`, `\u{1B}`), so that a
    /// hostile file name can neither start a forged diagnostic line nor drive the terminal.
    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        let strict = promotedByStrict ? " (--strict)" : ""
        return "\(prefix)\(severity.rawValue): \(message.escapingControlCharacters)\(strict) [\(code.escapingControlCharacters)]"
    }
}

/// A place in a file. Line and column are 1-based; either may be unknown.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?

    public init(file: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// Locates a byte offset inside `text`, counting lines and UTF-8 columns as compilers do.
    public init(file: String, offset: Int, in text: [UInt8]) {
        self.init(file: file, offset: min(offset, text.count), lines: LineTable(text))
    }

    /// Locates a byte offset using a table of line-start offsets (see `LineTable`), in O(log lines).
    package init(file: String, offset: Int, lines: LineTable) {
        let (line, column) = lines.position(of: offset)
        self.init(file: file, line: line, column: column)
    }

    public var description: String {
        // Tools that read this format need a line and column; 1:1 stands for "the whole file".
        "\(file.escapingControlCharacters):\(line ?? 1):\(column ?? 1)"
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }
    public var errorCount: Int { count(where: { $0.severity == .error }) }
    public var warningCount: Int { count(where: { $0.severity == .warning }) }
}

/// Where each line of a text starts, so that many offsets can be turned into line:column cheaply.
package struct LineTable: Hashable, Sendable {
    private let starts: [Int]

    package init(_ text: [UInt8]) {
        var starts = [0]
        text.withUnsafeBufferPointer { buffer in
            for index in buffer.indices where buffer[index] == UInt8(ascii: "\n") {
                starts.append(index + 1)
            }
        }
        self.starts = starts
    }

    /// 1-based line and column of `offset`.
    package func position(of offset: Int) -> (line: Int, column: Int) {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }
}
