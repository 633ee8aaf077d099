import AdaptSupport

extension PNGReport {
    /// `{"path": ..., "format": "PNG", "width": 64, ..., "problems": [...]}`
    package var json: JSONValue {
        var object: JSONObject = ["path": .from(path), "format": .string(format.rawValue)]
        if let header {
            object["width"] = .number(String(header.width))
            object["height"] = .number(String(header.height))
            object["bitDepth"] = .number(String(header.bitDepth))
            object["colorType"] = .string(header.colorType.name)
            object["interlaced"] = .bool(header.interlaced)
            object["alpha"] = .bool(header.hasAlpha)
            object["profile"] = .string(header.profileKind.description)
            if let name = header.iccProfileName { object["iccProfileName"] = .string(name) }
            if let description = header.iccProfileDescription { object["iccProfileDescription"] = .string(description) }
            if header.sRGBIntent != nil { object["sRGB"] = true }
            if let gamma = header.gamma { object["gamma"] = .number(String(gamma)) }
        }
        object["decoded"] = .bool(decoded)
        object["problems"] = .array(
            problems.map { problem in
                var entry: JSONObject = [
                    "code": .string(problem.code.rawValue), "severity": .string(problem.severity.rawValue),
                    "message": .string(problem.message),
                ]
                if let offset = problem.offset { entry["offset"] = .number(String(offset)) }
                return .object(entry)
            })
        return .object(object)
    }

    /// One line for people: `path: 64x64, 8-bit RGBA, ..., OK` or `... 2 errors`.
    package var textLine: String {
        let errors = problems.count { $0.severity == .error }
        let warnings = problems.count { $0.severity == .warning }
        var verdict = errors > 0 ? "\(counted(errors, "error"))" : "OK"
        if warnings > 0 { verdict += ", \(counted(warnings, "warning"))" }
        return "\(path ?? "-"): \(summary): \(verdict)"
    }
}
