import AdaptSupport
import Foundation
import Testing

/// Python's `plistlib` (standard library), an independent reader of both property list formats:
/// it loads each file and prints the values with their types, which come back as `PropertyList`s.
enum PlistLib {
    private static let script = """
        import datetime, json, plistlib, sys
        def tag(v):
            if isinstance(v, bool): return ["bool", v]
            if isinstance(v, int): return ["integer", str(v)]
            if isinstance(v, float): return ["real", v.hex()]
            if isinstance(v, str): return ["string", v]
            if isinstance(v, bytes): return ["data", v.hex()]
            if isinstance(v, datetime.datetime): return ["date", repr((v - datetime.datetime(2001, 1, 1)).total_seconds())]
            if isinstance(v, list): return ["array", [tag(x) for x in v]]
            if isinstance(v, dict): return ["dictionary", {k: tag(x) for k, x in v.items()}]
            raise TypeError(type(v))
        out = []
        for path in sys.argv[1:]:
            with open(path, "rb") as f:
                out.append(tag(plistlib.load(f)))
        json.dump(out, sys.stdout)
        """

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What plistlib reads from each of `documents` (file contents), in order.
    static func read(_ documents: [[UInt8]]) throws -> [PropertyList] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plistlib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (index, bytes) in documents.enumerated() {
            let url = folder.appendingPathComponent("\(index).plist")
            try Data(bytes).write(to: url)
            paths.append(url.path)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + paths
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "plistlib refused the file: \(errorText)") }
        guard let values = try JSONSerialization.jsonObject(with: data) as? [Any] else { throw Failure(description: "not a list") }
        return try values.map(value)
    }

    private static func value(_ tagged: Any) throws -> PropertyList {
        guard let pair = tagged as? [Any], pair.count == 2, let type = pair[0] as? String else {
            throw Failure(description: "unexpected \(tagged)")
        }
        let payload = pair[1]
        func cast<T>(_: T.Type) throws -> T {
            guard let value = payload as? T else { throw Failure(description: "\(type) holds \(payload)") }
            return value
        }
        func parsed<T>(_ make: (String) -> T?) throws -> T {
            guard let value = make(try cast(String.self)) else { throw Failure(description: "\(type) holds \(payload)") }
            return value
        }
        switch type {
        case "bool": return .bool(try cast(Bool.self))
        case "integer": return .integer(try parsed { Int64($0) })
        case "real": return .real(try parsed { Double($0) })
        case "string": return .string(try cast(String.self))
        case "data":
            let hex = Array(try cast(String.self).utf8)
            return .data(stride(from: 0, to: hex.count, by: 2).map { UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16)! })
        case "date": return .date(try parsed { Double($0) })
        case "array": return .array(try cast([Any].self).map(value))
        case "dictionary": return .dictionary(try cast([String: Any].self).mapValues(value))
        default: throw Failure(description: "unknown type \(type)")
        }
    }
}
