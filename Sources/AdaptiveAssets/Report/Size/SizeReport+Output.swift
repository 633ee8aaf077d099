import AdaptSupport

extension SizeReport {
    /// Xcode's App Thinning Size Report, for asset catalogs: one block per group of devices.
    package var text: String {
        var lines: [String] = []
        lines.append("Asset Thinning Size Report for \(catalogs.joined(separator: ", "))")
        lines.append("Unthinned: \(Self.formatted(bytesBefore))")
        for group in groups {
            lines.append("")
            lines.append("Variant: \(group.devices[0].id)")
            lines.append(
                "Supported variant descriptors: "
                    + group.devices.map { device in
                        "[device: \(device.modelIdentifiers.first ?? device.id) (\(device.name))]"
                    }.joined(separator: ", "))
            let share = bytesBefore == 0 ? 100 : Int((Double(group.bytes) * 100 / Double(bytesBefore)).rounded())
            lines.append(
                "Asset catalog size: \(Self.formatted(group.bytes)), \(share)% of unthinned; \(group.keptVariants) variants kept, \(group.droppedVariants) dropped"
            )
            let width = group.bytesByType.map(\.type.count).max() ?? 0
            for type in group.bytesByType where type.bytes > 0 || type.assets > 0 {
                lines.append("  \(type.type.padded(to: width))  \(Self.formatted(type.bytes))  (\(counted(type.assets, "asset")))")
            }
        }
        return lines.textOutput
    }

    package var json: JSONValue {
        .object([
            "format": "adaptive-assets.size", "formatVersion": 1,
            "catalogs": .array(catalogs.map(JSONValue.string)),
            "bytesBefore": .number(String(bytesBefore)),
            "groups": .array(
                groups.map { group in
                    .object([
                        "devices": .array(group.devices.map { .string($0.id) }),
                        "modelIdentifiers": .array(group.devices.flatMap(\.modelIdentifiers).map(JSONValue.string)),
                        "bytes": .number(String(group.bytes)),
                        "keptVariants": .number(String(group.keptVariants)),
                        "droppedVariants": .number(String(group.droppedVariants)),
                        "byType": .object(JSONObject(group.bytesByType.map { .init(key: $0.type, value: .number(String($0.bytes))) })),
                        "assetsWithoutMatch": .array(group.assetsWithoutMatch.map(JSONValue.string)),
                    ])
                }),
        ])
    }

    /// One line per device (not per group), so a spreadsheet can sort and filter:
    /// `device,name,group,bytes,<type>...`.
    package var csv: String {
        let types = Array(Set(groups.flatMap { $0.bytesByType.map(\.type) })).sorted()
        var lines = [(["device", "name", "group", "bytes"] + types).joined(separator: ",")]
        for group in groups {
            let byType = Dictionary(uniqueKeysWithValues: group.bytesByType.map { ($0.type, $0.bytes) })
            for device in group.devices {
                let fields = [device.id, device.name, group.devices[0].id, String(group.bytes)] + types.map { String(byType[$0] ?? 0) }
                lines.append(fields.map(Self.csvField).joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One CSV field (RFC 4180). A device name comes from a user's devices file, so each field
    /// stays on its record's line: line breaks and other control or invisible characters are
    /// written as the text escaper writes them (`\n`), never raw, so a name cannot start a line of
    /// its own (a forged `::error` workflow command, a forged record). A field that a spreadsheet
    /// would run as a formula (`=`, `+`, `-`, `@`) gets a leading `'`, as OWASP advises.
    static func csvField(_ value: String) -> String {
        var field = value.escapingControlCharacters
        if let first = field.first, "=+-@".contains(first) { field = "'" + field }
        guard field.contains(where: { $0 == "," || $0 == "\"" }) else { return field }
        return "\"" + field.replacingAll("\"", with: "\"\"") + "\""
    }

    /// `12,345 bytes (12.1 KB)`.
    package static func formatted(_ bytes: Int) -> String {
        var digits = String(bytes)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        let plain = digits + grouped + " bytes"
        if bytes < 1000 { return plain }
        let units = ["KB", "MB", "GB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return plain + " (\(Self.oneDecimal(value)) \(units[unit]))"
    }

    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
