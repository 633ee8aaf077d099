import AdaptSupport
import CatalogFixtures
import Foundation
import Testing

@testable import AssetThinning

/// The one output transaction (`OutputFolder.write`) that thin, compiled thin and extract share,
/// and its one typed error: each refusal says what kind it is and which path it is about.
@Suite struct OutputFolderTests {
    func refusal(_ output: String, source: String) -> OutputFailure? {
        do {
            _ = try OutputFolder.write(output, catalogRealPath: source) { _ in Issue.record("\(output) was claimed") }
            return nil
        } catch let failure as OutputFailure {
            return failure
        } catch {
            Issue.record("not an OutputFailure: \(error)")
            return nil
        }
    }

    @Test func eachRefusalHasItsKindAndThePathAsGiven() throws {
        let fixture = try TemporaryCatalog()
        let source = try #require(FileSystem.realPath(fixture.path))
        try fixture.write("notes", to: "../notes.txt")
        try fixture.write("mine", to: "../theirs/mine.txt")
        try FileManager.default.createSymbolicLink(atPath: fixture.root + "/link", withDestinationPath: fixture.root + "/theirs")
        let cases: [(String, OutputFailure.Kind)] = [
            ("", .emptyPath), (fixture.path + "/inside", .insideSource), (fixture.root, .containsSource),
            (fixture.root + "/notes.txt", .notAFolder), (fixture.root + "/theirs", .notEarlierOutput),
            (fixture.root + "/link", .symbolicLink), (fixture.root + "/missing/out", .missingParent), ("/", .rootFolder),
        ]
        for (output, kind) in cases {
            let failure = refusal(output, source: source)
            #expect(failure?.kind == kind && failure?.path == output, "\(output): \(String(describing: failure))")
        }
        // The message stays what the command prints, naming no path.
        #expect(refusal(fixture.root + "/notes.txt", source: source)?.description.hasPrefix("is a file, not a folder; thinning replaces OUTPUT") == true)
    }

    /// A fill that throws leaves OUTPUT as it was and no staging folder; one that returns
    /// replaces OUTPUT with what it wrote.
    @Test func theTransactionReplacesOnlyWhenTheFillReturns() throws {
        let fixture = try TemporaryCatalog()
        let source = try #require(FileSystem.realPath(fixture.path))
        let output = fixture.root + "/out"
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try OutputFolder.write(output, catalogRealPath: source) { (folder: OutputFolder) -> Void in
                try FileOperations.writeFile(folder.staging + "/half.txt", Array("half".utf8))
                throw Stop()
            }
        }
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.root).allSatisfy { !$0.contains(".partial") })
        let value = try OutputFolder.write(output, catalogRealPath: source) { folder in
            try FileOperations.writeFile(folder.staging + "/whole.txt", Array("whole".utf8))
            return 7
        }
        #expect(value == 7 && FileManager.default.fileExists(atPath: output + "/whole.txt"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.root).allSatisfy { !$0.contains(".partial") && !$0.hasSuffix(".lock") })
    }
}
