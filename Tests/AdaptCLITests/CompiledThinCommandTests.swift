import CatalogFixtures
import Foundation
import Testing

/// `adapt thin FILE.car` and `adapt size FILE.car` end to end: a hostile file writes nothing,
/// and `size` reports the bytes `thin` writes.
@Suite struct CompiledThinCommandTests {
    static func corpusFile(_ name: String) throws -> String { try Corpus.root + "/compiled/acextract/acextractTests/data/" + name }

    static func temporary(_ name: String) -> String { NSTemporaryDirectory() + "\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))" }

    @Test func aTruncatedCatalogFailsWithTheReadersErrorAndWritesNothing() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: try Self.corpusFile("assets_ios.car")))
        let input = Self.temporary("truncated") + ".car"
        let output = Self.temporary("thin-truncated")
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: input))
        defer { try? FileManager.default.removeItem(atPath: input) }
        let run = try Adapt.run(["thin", input, "--device", "iphone-6", "-o", output])
        #expect(run.status != 0)
        #expect(run.stderr.contains("[car.malformed]"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func sizeReportsTheBytesThinWrites() throws {
        let input = try Self.corpusFile("assets_ios.car")
        let output = Self.temporary("thin-car")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let devices = ["--device", "iphone-6", "--device", "iphone-5s", "--device", "ipad-air-2"]
        let thin = try Adapt.run(["thin", input] + devices + ["-o", output, "--format", "json"])
        #expect(thin.status == 0, "\(thin.stderr)")
        let size = try Adapt.run(["size", input] + devices + ["--format", "json"])
        #expect(size.status == 0, "\(size.stderr)")
        let groups = try #require((try JSONSerialization.jsonObject(with: Data(size.stdout.utf8)) as? [String: Any])?["groups"] as? [[String: Any]])
        var reported: [String: Int] = [:]
        for group in groups { for device in group["devices"] as? [String] ?? [] { reported[device] = group["bytes"] as? Int } }
        #expect(reported.count == 3)
        for id in ["iphone-6", "iphone-5s", "ipad-air-2"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: output + "/\(id)/Assets.car")
            #expect(reported[id] == attributes[.size] as? Int, "\(id)")
        }
    }

    @Test func allDevicesThinsForTheFilesPlatformOnly() throws {
        let output = Self.temporary("thin-car-all")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let thin = try Adapt.run(["thin", try Self.corpusFile("assets_tv.car"), "--all-devices", "-o", output])
        #expect(thin.status == 0, "\(thin.stderr)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: output).filter { !$0.hasSuffix(".json") }
        #expect(!folders.isEmpty && folders.allSatisfy { $0.hasPrefix("apple-tv") }, "\(folders)")
        let size = try Adapt.run(["size", try Self.corpusFile("assets_tv.car"), "--format", "json"])
        #expect(size.status == 0 && !size.stdout.contains("iphone") && size.stdout.contains("apple-tv"))
    }
}
