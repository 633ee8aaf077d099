import Foundation
import Testing

/// Issue #26, item 1: a compiled catalog's path that leads to something other than a regular file
/// (a named pipe above all) is refused by every command that reads `.car` files, before it is
/// opened for a read that would wait for a writer forever.
@Suite struct CompiledFileInputTests {
    @Test(arguments: [
        ["inspect", "x.car"],
        ["inspect", "x.car", "--format", "json"],
        ["resolve", "x.car", "Logo", "--idiom", "phone", "--scale", "2"],
        ["thin", "x.car", "--device", "iphone-15", "-o", "out"],
        ["size", "x.car"],
        ["verify", "x.car", "--source", "Missing.xcassets"],
        ["extract", "x.car", "-o", "out"],
    ])
    func aNamedPipeCalledDotCarIsRefusedByName(_ arguments: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-car-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/x.car", 0o644) == 0)
        let run = try HostileAdapt.run(arguments, in: folder, deadline: 20)
        #expect(!run.timedOut, "\(arguments[0]) hung on a named pipe")
        #expect(run.status != 0)
        #expect(run.stderr.hasPrefix("x.car:") && run.stderr.contains(": error: the file is not a regular file (a named pipe) [car.unreadable]"),
                "\(arguments): \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"), "nothing is written")
    }
}
