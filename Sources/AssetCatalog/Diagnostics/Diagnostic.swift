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
    /// How much a finding matters, ordered `note` < `warning` < `error`: an error fails a build.
    public enum Severity: String, Hashable, Sendable, Comparable {
        /// Worth knowing; never fails a build.
        case note
        /// Probably a mistake; fails a build only under `--strict`.
        case warning
        /// The catalog is wrong or cannot be read as meant; fails a build.
        case error

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
    /// The sentence a person reads: what is wrong and, where it helps, what to do.
    public var message: String
    /// What the finding is about: catalog, asset, entry, slot, device.
    public var subject: Subject
    /// Where the finding is: a file, and the line and column when the input has them.
    public var location: SourceLocation?

    /// A stable identifier for the rule that produced this diagnostic, such as `json.malformed`.
    public var code: String { rule.id }

    /// A finding of `rule`, at the rule's default severity.
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
    /// The file's path, as the reader was given it (relative paths stay relative).
    public var file: String
    /// The 1-based line, when the input has lines (JSON) and the position is known.
    public var line: Int?
    /// The 1-based column, counted in bytes, when known.
    public var column: Int?

    /// A location; leave out `line` and `column` for a finding about the whole file.
    public init(file: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// Locates a byte offset inside `text`, counting lines and UTF-8 columns as compilers do.
    package init(file: String, offset: Int, in text: [UInt8]) {
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
    /// Whether any finding is an error: what decides a failing exit status.
    public var hasErrors: Bool { contains { $0.severity == .error } }
    /// How many findings are errors.
    public var errorCount: Int { count(where: { $0.severity == .error }) }
    /// How many findings are warnings.
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
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }
}
