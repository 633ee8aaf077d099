@_exported import AdaptiveAssets
import CLibFuzzer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Shared by the fuzz targets: turning libFuzzer's buffer into bytes, stating what must hold
/// (a failed check aborts, which libFuzzer records as a crash with its input), and a scratch
/// folder that lives as long as the process.
public enum Fuzz {
    /// What a target tests: libFuzzer's buffer in, 0 out (anything else is reserved).
    public typealias Body = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// Runs libFuzzer with this process's arguments on `body`, and exits with its status.
    public static func run(_ body: Body) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, body))
    }

    /// The input as bytes.
    public static func bytes(_ start: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
        guard let start, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: start, count: count))
    }

    /// An invariant of the code under test: when it fails, say which and abort, so libFuzzer
    /// writes the input to a `crash-*` file.
    public static func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        if !condition() {
            let line = Array("fuzz invariant failed: \(message())\n".utf8)
            _ = line.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
            abort()
        }
    }

    /// A folder of this process's own under the system's temporary folder, removed at exit.
    public static let scratch: String = {
        let base = (getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp") + "/adapt-fuzz-\(getpid())"
        _ = mkdir(base, 0o700)
        atexit { Fuzz.remove(Fuzz.scratch) }
        return base
    }()

    /// Removes the file or folder at `path` and everything in it, if it is there (no shell: a
    /// process per input would be most of the time spent).
    public static func remove(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            if let folder = opendir(path) {
                var names: [String] = []
                while let entry = readdir(folder) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
                    if name != "." && name != ".." { names.append(name) }
                }
                closedir(folder)
                for name in names { remove(path + "/" + name) }
            }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// Writes `bytes` to `path`, replacing it.
    public static func write(_ bytes: [UInt8], to path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        require(descriptor >= 0, "cannot write \(path)")
        bytes.withUnsafeBytes { buffer in _ = Glibc.write(descriptor, buffer.baseAddress, buffer.count) }
        close(descriptor)
    }

    /// The repository this package sits in (its parent folder), for the Showcase catalog.
    public static let repositoryRoot: String = {
        var path = #filePath
        for _ in 0..<4 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()

    /// The built-in device database: every target that needs devices reads it once.
    public static let devices: DeviceDatabase = {
        do { return try DeviceDatabase.builtIn() } catch { fatalError("the built-in device database does not load: \(error)") }
    }()

    /// One device of each idiom (the first in the database), for targets that cannot afford all.
    public static let devicePerIdiom: [DeviceProfile] = {
        var seen: Set<UserInterfaceIdiom> = []
        return devices.devices.filter { seen.insert($0.idiom).inserted }
    }()
}
