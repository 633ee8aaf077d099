import AdaptSupport
import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

/// Runs the built `adapt` the way a careless user or a hostile pull request would meet it: in a
/// chosen working folder, and killed after a deadline, so that a hang fails the test instead of
/// stalling the suite.
enum HostileAdapt {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        /// The run had to be killed at the deadline.
        var timedOut: Bool
    }

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

    struct NotBuilt: Error, CustomStringConvertible {
        var description: String { "the adapt executable was not found next to the tests; run `swift build` first" }
    }

    /// `limits`, shell `ulimit` commands such as `ulimit -v 2000000`, run `adapt` under a memory or
    /// descriptor cap, so that a regression that reads /dev/zero fails on its cap instead of taking
    /// the machine's memory.
    /// `environment` is added to this process's (`TMPDIR` for a run's default folders).
    static func run(
        _ arguments: [String], in folder: String, limits: String? = nil, deadline: Double = 60,
        environment: [String: String] = [:]
    ) throws -> Run {
        let process = Process()
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        if let limits {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", limits + "; exec \"$0\" \"$@\"", try executable.path] + arguments
        } else {
            process.executableURL = try executable
            process.arguments = arguments
        }
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let killed = LockedFlag()
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline) {
            if process.isRunning {
                killed.set()
                // SIGKILL, not `terminate()`: the child inherits the spawning thread's signal mask,
                // in which SIGTERM may be blocked, and a run hung on a FIFO would never end.
                kill(process.processIdentifier, SIGKILL)
            }
        }
        let errorData = DataBox()
        let errorReader = Thread { errorData.data = error.fileHandleForReading.readDataToEndOfFile() }
        errorReader.start()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorReader.isFinished { usleep(1000) }
        return Run(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: errorData.data, as: UTF8.self), timedOut: killed.value)
    }

    final class LockedFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var flag = false
        func set() { lock.withLock { flag = true } }
        var value: Bool { lock.withLock { flag } }
    }

    final class DataBox: @unchecked Sendable {
        var data = Data()
    }
}

/// A `--devices` file of one phone profile with this `id` (model identifier `Evil1,1`).
func devicesFile(id: String) -> String {
    """
    {"formatVersion": 1, "devices": [{
      "id": "\(id)", "name": "Evil", "modelIdentifiers": ["Evil1,1"], "idiom": "phone", "displayScale": 2,
      "screen": {"width": 375, "height": 667}, "displayGamut": "sRGB", "memory": 1, "appearances": ["light"],
      "traitSets": [{"orientation": "portrait", "multitasking": "fullScreen", "horizontalSizeClass": "compact",
                     "verticalSizeClass": "regular", "window": {"width": 375, "height": 667}}]}]}
    """
}

/// Every entry below `root` by relative path: a file's bytes, a folder, or a link's target.
/// Links are recorded, never followed, so a snapshot of a hostile tree terminates.
func snapshot(_ root: String) -> [String: String] {
    var result: [String: String] = [:]
    func visit(_ folder: String, _ prefix: String) {
        guard let entries = try? FileSystem.listDirectory(folder) else { return }
        for entry in entries {
            let path = folder + "/" + entry.name
            let key = prefix + entry.name
            if entry.isSymbolicLink {
                result[key] = "link -> " + (FileSystem.linkTarget(path) ?? "?")
            } else if entry.isDirectory {
                result[key] = "folder"
                visit(path, key + "/")
            } else {
                result[key] = (try? FileSystem.readFile(path)).map { "file " + $0.map { String($0, radix: 16) }.joined() } ?? "unreadable"
            }
        }
    }
    visit(root, "")
    return result
}

/// A catalog with two sets of real PNGs, `Test.xcassets` in a fresh project folder
/// (`fixture.root`), ready to thin for any device.
func thinnableCatalog() throws -> TemporaryCatalog {
    let fixture = try TemporaryCatalog()
    let png = PNGFixture.png(width: 4, height: 4)
    try fixture.addSet(
        "A.imageset",
        entries: [
            ["idiom": "universal", "scale": "2x", "filename": "a@2x.png"],
            ["idiom": "universal", "scale": "3x", "filename": "a@3x.png"],
        ],
        files: ["a@2x.png", "a@3x.png"], pngBytes: png)
    try fixture.addSet("B.imageset", entries: [["idiom": "universal", "filename": "b.png"]], files: ["b.png"], pngBytes: png)
    return fixture
}
