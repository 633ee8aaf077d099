import Foundation
import Testing

/// A compile of 20,000 sets takes minutes: on a terminal it draws a line of renditions done of
/// the total as it encodes (as `thin` draws its devices), and clears it; into a pipe or a file it
/// writes no such line (issue #36).
@Suite struct CompileProgressTests {
    static let arguments = ["compile", "Assets/Showcase.xcassets", "--platform", "iphoneos", "--minimum-deployment-target", "17.0"]

    static func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("adaptive-assets-progress-\(UUID().uuidString)").path
    }

    @Test func aTerminalSeesRenditionsDoneOfTheTotal() throws {
        let output = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        // `script` gives the command a terminal; standard output (the result document) is left out.
        let command = ([try Adapt.executable.path] + Self.arguments + ["--compile", output]).map { "'\($0)'" }.joined(separator: " ") + " >/dev/null"
        let run = try Adapt.run(["-qec", command, "/dev/null"], executable: "/usr/bin/script")
        #expect(run.status == 0, "\(run.stdout)")
        let lines = run.stdout.components(separatedBy: "\r\u{1B}[K").filter { !$0.isEmpty }
        let counts = lines.compactMap { line -> (Int, Int)? in
            let numbers = line.replacingOccurrences(of: "compiling: ", with: "").replacingOccurrences(of: " renditions", with: "").split(separator: "/")
            guard line.hasPrefix("compiling: "), numbers.count == 2, let done = Int(numbers[0]), let total = Int(numbers[1]) else { return nil }
            return (done, total)
        }
        #expect(counts.count > 1, "\(lines)")
        #expect(counts.map(\.0) == counts.map(\.0).sorted(), "counts only grow")
        #expect(counts.last.map { $0.0 == $0.1 } == true, "the last line says all are done")
        let last = try #require(counts.last)
        #expect(run.stdout.contains("compiling: \(last.0)/\(last.1) renditions\r\u{1B}[K"), "the line is cleared before the findings")
    }

    @Test func aPipeSeesNoProgressLine() throws {
        let output = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let run = try Adapt.run(Self.arguments + ["--compile", output])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("compiling:") && !run.stderr.contains("\u{1B}[K"))
    }
}
