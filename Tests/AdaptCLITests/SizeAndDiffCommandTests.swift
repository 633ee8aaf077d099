import AdaptSupport
import AdaptiveAssets
import CatalogFixtures
import Foundation
import Testing

@Suite struct SizeCommandTests {
    static func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)").path
    }

    /// The bytes `adapt size` reports are the bytes `adapt thin` writes, for every device: those its
    /// manifests count, and those of the files in each slice on disk.
    @Test(arguments: ["showcase", "food-truck"])
    func sizesEqualWhatThinWrites(_ which: String) throws {
        let catalog = which == "showcase" ? "Assets/Showcase.xcassets" : try Corpus.root + "/catalogs/food-truck/App/Assets.xcassets"
        let output = Self.temporary("thin")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let thin = try Adapt.run(["thin", catalog, "--all-devices", "-o", output, "--allow-invalid", "--format", "json"])
        #expect(thin.status == 0, "\(thin.stderr)")
        let size = try Adapt.run(["size", catalog, "--all-devices", "--format", "json"])
        #expect(size.status == 0, "\(size.stderr)")
        var reported: [String: Int] = [:]
        for group in try JSONParser.parse(Array(size.stdout.utf8))["groups"]?.array ?? [] {
            let bytes = Int(group["bytes"]?.numberText ?? "") ?? -1
            for device in group["devices"]?.array ?? [] { reported[device.string ?? ""] = bytes }
        }
        let summaries = try JSONParser.parse(Array(thin.stdout.utf8)).array ?? []
        #expect(summaries.count == reported.count && !summaries.isEmpty)
        let catalogName = URL(fileURLWithPath: catalog).lastPathComponent
        for summary in summaries {
            let device = try #require(summary["device"]?.string)
            let bytesAfter = Int(summary["bytesAfter"]?.numberText ?? "")
            #expect(reported[device] == bytesAfter, "\(device): adapt size says \(reported[device] ?? -1), adapt thin \(bytesAfter ?? -1)")
            // On disk: every file of the slice but the Contents.json files this tool writes or keeps.
            let manifest = try JSONParser.parse(FileSystem.readFile(output + "/\(device)/manifest.json"))
            var contentsInWholeSets = 0
            for asset in manifest["assets"]?.array ?? [] where asset["keptWhole"] == true {
                contentsInWholeSets += Self.bytes(under: catalog + "/" + (asset["path"]?.string ?? ""), onlyContents: true)
            }
            let onDisk = Self.bytes(under: output + "/\(device)/\(catalogName)", onlyContents: false)
            #expect(onDisk + contentsInWholeSets == reported[device], "\(device): \(onDisk) bytes of files on disk")
        }
    }

    static func bytes(under folder: String, onlyContents: Bool) -> Int {
        let root =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: folder)).map {
                URL(fileURLWithPath: folder).deletingLastPathComponent().appendingPathComponent($0).path
            } ?? folder
        var total = 0
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            let isContents = relative.hasSuffix("Contents.json")
            guard isContents == onlyContents else { continue }
            let attributes = try? FileManager.default.attributesOfItem(atPath: root + "/" + relative)
            if attributes?[.type] as? FileAttributeType == .typeRegular { total += (attributes?[.size] as? Int) ?? 0 }
        }
        return total
    }

    @Test func budgetFailsWithOneDiagnosticPerDeviceOver() throws {
        let within = try Adapt.run(["size", "Assets/Showcase.xcassets", "--device", "iphone-6", "--budget", "10000000"])
        #expect(within.status == 0)
        #expect(within.stdout.contains("Variant: iphone-6") && within.stdout.contains("Supported variant descriptors: [device: iPhone7,2"))
        let over = try Adapt.run(["size", "Assets/Showcase.xcassets", "--device", "iphone-6", "--device", "ipad-air-2", "--budget", "100"])
        #expect(over.status == 1)
        #expect(over.stderr.split(separator: "\n").filter { $0.contains("[size.over-budget]") }.count == 2)
        let csv = try Adapt.run(["size", "Assets/Showcase.xcassets", "--device", "iphone-6", "--format", "csv"])
        #expect(csv.stdout.hasPrefix("device,name,group,bytes,"))
    }
}

@Suite struct DiffCommandTests {
    /// A Showcase copy with an added, a removed, a renamed and a changed asset.
    @Test func diffNamesEveryKindOfChange() throws {
        let root = SizeCommandTests.temporary("diff")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let manager = FileManager.default
        try manager.createDirectory(atPath: root, withIntermediateDirectories: true)
        let old = root + "/old/Showcase.xcassets"
        let new = root + "/new/Showcase.xcassets"
        try manager.createDirectory(atPath: root + "/old", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: root + "/new", withIntermediateDirectories: true)
        try manager.copyItem(atPath: Corpus.repositoryRoot + "/Assets/Showcase.xcassets", toPath: old)
        try manager.copyItem(atPath: old, toPath: new)
        try manager.removeItem(atPath: new + "/Badge.imageset") // removed
        try manager.moveItem(atPath: new + "/Welcome.imageset", toPath: new + "/Greeting.imageset") // renamed
        // Changed: a file of Photo gets other (larger) bytes.
        let photo = try manager.contentsOfDirectory(atPath: new + "/Photo.imageset").filter { $0.hasSuffix(".png") }.sorted()[0]
        try manager.removeItem(atPath: new + "/Photo.imageset/" + photo)
        try manager.copyItem(atPath: new + "/AppIcon.appiconset/icon-ios-marketing-1024.png", toPath: new + "/Photo.imageset/" + photo)
        // Added: a new set with its own image.
        try manager.createDirectory(atPath: new + "/Extra.imageset", withIntermediateDirectories: true)
        try Data(PNGFixture.png(width: 3, height: 3, color: [10, 200, 30])).write(to: URL(fileURLWithPath: new + "/Extra.imageset/extra.png"))
        try Data(#"{"images":[{"idiom":"universal","filename":"extra.png"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: URL(fileURLWithPath: new + "/Extra.imageset/Contents.json"))

        let run = try Adapt.run(["diff", old, new, "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let diff = try JSONParser.parse(Array(run.stdout.utf8))
        #expect(diff["added"]?.array?.compactMap(\.string) == ["Extra"])
        #expect(diff["removed"]?.array?.compactMap(\.string) == ["Badge"])
        #expect(diff["renamed"]?.array?.first?["from"] == "Welcome" && diff["renamed"]?.array?.first?["to"] == "Greeting")
        let changed = try #require(diff["changed"]?.array?.first { $0["name"] == "Photo" })
        #expect(changed["filesChanged"]?.array?.first?.string?.hasPrefix(photo) == true)
        let sizes = diff["sizes"]?.array ?? []
        #expect(!sizes.isEmpty && sizes.contains { Int($0["delta"]?.numberText ?? "0")! != 0 })

        let text = try Adapt.run(["diff", old, new])
        #expect(text.stdout.contains("Renamed (1):\n  Welcome → Greeting"))
        let github = try Adapt.run(["diff", old, new, "--format", "github"])
        #expect(github.stdout.contains("::notice title=Asset added::Extra"))
        let grows = try Adapt.run(["diff", old, new, "--fail-on-growth", "0"])
        #expect(grows.status == 1 && grows.stderr.contains("[diff.growth]"))
        let annotated = try Adapt.run(["diff", old, new, "--format", "github", "--fail-on-growth", "0"])
        #expect(annotated.status == 1)
        #expect(
            annotated.stdout.contains("::error file=") && annotated.stdout.contains("title=diff.growth::"),
            "on GitHub the growth that fails the job is an annotation too")
        #expect(try Adapt.run(["diff", old, old]).stdout.contains("No asset changed."))
    }
}

extension JSONValue {
    /// A number's text as written.
    var numberText: String? {
        if case .number(let text) = self { text } else { nil }
    }
}
