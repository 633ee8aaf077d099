import CatalogFixtures
import Foundation
import Testing

/// Runs the built `adapt` executable the way a user or a build script would.
struct AdaptRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum Adapt {
    static var executable: URL {
        get throws {
            let candidates = [
                Bundle.main.bundleURL.appendingPathComponent("adapt"),
                Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("adapt"),
                URL(fileURLWithPath: Corpus.repositoryRoot).appendingPathComponent(".build/debug/adapt"),
            ]
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw NotBuilt()
            }
            return found
        }
    }

    final class DataBox: @unchecked Sendable {
        var data = Data()
    }

    struct NotBuilt: Error, CustomStringConvertible {
        var description: String { "the adapt executable was not found next to the tests; run `swift build` first" }
    }

    /// Runs `adapt` (or another `executable` that runs it) with `arguments` in the repository root (or
    /// `directory`), feeding `input` to standard input; `environment` changes or adds variables of the test's own.
    static func run(
        _ arguments: [String], input: String = "", in directory: String? = nil, environment: [String: String] = [:], executable other: String? = nil
    ) throws -> AdaptRun {
        let process = Process()
        process.executableURL = try other.map(URL.init(fileURLWithPath:)) ?? executable
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.currentDirectoryURL = URL(fileURLWithPath: directory ?? Corpus.repositoryRoot)
        let output = Pipe()
        let error = Pipe()
        let stdin = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = stdin
        try process.run()
        // Both pipes are drained at once, before waiting: a child that fills one of them (thin's
        // warnings on standard error) while the other is read would otherwise stall for ever.
        let errorData = DataBox()
        let errorReader = Thread { errorData.data = error.fileHandleForReading.readDataToEndOfFile() }
        errorReader.start()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorReader.isFinished { usleep(1000) }
        let err = errorData.data
        return AdaptRun(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }
}

/// Compares `actual` with the committed snapshot `name`. With `RECORD_SNAPSHOTS=1`, writes it
/// instead (and still fails, so a recording is never mistaken for a pass).
func assertSnapshot(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots/\(name)")
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
        try Data(actual.utf8).write(to: url)
        Issue.record("recorded snapshot \(name)", sourceLocation: sourceLocation)
        return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(
        actual == expected, "snapshot \(name) differs; rerun with RECORD_SNAPSHOTS=1 to update it after checking the change",
        sourceLocation: sourceLocation)
}
