import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Issue #18: every machine-read output stays valid, whatever a name in the catalog or the devices
/// file holds. One catalog of hostile names goes through every command and format, and each output
/// is read back by a real parser (Foundation's JSON and XML parsers, an RFC 4180 reader).
@Suite struct MachineFormatTests {
    /// Names a file system, git and Xcode all accept, each breaking some format when written raw:
    /// line and paragraph separators and bidi controls (JSON written through the text escaper),
    /// noncharacters (XML 1.0), markup and separators, a forged workflow command, C0 and C1 controls.
    static let hostileNames = [
        "line\u{2028}separator", "para\u{2029}graph", "rtl\u{202E}override", "mark\u{200E}ltr", "isolate\u{2066}x\u{2069}",
        "non\u{FFFE}char", "non\u{FFFF}char", "quote\"<&>'%,;", "::error file=Sources/App.swift,line=1::forged",
        "new\nline", "carriage\rreturn", "\u{01}control\u{7F}", "c1\u{85}next\u{9B}csi", "tab\there", "=cmd|' /C calc'!A0",
    ]

    /// A device whose name would start a line of its own in CSV and forge a workflow command.
    static let hostileDevices = """
        {"formatVersion": 1, "devices": [{
          "id": "evil-phone", "name": "Evil\\n::error file=Sources/App/Payment.swift,line=42::forged\\u2028\\u202E\\uFFFE,\\"x\\"",
          "modelIdentifiers": ["Evil1,1"], "idiom": "phone", "displayScale": 2,
          "screen": {"width": 375, "height": 667}, "displayGamut": "sRGB", "memory": 2, "appearances": ["light"],
          "traitSets": [{"orientation": "portrait", "multitasking": "fullScreen", "horizontalSizeClass": "compact",
                         "verticalSizeClass": "regular", "window": {"width": 375, "height": 667}}]},
          {"id": "formula-phone", "name": "=HYPERLINK(\\"http://x\\")", "modelIdentifiers": ["Evil2,1"], "idiom": "phone",
          "displayScale": 3, "screen": {"width": 375, "height": 667}, "displayGamut": "sRGB", "memory": 2, "appearances": ["light"],
          "traitSets": [{"orientation": "portrait", "multitasking": "fullScreen", "horizontalSizeClass": "compact",
                         "verticalSizeClass": "regular", "window": {"width": 375, "height": 667}}]}]}
        """

    /// The hostile catalog (each set with a file, an empty slot that draws a warning, and an error
    /// in one set) in `fixture.root`, a second version beside it for `diff`, and the devices file.
    static func hostileProject() throws -> TemporaryCatalog {
        let fixture = try TemporaryCatalog(name: "Evil.xcassets")
        let png = PNGFixture.png(width: 2, height: 2)
        for (number, name) in hostileNames.enumerated() {
            let file = "image\(number).png"
            try fixture.addSet(
                "\(name).imageset",
                entries: [
                    ["idiom": "universal", "scale": "1x", "filename": .string(file)],
                    ["idiom": "universal", "scale": "2x"],
                ],
                files: [file], pngBytes: png)
        }
        try fixture.addSet("broken\u{2028}\u{FFFE}.imageset", entries: [["idiom": "universal", "filename": "missing\u{202E}.png"]])
        try fixture.write(hostileDevices, to: "../evil-devices.json")
        let old = try TemporaryCatalog(name: "Old.xcassets")
        try old.addSet("old\u{2028}\u{FFFF}\n.imageset", entries: [["idiom": "universal", "filename": "o.png"]], files: ["o.png"], pngBytes: png)
        try FileManager.default.copyItem(atPath: old.path, toPath: fixture.root + "/Old.xcassets")
        try fixture.write(
            #"{"asset": "line\u2028separator", "traits": {"displayScale": 2}}"# + "\n"
                + #"{"asset": "rtl\u202Eoverride\n", "traits": {}}"# + "\n", to: "../queries.jsonl")
        return fixture
    }

    static func run(_ arguments: [String], in folder: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> HostileAdapt.Run {
        let run = try HostileAdapt.run(arguments, in: folder)
        #expect(
            !run.timedOut && run.status != 2 && !run.stdout.isEmpty, "\(arguments): status \(run.status)\n\(run.stderr)",
            sourceLocation: sourceLocation)
        return run
    }

    /// Whatever the format, nothing in a machine-read output may drive a terminal or reorder what
    /// a reader of the log sees: each format escapes these in its own syntax.
    static func expectNoUnsafeScalars(_ text: String, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let unsafe = text.unicodeScalars.filter { $0.isUnsafeInText && $0 != "\n" && $0 != "\t" }
        #expect(unsafe.isEmpty, "\(what) holds raw \(unsafe.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation)
    }

    static func parseJSON(_ text: String, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Any? {
        expectNoUnsafeScalars(text, what, sourceLocation: sourceLocation)
        do {
            return try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        } catch {
            Issue.record("\(what) is not valid JSON: \(error)\n\(text.prefix(2000))", sourceLocation: sourceLocation)
            return nil
        }
    }

    static func parseJSONLines(_ text: String, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [Any] {
        text.split(separator: "\n").compactMap { parseJSON(String($0), what, sourceLocation: sourceLocation) }
    }

    /// Parses XML with Foundation's parser (libxml2), which rejects what XML 1.0 forbids.
    static func parseXML(_ text: String, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
        expectNoUnsafeScalars(text, what, sourceLocation: sourceLocation)
        let delegate = ElementCollector()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = delegate
        let parsed = parser.parse()
        #expect(parsed, "\(what) is not valid XML: \(String(describing: parser.parserError))\n\(text.prefix(2000))", sourceLocation: sourceLocation)
        return delegate.elements
    }

    final class ElementCollector: NSObject, XMLParserDelegate {
        var elements: [String] = []
        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements.append(elementName)
        }
    }

    @Test func everyJSONOutputParses() throws {
        let fixture = try Self.hostileProject()
        let root = fixture.root
        let documents: [[String]] = [
            ["inspect", "Evil.xcassets", "--format", "json"],
            ["resolve", "Evil.xcassets", "line\u{2028}separator", "--scale", "1", "--explain", "--format", "json"],
            ["resolve", "Evil.xcassets", "rtl\u{202E}override", "--device", "evil-phone", "--devices", "evil-devices.json", "--format", "json"],
            ["thin", "Evil.xcassets", "--device", "iphone-6", "-o", "out", "--allow-invalid", "--format", "json"],
            ["matrix", "Evil.xcassets", "--device", "evil-phone", "--devices", "evil-devices.json", "--format", "json"],
            ["devices", "--devices", "evil-devices.json", "--format", "json"],
            ["size", "Evil.xcassets", "--devices", "evil-devices.json", "--device", "evil-phone", "--format", "json"],
            ["diff", "Old.xcassets", "Evil.xcassets", "--devices", "evil-devices.json", "--device", "evil-phone", "--format", "json"],
            ["png", "Evil.xcassets", "--format", "json"],
            ["validate", "Evil.xcassets", "--format", "sarif"],
        ]
        for arguments in documents {
            let run = try Self.run(arguments, in: root)
            _ = Self.parseJSON(run.stdout, arguments.joined(separator: " "))
        }
        for arguments in [["validate", "Evil.xcassets", "--format", "json"], ["resolve", "Evil.xcassets", "--queries", "queries.jsonl"]] {
            let run = try Self.run(arguments, in: root)
            let lines = Self.parseJSONLines(run.stdout, arguments.joined(separator: " "))
            #expect(lines.count == run.stdout.split(separator: "\n").count && lines.count >= 2, "\(arguments)")
        }
        // The manifests thin writes are JSON too.
        let manifest = try String(contentsOfFile: root + "/out/iphone-6/manifest.json", encoding: .utf8)
        _ = Self.parseJSON(manifest, "thin's manifest.json")
    }

    /// SARIF 2.1.0's required members and value sets, for what adapt emits (the schema's
    /// `required` lists and enums): a code-scanning upload rejects a document that breaks them.
    @Test func sarifKeepsTheSchemasShapeForHostileNames() throws {
        let fixture = try Self.hostileProject()
        let run = try Self.run(["validate", "Evil.xcassets", "--format", "sarif"], in: fixture.root)
        let document = try #require(Self.parseJSON(run.stdout, "sarif") as? [String: Any])
        #expect(document["version"] as? String == "2.1.0")
        let runs = try #require(document["runs"] as? [[String: Any]])
        let sarifRun = try #require(runs.first)
        let driver = try #require((sarifRun["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "adapt")
        let rules = driver["rules"] as? [[String: Any]] ?? []
        let results = try #require(sarifRun["results"] as? [[String: Any]])
        #expect(results.count >= Self.hostileNames.count)
        for result in results {
            #expect((result["message"] as? [String: Any])?["text"] is String)
            #expect(["none", "note", "warning", "error"].contains(result["level"] as? String ?? ""))
            if let index = result["ruleIndex"] as? Int {
                #expect(index >= 0 && index < rules.count && rules[index]["id"] as? String == result["ruleId"] as? String)
            }
            for location in result["locations"] as? [[String: Any]] ?? [] {
                let physical = try #require(location["physicalLocation"] as? [String: Any])
                let uri = try #require((physical["artifactLocation"] as? [String: Any])?["uri"] as? String)
                // A URI reference: percent-encoded, nothing outside RFC 3986's characters.
                #expect(URL(string: uri) != nil && uri.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 }, "uri \(uri)")
                let region = try #require(physical["region"] as? [String: Any])
                #expect((region["startLine"] as? Int ?? 0) >= 1 && (region["startColumn"] as? Int ?? 1) >= 1)
            }
        }
    }

    @Test func junitAndCheckstyleAreWellFormedXML() throws {
        let fixture = try Self.hostileProject()
        for format in ["junit", "checkstyle"] {
            let run = try Self.run(["validate", "Evil.xcassets", "--format", format], in: fixture.root)
            let elements = Self.parseXML(run.stdout, format)
            #expect(elements.contains(format == "junit" ? "failure" : "error"), "\(format): \(elements)")
        }
    }

    /// GitHub reads a workflow command per line: every line of adapt's output is one command, and
    /// no name can start a line (a forged `::error`) or hide a character in the log.
    @Test func workflowCommandsStayOneLinePerCommand() throws {
        let fixture = try Self.hostileProject()
        for arguments in [
            ["validate", "Evil.xcassets", "--format", "github"],
            ["diff", "Old.xcassets", "Evil.xcassets", "--devices", "evil-devices.json", "--device", "evil-phone", "--format", "github"],
        ] {
            let run = try Self.run(arguments, in: fixture.root)
            Self.expectNoUnsafeScalars(run.stdout, arguments.joined(separator: " "))
            let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            for line in lines {
                #expect(line.hasPrefix("::error ") || line.hasPrefix("::warning ") || line.hasPrefix("::notice "), "\(arguments): \(line)")
                #expect(!line.dropFirst(2).contains("::error file=Sources"), "\(arguments): forged command inside \(line)")
            }
        }
    }

    /// `size --format csv`: one record per device, each with the header's field count, whatever
    /// the device's name holds (it used to keep a raw line break inside a quoted field).
    @Test func sizeCSVKeepsOneRecordPerLine() throws {
        let fixture = try Self.hostileProject()
        let run = try Self.run(
            [
                "size", "Evil.xcassets", "--devices", "evil-devices.json", "--device", "evil-phone",
                "--device", "formula-phone", "--format", "csv",
            ], in: fixture.root)
        Self.expectNoUnsafeScalars(run.stdout, "size csv")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(lines)")
        let records = try lines.map(Self.csvRecord)
        #expect(records.allSatisfy { $0.count == records[0].count }, "\(records)")
        let evil = try #require(records.first { $0.first == "evil-phone" })
        #expect(evil[1].hasPrefix("Evil\\n::error file=Sources/App/Payment.swift,line=42::forged"), "\(evil[1])")
        #expect(!lines.contains { $0.hasPrefix("::") })
        // A field a spreadsheet would run as a formula is neutralised.
        let formula = try #require(records.first { $0.first == "formula-phone" })
        #expect(formula[1] == "'=HYPERLINK(\"http://x\")", "\(formula)")
    }

    /// One RFC 4180 record: fields split at commas outside quotes, `""` inside quotes is a quote.
    /// A record that ends inside a quote is malformed.
    static func csvRecord(_ line: String) throws -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var atStart = true
        var characters = line.makeIterator()
        while let character = characters.next() {
            if quoted {
                if character == "\"" {
                    // A closing quote, or the first of a doubled one.
                    var lookahead = characters
                    if lookahead.next() == "\"" {
                        field.append("\"")
                        characters = lookahead
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "\"" && atStart {
                quoted = true
            } else if character == "," {
                fields.append(field)
                field = ""
                atStart = true
                continue
            } else {
                field.append(character)
            }
            atStart = false
        }
        guard !quoted else { throw MalformedCSV(line: line) }
        fields.append(field)
        return fields
    }

    struct MalformedCSV: Error { var line: String }

    /// JUnit counts a note (`catalog.empty` on a template catalog) as output, not as a failure.
    @Test func junitDoesNotFailOnNotes() throws {
        let fixture = try TemporaryCatalog()
        let run = try HostileAdapt.run(["validate", "Test.xcassets", "--format", "junit"], in: fixture.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("catalog.empty") && run.stdout.contains("<system-out>"), "\(run.stdout)")
        #expect(!run.stdout.contains("<failure") && run.stdout.contains("failures=\"0\""), "\(run.stdout)")
    }

    /// A configuration error is printed in the format asked for: a SARIF upload or a JUnit
    /// dashboard shows why nothing was checked instead of reading an empty document.
    @Test func configurationErrorsHonourTheFormat() throws {
        let fixture = try TemporaryCatalog()
        try fixture.write("disabled_rules: [no.such-rule]\n", to: "../.adapt.yml")
        let sarif = try HostileAdapt.run(["validate", "Test.xcassets", "--format", "sarif"], in: fixture.root)
        #expect(sarif.status == 1)
        let document = try #require(Self.parseJSON(sarif.stdout, "sarif") as? [String: Any])
        let results = (document["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]] ?? []
        #expect(results.count == 1 && results.first?["ruleId"] as? String == "config.invalid", "\(sarif.stdout)")
        let junit = try HostileAdapt.run(["validate", "Test.xcassets", "--format", "junit"], in: fixture.root)
        #expect(junit.status == 1 && Self.parseXML(junit.stdout, "junit").contains("failure") && junit.stdout.contains("config.invalid"))
        let json = try HostileAdapt.run(["validate", "Test.xcassets", "--format", "json"], in: fixture.root)
        let line = Self.parseJSON(json.stdout, "json") as? [String: Any]
        #expect(json.status == 1 && line?["code"] as? String == "config.invalid" && (line?["line"] as? Int) == 1, "\(json.stdout)")
    }

    /// A command asked for JSON that stops on an error prints the error as its JSON document too
    /// (a script piping it to a JSON reader learns why there is no answer).
    @Test func failuresOfJSONCommandsAreJSON() throws {
        let fixture = try Self.hostileProject()
        let cases: [([String], String)] = [
            (["inspect", "Missing.xcassets", "--format", "json"], "catalog.unreadable"),
            (["matrix", "Evil.xcassets", "no\u{2028}such", "--device", "iphone-6", "--format", "json"], "query.invalid"),
            (["resolve", "Evil.xcassets", "--queries", "missing.jsonl", "--format", "json"], "query.unreadable"),
            (["thin", "Evil.xcassets", "--device", "iphone-6", "-o", "refused", "--format", "json"], "thin.output"),
            (["size", "Evil.xcassets", "--devices", "no-such-devices.json", "--format", "json"], "devices.missing"),
            (["size", "Evil.xcassets", "--devices", "Evil.xcassets", "--format", "json"], "devices.unreadable"),
        ]
        for (arguments, code) in cases {
            let run = try HostileAdapt.run(arguments, in: fixture.root)
            #expect(run.status == 1, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("[\(code)]"), "\(arguments): \(run.stderr)")
            let document = Self.parseJSON(run.stdout, arguments.joined(separator: " ")) as? [String: Any]
            let codes = (document?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
            #expect(codes.contains(code), "\(arguments): \(run.stdout)")
        }
        // Text stays text: nothing on standard output.
        let text = try HostileAdapt.run(["inspect", "Missing.xcassets"], in: fixture.root)
        #expect(text.status == 1 && text.stdout.isEmpty)
    }
}
