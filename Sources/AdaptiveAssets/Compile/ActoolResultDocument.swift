import AdaptSupport
import AssetCatalog

/// What actool prints on standard output after a run, as data: the files it wrote
/// (`com.apple.actool.compilation-results`), messages about the run itself
/// (`com.apple.actool.errors`, `.warnings`, `.notices`) and messages about a catalog's content
/// (`com.apple.actool.document.errors`, `.warnings`, `.notices`), rendered in the three
/// `--output-format`s.
///
/// ```swift
/// var document = ActoolResultDocument(outputFiles: ["/out/Assets.car"])
/// document.documentMessages.append(.init(severity: .warning, catalog: "/src/Assets.xcassets",
///     affectedItems: ["./AppIcon.appiconset"], type: "Missing Content", message: "..."))
/// let bytes = document.rendered(as: arguments.outputFormat, sections: arguments.sections)
/// ```
///
/// The shapes follow actool's own output. In xml1, `compilation-results` holds `output-files`, the
/// paths sorted (as actool lists them); run messages are dictionaries of `description` and
/// `failure-reason` (what Apple's build system decodes, swiftlang/swift-build
/// `AssetCatalogCompiler.swift`); content messages carry `catalog`, `affected-items`, `type` and
/// `message` (Chromium's `compile_car.py` filters them on `type` and `message`; the other two keys
/// are xcbuild's `Result.cpp`). In human-readable-text each section is `/* key */` and one line
/// per entry (`catalog:item: warning: message`; `path: error: description` and an indented
/// `Failure Reason:` line), sections in the order actool prints them, and the document ends with
/// an empty line, as Xcode build logs show.
package struct ActoolResultDocument: Equatable, Sendable {
    package enum Severity: String, CaseIterable, Sendable {
        case error, warning, notice
    }

    /// Which message sections are printed: errors always (Xcode passes only `--warnings` and
    /// `--notices`, and actool's errors still appear in its logs); warnings and notices when asked.
    package struct Sections: Equatable, Sendable {
        package var warnings = false
        package var notices = false

        package init(warnings: Bool = false, notices: Bool = false) {
            self.warnings = warnings
            self.notices = notices
        }

        package func includes(_ severity: Severity) -> Bool {
            switch severity {
            case .error: true
            case .warning: warnings
            case .notice: notices
            }
        }
    }

    /// A message about the run rather than a catalog's content: an input that does not exist, an
    /// output folder that cannot be written.
    package struct RunMessage: Equatable, Sendable {
        package var severity: Severity
        package var description: String
        package var failureReason: String?
        /// The file it is about, printed before the message in the text form only.
        package var path: String?

        package init(severity: Severity, description: String, failureReason: String? = nil, path: String? = nil) {
            self.severity = severity
            self.description = description
            self.failureReason = failureReason
            self.path = path
        }
    }

    /// A message about a catalog's content, located by the catalog and the items it concerns
    /// (`./AppIcon.appiconset/[][ipad][76x76][][][1x][][][][]`).
    package struct DocumentMessage: Equatable, Sendable {
        package var severity: Severity
        package var catalog: String
        package var affectedItems: [String]
        /// actool's category (`Ambiguous Content`, `Unsupported Configuration`, ...).
        package var type: String
        package var message: String

        package init(severity: Severity, catalog: String, affectedItems: [String], type: String, message: String) {
            self.severity = severity
            self.catalog = catalog
            self.affectedItems = affectedItems
            self.type = type
            self.message = message
        }
    }

    /// The files written; nil for a document that reports no compilation (`--version`).
    package var outputFiles: [String]?
    package var runMessages: [RunMessage] = []
    package var documentMessages: [DocumentMessage] = []
    /// `com.apple.actool.version`, for `--version`.
    package var version: Version?
    /// `com.apple.actool.asset-tag-combinations`, for `--print-asset-tag-combinations`: each
    /// combination of on-demand resource tags the catalogs' sets carry (swift-build reads it).
    package var assetTagCombinations: [[String]]?

    package struct Version: Equatable, Sendable {
        /// `bundle-version` (actool's build number, `24127`).
        package var bundle: String
        /// `short-bundle-version` (`26.0`).
        package var short: String

        package init(bundle: String, short: String) {
            self.bundle = bundle
            self.short = short
        }
    }

    package init(outputFiles: [String]? = nil) {
        self.outputFiles = outputFiles
    }

    package static let compilationResultsKey = "com.apple.actool.compilation-results"
    package static let versionKey = "com.apple.actool.version"
    package static let assetTagCombinationsKey = "com.apple.actool.asset-tag-combinations"
    package static func runKey(_ severity: Severity) -> String { "com.apple.actool.\(severity.rawValue)s" }
    package static func documentKey(_ severity: Severity) -> String { "com.apple.actool.document.\(severity.rawValue)s" }

    /// The document in `format`, with the message sections `sections` selects.
    package func rendered(as format: ActoolOutputFormat, sections: Sections) -> [UInt8] {
        switch format {
        case .humanReadableText: Array(text(sections: sections).utf8)
        case .xml1: Array(propertyList(sections: sections).xml.utf8)
        case .binary1: propertyList(sections: sections).binary
        }
    }

    /// The document as a property list (xml1 and binary1).
    package func propertyList(sections: Sections) -> PropertyList {
        var root: [String: PropertyList] = [:]
        if let outputFiles {
            root[Self.compilationResultsKey] = ["output-files": .array(Self.sorted(outputFiles).map(PropertyList.string))]
        }
        if let version {
            root[Self.versionKey] = ["bundle-version": .string(version.bundle), "short-bundle-version": .string(version.short)]
        }
        if let assetTagCombinations {
            root[Self.assetTagCombinationsKey] = .array(assetTagCombinations.map { .array($0.map(PropertyList.string)) })
        }
        for severity in Severity.allCases where sections.includes(severity) {
            let run = runMessages.filter { $0.severity == severity }
            if !run.isEmpty {
                root[Self.runKey(severity)] = .array(
                    run.map { message in
                        var entry: [String: PropertyList] = ["description": .string(message.description)]
                        if let reason = message.failureReason { entry["failure-reason"] = .string(reason) }
                        return .dictionary(entry)
                    })
            }
            let document = documentMessages.filter { $0.severity == severity }
            if !document.isEmpty {
                root[Self.documentKey(severity)] = .array(
                    document.map { message in
                        [
                            "catalog": .string(message.catalog), "affected-items": .array(message.affectedItems.map(PropertyList.string)),
                            "type": .string(message.type), "message": .string(message.message),
                        ]
                    })
            }
        }
        return .dictionary(root)
    }

    /// The human-readable-text form: run messages by severity, then content messages by severity,
    /// then the files written, then an empty line. Every field is one line: control characters in
    /// names from a catalog are escaped (`\n`), so a name cannot forge an entry.
    package func text(sections: Sections) -> String {
        func line(_ text: String) -> String { text.escapingControlCharacters }
        var output = ""
        if let version {
            // Not seen in a real log: the version's keys, one a line, in the same section form.
            output += "/* \(Self.versionKey) */\nbundle-version: \(line(version.bundle))\nshort-bundle-version: \(line(version.short))\n"
        }
        if let assetTagCombinations {
            // Not seen in a real log: one combination a line, its tags joined by commas.
            output += "/* \(Self.assetTagCombinationsKey) */\n"
            for combination in assetTagCombinations { output += line(combination.joined(separator: ", ")) + "\n" }
        }
        for severity in Severity.allCases where sections.includes(severity) {
            let run = runMessages.filter { $0.severity == severity }
            guard !run.isEmpty else { continue }
            output += "/* \(Self.runKey(severity)) */\n"
            for message in run {
                output += "\(line(message.path ?? "")): \(severity.rawValue): \(line(message.description))\n"
                if let reason = message.failureReason { output += "    Failure Reason: \(line(reason))\n" }
            }
        }
        for severity in Severity.allCases where sections.includes(severity) {
            let document = documentMessages.filter { $0.severity == severity }
            guard !document.isEmpty else { continue }
            output += "/* \(Self.documentKey(severity)) */\n"
            for message in document {
                let location = ([message.catalog] + message.affectedItems).map(line).joined(separator: ":")
                output += "\(location): \(severity.rawValue): \(line(message.message))\n"
            }
        }
        if let outputFiles {
            output += "/* \(Self.compilationResultsKey) */\n"
            for file in Self.sorted(outputFiles) { output += line(file) + "\n" }
        }
        return output + "\n"
    }

    /// Paths in byte order, as actool lists the files it wrote (`AppIcon60x60@2x.png` before
    /// `Assets.car`, `asset-info.plist` before `assets/...`).
    private static func sorted(_ paths: [String]) -> [String] {
        paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
