import AssetCatalog

/// Why a `.car` file could not be read: which structure, at which byte offset, and what is wrong.
///
/// The reader checks every offset, count and length before it uses one, and stops at the first
/// that does not hold: a compiled catalog is one interlinked structure, so unlike a folder
/// catalog there is no "rest" worth reading past a broken block table or tree.
///
/// ```swift
/// do { _ = try CompiledCatalog(path: "Assets.car") } catch let error as CompiledCatalogError {
///     print(error)  // Assets.car: error: RENDITIONS tree node 12 at offset 0x3F20 points past
///                   // the end of the file (block 40 of 38) [car.malformed]
/// }
/// ```
public struct CompiledCatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure, each with its rule id.
    public enum Kind: Hashable, Sendable {
        /// Not a BOM file, or a BOM file without a `CARHEADER` (`car.not-a-catalog`).
        case notACatalog
        /// A structure that contradicts itself or the file's size (`car.malformed`).
        case malformed
        /// The file could not be read at all (`car.unreadable`).
        case unreadable

        /// The rule a diagnostic of this failure carries.
        public var rule: RuleID {
            switch self {
            case .notACatalog: .carNotACatalog
            case .malformed: .carMalformed
            case .unreadable: .carUnreadable
            }
        }
    }

    /// What kind of failure.
    public var kind: Kind
    /// The file, as the caller named it.
    public var path: String
    /// The structure at fault, such as `RENDITIONS tree node 12` or `the block table`.
    public var structure: String
    /// The byte offset of that structure in the file, when known.
    public var offset: Int?
    /// What is wrong, such as `points past the end of the file (block 40 of 38)`.
    public var problem: String

    package init(_ kind: Kind, path: String = "", _ structure: String, at offset: Int? = nil, _ problem: String) {
        self.kind = kind
        self.path = path
        self.structure = structure
        self.offset = offset
        self.problem = problem
    }

    /// `STRUCTURE at offset 0xOFFSET PROBLEM`.
    public var message: String {
        let place = offset.map { " at offset 0x" + String($0, radix: 16, uppercase: true) } ?? ""
        return "\(structure)\(place) \(problem)"
    }

    /// The error as a located diagnostic, so commands print and count it like any other.
    public var diagnostic: Diagnostic {
        Diagnostic(kind.rule, message, subject: Diagnostic.Subject(), at: path.isEmpty ? nil : SourceLocation(file: path))
    }

    /// `path: error: message [rule]`: a binary file has no lines, so no line and column.
    public var description: String {
        let prefix = path.isEmpty ? "" : path.escapingControlCharacters + ": "
        return "\(prefix)error: \(message.escapingControlCharacters) [\(kind.rule.id)]"
    }

    /// The same error about the file at `path` (readers below the file level do not know it).
    package func locating(_ path: String) -> CompiledCatalogError {
        var copy = self
        copy.path = path
        return copy
    }
}
