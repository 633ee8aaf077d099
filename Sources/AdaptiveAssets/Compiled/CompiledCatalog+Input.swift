import AdaptSupport
import CompiledCatalog

extension CompiledCatalog {
    /// Whether `path` names a compiled catalog rather than an `.xcassets` folder: a name ending
    /// in `.car`, or a regular file whose first bytes are `BOMStore` (an `Assets.car` renamed).
    ///
    /// ```swift
    /// CompiledCatalog.isCompiledCatalog(atPath: "Payload/App.app/Assets.car")   // true
    /// CompiledCatalog.isCompiledCatalog(atPath: "Assets.xcassets")              // false
    /// ```
    public static func isCompiledCatalog(atPath path: String) -> Bool {
        if path.lowercased().hasSuffix(".car") { return true }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var start = [UInt8](repeating: 0, count: 8)
        let count = start.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 8) }
        return count == 8 && looksCompiled(start)
    }
}
