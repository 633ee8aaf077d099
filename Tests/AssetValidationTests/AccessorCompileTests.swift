import AssetCatalog
import Foundation
import Testing

@_spi(AdaptTool) @testable import AdaptiveAssets

/// Issue "Hostile input, round 2": the generated accessors, for a catalog of every hostile and
/// reserved name, compiled by the real `swiftc` and run. The build plugin compiles this file into
/// the user's app from a catalog in an untrusted pull request, so it must compile whatever the
/// names, and no name may add code (a module-level `print`, say) to the app.
@Suite(.serialized) struct AccessorCompileTests {
    /// Every name the issue lists, and more: all keywords, operators, controls, bidirectional
    /// characters, comment and string delimiters, generated and standard type names, names that
    /// collide once cleaned, each also as a namespace and deep inside namespaces.
    static let hostileNames: [String] = {
        let injection = "x\n}\npublic func print(_ items: Any..., separator: String = \"\", terminator: String = \"\") {}\nenum Z {"
        let leaves =
            Array(AccessorGenerator.keywords) + [
                "_", "__", "Type", "type", "self", "Self", "Protocol", "protocol", "AssetName", "assetName", "Asset", "asset",
                "Swift", "String", "Hashable", "Sendable", "CustomStringConvertible", "print", "precedencegroup", "#if", "#endif",
                "+", "==", "->", "", " ", "\u{1}", "\u{7F}", "a\rb", "a\nb", "\r\n", "\u{202E}evil\u{202C}", "\u{2066}x\u{2069}",
                "x\u{2028}y", "\u{2029}", "\"\"\"", "\"", "\\", "*/", "/*", "// x", "\\(print(1))", "`", "``", "a`b", "`self`",
                "logo", "Logo", "LOGO", "logo-", "logo__df41e0", "logo__DF41E0", "3d", "_3d", "3D", "é", "日本", "🙂", "\u{0}",
                "Type_", "AssetName_", "unnamed", "Unnamed", injection,
            ]
        var names = leaves
        names += ["self", "Type", "Protocol", "AssetName", "_", "init", "String", injection, "\u{202E}", "#if", "logo", "Logo"].map { $0 + "/x" }
        names += [
            "Type/Protocol/AssetName/self/_", "Asset/Asset/asset", "AssetName/String/Swift/y", "a\n/\u{202E}/z", "//", "/",
            "Logo/logo", "logo/Logo", "_3d/_3d", "Self/Self/`Self`", injection + "/" + injection,
        ]
        return names
    }()

    static func catalog(_ names: [String]) -> Catalog {
        let path = "/catalogs/Hostile.xcassets"
        return Catalog(
            path: path,
            assets: names.enumerated().map { index, name in
                Asset(name: name, type: [AssetType.imageSet, .colorSet, .dataSet][index % 3], path: path + "/\(index).imageset")
            })
    }

    @Test func theHostileCatalogsAccessorsAreInertASCII() {
        let source = AccessorGenerator().source(for: [Self.catalog(Self.hostileNames)])
        #expect(source.unicodeScalars.allSatisfy { $0 == "\n" || (0x20..<0x7F).contains($0.value) })
        // The injected text is in the file only inside literals and comments, on their own lines.
        let lines = source.split(separator: "\n").map { $0.drop { $0 == " " } }
        #expect(!lines.contains { $0.hasPrefix("public func") || $0.hasPrefix("enum Z") })
        #expect(lines.filter { $0.contains("func print") }.allSatisfy { $0.hasPrefix("///") || $0.hasPrefix("public static let ") })
    }

    @Test func theHostileCatalogsAccessorsCompileAndNameEachAsset() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = AccessorGenerator().source(for: [Self.catalog(Self.hostileNames)])
        // What each accessor's literal says, decoded: exactly the catalog's names, each once.
        let accessors = AccessorNamingTests.accessors(source).mapValues(Self.unescape)
        #expect(accessors.count == Set(Self.hostileNames).count && Set(accessors.values) == Set(Self.hostileNames))
        // The program checks the bytes of what every accessor names, compiled, and prints through
        // `print`: a hijacked `print` (a module-level function from a name) would print nothing.
        var main = ["var wrong = 0"]
        for (accessor, name) in accessors.sorted(by: { $0.key < $1.key }) {
            main.append("if Array(\(accessor).name.utf8) != \(Array(name.utf8)) as [UInt8] { wrong += 1 }")
        }
        main += ["print(\"checked \\(wrong) wrong\")"]
        try Data(source.utf8).write(to: URL(fileURLWithPath: folder + "/Assets.swift"))
        try Data(main.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: folder + "/main.swift"))
        let compile = try Self.run(Self.swiftc, ["Assets.swift", "main.swift", "-o", "accessors"], in: folder)
        #expect(compile.status == 0, "swiftc rejects the generated file:\n\(compile.output.prefix(4000))")
        guard compile.status == 0 else { return }
        let program = try Self.run(folder + "/accessors", [], in: folder)
        #expect(program.output == "checked 0 wrong\n")
    }

    @Test func anotherRootTypeAndAccessLevelCompileToo() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let names = Self.hostileNames + ["R", "R/r", "r/R"]
        let source = AccessorGenerator(rootTypeName: "R", accessLevel: "internal").source(for: [Self.catalog(names)])
        try Data(source.utf8).write(to: URL(fileURLWithPath: folder + "/R.swift"))
        let typecheck = try Self.run(Self.swiftc, ["-typecheck", "-parse-as-library", "R.swift"], in: folder)
        #expect(typecheck.status == 0, "swiftc rejects the generated file:\n\(typecheck.output.prefix(4000))")
    }

    /// The value of a literal's inside (`\u{...}` escapes).
    static func unescape(_ body: String) -> String {
        var result = ""
        var rest = body[...]
        while let slash = rest.range(of: "\\u{") {
            result += rest[..<slash.lowerBound]
            let close = rest[slash.upperBound...].firstIndex(of: "}")!
            result.unicodeScalars.append(Unicode.Scalar(UInt32(rest[slash.upperBound..<close], radix: 16)!)!)
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// `swiftc` beside the `swift` that runs these tests, or on PATH (`SWIFTC` overrides).
    static var swiftc: String {
        if let explicit = ProcessInfo.processInfo.environment["SWIFTC"] { return explicit }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: folder + "/swiftc") {
            return folder + "/swiftc"
        }
        return "/usr/bin/swiftc"
    }

    static func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("accessors-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    static func run(_ executable: String, _ arguments: [String], in folder: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
