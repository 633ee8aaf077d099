import AdaptSupport
import AssetCatalog
import AssetValidation
import Foundation

/// One SARIF 2.1.0 document (GitHub code scanning reads it): the `adapt` driver with every rule
/// that fired, and one result per diagnostic located by a URI relative to the working folder
/// (`%SRCROOT%`; a file outside it gets an absolute `file://` URI). Path components are
/// percent-encoded, `:` included, so a name can never read as a URI scheme.
package struct SARIFReporter: Reporter {
    package static let summary = "one SARIF 2.1.0 document, for code scanning"
    package init() {}

    package func render(_ report: ValidationReport) -> ReporterOutput {
        let rules = report.firedRules
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let driverRules: [JSONValue] = rules.map { rule in
            .object([
                "id": .string(rule.id),
                "shortDescription": .object(["text": .string(rule.summary)]),
                "defaultConfiguration": .object(["level": .string(Self.level(rule.defaultSeverity))]),
                "helpUri": .string(rule.helpURI),
            ])
        }
        let results: [JSONValue] = report.diagnostics.map { diagnostic in
            var result: JSONObject = [
                "ruleId": .string(diagnostic.code),
                "level": .string(Self.level(diagnostic.severity)),
                "message": .object(["text": .string(diagnostic.message)]),
            ]
            if let index = ruleIndex[diagnostic.code] { result["ruleIndex"] = .number(String(index)) }
            var place: JSONObject = [:]
            if let location = diagnostic.location {
                var region: JSONObject = ["startLine": .number(String(location.line ?? 1))]
                if let column = location.column { region["startColumn"] = .number(String(column)) }
                // Relative to the working folder (%SRCROOT%); a file outside it gets an absolute file URI.
                let relative = report.relative(location.file)
                let artifact: JSONObject =
                    relative.hasPrefix("/")
                    ? ["uri": .string("file://" + Self.uri(relative))]
                    : ["uri": .string(Self.uri(relative)), "uriBaseId": "%SRCROOT%"]
                place["physicalLocation"] = .object(["artifactLocation": .object(artifact), "region": .object(region)])
            }
            let logical = Self.logicalLocations(diagnostic.subject, catalog: diagnostic.subject.catalog.map(report.relative))
            if !logical.isEmpty { place["logicalLocations"] = .array(logical) }
            if !place.members.isEmpty { result["locations"] = .array([.object(place)]) }
            if let properties = Self.properties(diagnostic) { result["properties"] = properties }
            return .object(result)
        }
        let base = report.workingDirectory.hasSuffix("/") ? report.workingDirectory : report.workingDirectory + "/"
        let run: JSONObject = [
            "tool": .object([
                "driver": .object([
                    "name": "adapt", "version": .string(AdaptVersion.current), "semanticVersion": .string(AdaptVersion.current),
                    "informationUri": .string(RuleCard.documentationURL), "rules": .array(driverRules),
                ])
            ]),
            "originalUriBaseIds": .object(["%SRCROOT%": .object(["uri": .string("file://" + Self.uri(base))])]),
            "results": .array(results),
        ]
        let document: JSONValue = .object([
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": .array([.object(run)]),
        ])
        return ReporterOutput(standardOutput: JSONWriter.xcodeStyle.string(for: document) + "\n", standardError: report.summary)
    }

    /// What the finding is about, as SARIF 2.1.0 logical locations (§3.33), outermost first: the
    /// catalog (`module`), the asset (`resource`, `<catalog>/<asset>`) and the entry (`element`,
    /// `<catalog>/<asset>/images[2]`), each with the index of its parent.
    static func logicalLocations(_ subject: Diagnostic.Subject, catalog: String?) -> [JSONValue] {
        var locations: [JSONValue] = []
        var qualified = ""
        func add(_ name: String, kind: String) {
            qualified = qualified.isEmpty ? name : qualified + "/" + name
            var location: JSONObject = ["name": .string(name), "fullyQualifiedName": .string(qualified), "kind": .string(kind)]
            if !locations.isEmpty { location["parentIndex"] = .number(String(locations.count - 1)) }
            locations.append(.object(location))
        }
        if let catalog { add(catalog, kind: "module") }
        if let asset = subject.asset { add(asset, kind: "resource") }
        if subject.asset != nil, let variant = subject.variant { add("entry \(variant)", kind: "element") }
        return locations
    }

    /// The subject's other fields (slot, device, trait set) and `--strict`, in the result's property bag.
    static func properties(_ diagnostic: Diagnostic) -> JSONValue? {
        var properties: JSONObject = [:]
        if let slot = diagnostic.subject.slot { properties["slot"] = .string(slot) }
        if let device = diagnostic.subject.device { properties["device"] = .string(device) }
        if let traitSet = diagnostic.subject.traitSet { properties["traitSet"] = .string(traitSet) }
        if diagnostic.promotedByStrict { properties["strict"] = true }
        return properties.members.isEmpty ? nil : .object(properties)
    }

    static func level(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// A path as a URI reference: each component percent-encoded.
    static func uri(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#[]@:"))) ?? String($0)
        }.joined(separator: "/")
    }
}
