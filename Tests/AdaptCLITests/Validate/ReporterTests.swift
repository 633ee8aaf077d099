import AdaptiveAssets
import CatalogFixtures
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Every `--format` of `adapt validate`, on a broken catalog whose names need escaping, parsed the
/// way its consumer parses it.
@Suite struct ReporterTests {
    /// The broken fixture's diagnostics as JSON objects (the reference the other formats are checked against).
    func reference(_ fixture: TemporaryCatalog) throws -> [[String: Any]] {
        let run = try Adapt.run(["validate", "--format", "json", "Broken.xcassets"], in: fixture.root)
        #expect(run.status == 1)
        return try run.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func jsonHasOneObjectPerDiagnostic() throws {
        let fixture = try ValidateFixtures.broken()
        let diagnostics = try reference(fixture)
        let codes = Set(diagnostics.compactMap { $0["code"] as? String })
        #expect(codes.isSuperset(of: ["json.malformed", "contents.missing-file", "set.unassigned"]))
    }

    @Test func githubAnnotationsAreEscaped() throws {
        let fixture = try ValidateFixtures.broken()
        let expected = try reference(fixture).count
        let run = try Adapt.run(["validate", "--format", "github", "Broken.xcassets"], in: fixture.root)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == expected)
        for line in lines {
            #expect(line.hasPrefix("::error file=Broken.xcassets/") || line.hasPrefix("::warning file=Broken.xcassets/"))
            let parts = line.dropFirst(2).components(separatedBy: "::")
            #expect(parts.count == 2, "one :: separates properties from the message: \(line)")
            let properties = parts[0].split(separator: " ", maxSplits: 1)[1].split(separator: ",")
            #expect(properties.map { $0.split(separator: "=")[0] }.allSatisfy { ["file", "line", "col", "title"].contains($0) })
        }
        #expect(run.stdout.contains("odd%2Cname%3A100%25.png"), "properties escape , : and %")
        #expect(run.stdout.contains("line%0Abreak<&>.png' is in"), "data escapes line breaks")
        #expect(run.stdout.contains(",title=json.malformed::"))
    }

    @Test func sarifIsOneValidDocument() throws {
        let fixture = try ValidateFixtures.broken()
        let expected = try reference(fixture)
        let run = try Adapt.run(["validate", "--format", "sarif", "Broken.xcassets"], in: fixture.root)
        #expect(run.status == 1)
        try checkSARIF(run.stdout, resultCount: expected.count)
        #expect(run.stdout.contains("Broken.xcassets/Logo.imageset/odd,name%3A100%25.png"), "URIs are percent-encoded")
    }

    /// The SARIF 2.1.0 schema's required fields, and what the issue asks of each result.
    func checkSARIF(_ text: String, resultCount: Int?, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(document["version"] as? String == "2.1.0")
        #expect((document["$schema"] as? String)?.contains("sarif-2.1.0") == true)
        let runs = try #require(document["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "adapt")
        #expect((driver["version"] as? String)?.isEmpty == false)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ruleIDs = rules.compactMap { $0["id"] as? String }
        #expect(ruleIDs.count == rules.count)
        for rule in rules {
            #expect((rule["shortDescription"] as? [String: Any])?["text"] is String)
            #expect(["error", "warning", "note"].contains((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String ?? ""))
            // Each rule's own section of docs/Rules.md, whose anchors are the rule ids.
            #expect((rule["helpUri"] as? String)?.hasSuffix("docs/Rules.md#\(rule["id"] as? String ?? "")") == true)
        }
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        if let resultCount { #expect(results.count == resultCount, sourceLocation: sourceLocation) }
        for result in results {
            let ruleID = try #require(result["ruleId"] as? String)
            #expect(ruleIDs.contains(ruleID), "every rule that fired is in the driver's list")
            #expect(["error", "warning", "note"].contains(result["level"] as? String ?? ""))
            #expect((result["message"] as? [String: Any])?["text"] is String)
            let physical = try #require(((result["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
            let uri = try #require((physical["artifactLocation"] as? [String: Any])?["uri"] as? String)
            #expect(!uri.hasPrefix("/") && URL(string: uri) != nil, "relative, or a file URI, and valid: \(uri)")
            #expect((physical["artifactLocation"] as? [String: Any])?["uriBaseId"] as? String == (uri.hasPrefix("file:") ? nil : "%SRCROOT%"))
            let region = try #require(physical["region"] as? [String: Any])
            #expect((region["startLine"] as? Int ?? 0) >= 1)
        }
    }

    @Test func junitHasASuitePerCatalogAndAFailurePerDiagnostic() throws {
        let fixture = try ValidateFixtures.broken()
        let expected = try reference(fixture).count
        let run = try Adapt.run(["validate", "--format", "junit", "Broken.xcassets"], in: fixture.root)
        let elements = try XMLElements(run.stdout)
        #expect(elements.named("testsuites").count == 1)
        #expect(elements.named("testsuite").map { $0["name"] } == ["Broken.xcassets"])
        #expect(elements.named("failure").count == expected)
        #expect(Set(elements.named("failure").compactMap { $0["type"] }) == ["error", "warning"])
        #expect(elements.named("testcase").contains { $0["name"] == "json.malformed" })
        // A strict JUnit reader: one failure per test case, and never more failures than tests.
        #expect(elements.named("testcase").count == expected)
        for counted in elements.named("testsuite") + elements.named("testsuites") {
            #expect(Int(counted["failures"] ?? "") ?? .max <= Int(counted["tests"] ?? "") ?? 0, "\(counted)")
        }
    }

    @Test func checkstyleHasAFilePerPathAndAnErrorPerDiagnostic() throws {
        let fixture = try ValidateFixtures.broken()
        let expected = try reference(fixture).count
        let run = try Adapt.run(["validate", "--format", "checkstyle", "Broken.xcassets"], in: fixture.root)
        let elements = try XMLElements(run.stdout)
        #expect(elements.named("checkstyle").count == 1)
        #expect(elements.named("file").allSatisfy { $0["name"]?.hasPrefix("Broken.xcassets/") == true })
        let errors = elements.named("error")
        #expect(errors.count == expected)
        for error in errors {
            #expect(Int(error["line"] ?? "") != nil && Int(error["column"] ?? "") != nil)
            #expect(["error", "warning"].contains(error["severity"] ?? ""))
            #expect(error["source"]?.hasPrefix("adapt.") == true && error["message"] != nil)
        }
        #expect(errors.contains { $0["message"]?.contains("line\\nbreak<&>.png") == true }, "control characters are written escaped")
    }

    /// Real catalogs: Showcase and the corpus, in every machine-read format.
    @Test(arguments: ["sarif", "junit", "checkstyle", "github", "json"])
    func realCatalogsParse(format: String) throws {
        // From the corpus folder: its catalogs are relative paths, Showcase lies outside (absolute).
        let corpus = try Corpus.root + "/catalogs"
        let catalogs = try Corpus.catalogPaths().prefix(3).map { String($0.dropFirst(corpus.count + 1)) }
        let run = try Adapt.run(
            ["validate", "--images", "walk", "--format", format, Corpus.repositoryRoot + "/Assets/Showcase.xcassets"] + catalogs,
            in: corpus)
        #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
        switch format {
        case "sarif": try checkSARIF(run.stdout, resultCount: nil)
        case "junit", "checkstyle": _ = try XMLElements(run.stdout)
        case "github":
            #expect(run.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("::warning ") || $0.hasPrefix("::error ") || $0.hasPrefix("::notice ") })
        default: for line in run.stdout.split(separator: "\n") { _ = try JSONSerialization.jsonObject(with: Data(line.utf8)) }
        }
    }

    /// `--format` takes exactly the reporters there are (`ReporterFormat`): anything else is a
    /// usage error listing them, and `--help` lists each with its summary.
    @Test func unknownFormatIsAUsageError() throws {
        let run = try Adapt.run(["validate", "--format", "yaml", "Assets/Showcase.xcassets"])
        #expect(run.status == 2)
        #expect(ReporterFormat.allCases.allSatisfy { run.stderr.contains("- \($0.rawValue)\n") }, "\(run.stderr)")
        let help = try Adapt.run(["validate", "--help"])
        for format in ReporterFormat.allCases {
            #expect(help.stdout.contains("\(format.rawValue)") && help.stdout.contains(format.summary.prefix(25)), "\(format)")
        }
    }
}

/// Every element of an XML document, parsed by Foundation's XMLParser (which fails on malformed XML).
struct XMLElements {
    struct Element {
        var name: String
        var attributes: [String: String]
        subscript(key: String) -> String? { attributes[key] }
    }

    var elements: [Element] = []

    init(_ text: String) throws {
        let parser = XMLParser(data: Data(text.utf8))
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else { throw Malformed(description: "\(parser.parserError.map { "\($0)" } ?? "?")\n\(text)") }
        elements = collector.elements
    }

    func named(_ name: String) -> [Element] { elements.filter { $0.name == name } }

    struct Malformed: Error, CustomStringConvertible { var description: String }

    final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements.append(Element(name: elementName, attributes: attributes))
        }
    }
}
