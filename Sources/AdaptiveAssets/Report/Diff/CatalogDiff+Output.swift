extension CatalogDiff {
    package var text: String {
        var lines = ["\(oldPath) → \(newPath)"]
        if case .content(let tolerance) = comparison {
            lines.append("Compared by content: decoded pixels (equal within \(tolerance) per channel), data bytes and colour values.")
        }
        func list(_ title: String, _ items: [String]) {
            guard !items.isEmpty else { return }
            lines.append("\(title) (\(items.count)):")
            lines += items.map { "  " + $0 }
        }
        list("Added", added)
        list("Removed", removed)
        list("Renamed", renamed.map { "\($0.from) → \($0.to)" })
        if !changed.isEmpty {
            lines.append("Changed (\(changed.count)):")
            for change in changed {
                lines.append("  \(change.name)")
                lines += change.variantsAdded.map { "    + " + $0 }
                lines += change.variantsRemoved.map { "    - " + $0 }
                lines += change.variantsChanged.map { "    ~ " + $0.text }
                lines += change.filesChanged.map { "    bytes changed: " + $0 }
            }
        }
        if !newDiagnostics.isEmpty {
            lines.append("New diagnostics (\(newDiagnostics.count)):")
            lines += newDiagnostics.map { "  " + $0.description }
        }
        if added.isEmpty && removed.isEmpty && renamed.isEmpty && changed.isEmpty { lines.append("No asset changed.") }
        lines.append("Download size per device (before → after):")
        for size in sizes {
            let sign = size.delta > 0 ? "+" : ""
            let first = size.devices[0] + (size.devices.count > 1 ? " and \(size.devices.count - 1) more" : "")
            lines.append("  \(first): \(size.before) → \(size.after) bytes (\(sign)\(size.delta))")
        }
        return lines.textOutput
    }

    package var json: JSONValue {
        func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
        return .object([
            "format": "adaptive-assets.diff", "formatVersion": 1,
            "old": .string(oldPath), "new": .string(newPath),
            "comparedBy": comparisonJSON,
            "added": strings(added), "removed": strings(removed),
            "renamed": .array(renamed.map { .object(["from": .string($0.from), "to": .string($0.to)]) }),
            "changed": .array(
                changed.map { change in
                    .object([
                        "name": .string(change.name), "variantsAdded": strings(change.variantsAdded),
                        "variantsRemoved": strings(change.variantsRemoved), "variantsChanged": strings(change.variantsChanged.map(\.text)),
                        "filesChanged": strings(change.filesChanged),
                    ])
                }),
            "newDiagnostics": .array(newDiagnostics.map(\.json)),
            "sizes": .array(
                sizes.map { size in
                    .object([
                        "devices": strings(size.devices), "before": .number(String(size.before)),
                        "after": .number(String(size.after)), "delta": .number(String(size.delta)),
                    ])
                }),
        ])
    }

    /// `{"method": "files"}`, or `{"method": "content", "pixelTolerance": 2}`.
    private var comparisonJSON: JSONValue {
        switch comparison {
        case .files: .object(["method": "files"])
        case .content(let tolerance): .object(["method": "content", "pixelTolerance": .number(String(tolerance))])
        }
    }

    /// GitHub Actions workflow commands: a notice per change, a warning (or error) per new
    /// diagnostic at its file and line, relative to `workingDirectory`, and a notice per group of
    /// devices whose download size changed. `failures` (from `growth(over:)`) come last, as errors.
    package func github(workingDirectory: String, failures: [Diagnostic] = []) -> String {
        let escape = GitHubReporter.escapeData
        let property = GitHubReporter.escapeProperty
        let relative = ValidationReport(workingDirectory: workingDirectory).relative
        var lines: [String] = []
        for name in added { lines.append("::notice title=Asset added::\(escape(name))") }
        for name in removed { lines.append("::notice title=Asset removed::\(escape(name))") }
        for rename in renamed { lines.append("::notice title=Asset renamed::\(escape(rename.from)) → \(escape(rename.to))") }
        for change in changed {
            let parts =
                change.variantsAdded.map { "+ " + $0 } + change.variantsRemoved.map { "- " + $0 }
                + change.variantsChanged.map { "~ " + $0.text } + change.filesChanged.map { "bytes changed: " + $0 }
            lines.append("::notice title=Asset changed\(property(": " + change.name))::\(escape(parts.joined(separator: "\n")))")
        }
        for diagnostic in newDiagnostics + failures { lines.append(GitHubReporter.command(for: diagnostic, relativeTo: relative)) }
        for size in sizes where size.delta != 0 {
            lines.append(
                "::notice title=Download size::\(escape(size.devices.joined(separator: " "))): \(size.before) → \(size.after) bytes (\(size.delta > 0 ? "+" : "")\(size.delta))"
            )
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }
}

extension CatalogDiff {
    /// One SARIF 2.1.0 document (`SARIFReporter`'s) of what code scanning should show: the new
    /// diagnostics and the budget `failures`. Changes that break no line stay in the other formats.
    package func sarif(workingDirectory: String, failures: [Diagnostic] = []) -> String {
        var report = ValidationReport(workingDirectory: workingDirectory)
        report.findings = (newDiagnostics + failures).map { Finding(diagnostic: $0, fingerprint: Fingerprint($0, in: [])) }
        return SARIFReporter().render(report).standardOutput
    }
}

extension CatalogDiff.VariantChange {
    /// The change in words, for the text, JSON and GitHub outputs: `idiom=universal scale=1x: 50x50 → 24x50 pixels`.
    package var text: String {
        switch difference {
        case .payload(let from, let to): "\(traits): \(from) → \(to)"
        case .content(let difference): "\(traits): \(difference.text)"
        }
    }
}

extension VariantContent.Difference {
    /// The difference in words.
    package var text: String {
        switch self {
        case .size(let fromWidth, let fromHeight, let toWidth, let toHeight): "\(fromWidth)x\(fromHeight) → \(toWidth)x\(toHeight) pixels"
        case .pixels(let largest): "pixels differ (by up to \(largest) in a channel)"
        case .data(let from, let to): "data differs (\(from) → \(to) bytes)"
        case .color(let from, let to), .kind(let from, let to): "\(from.text) → \(to.text)"
        }
    }
}

extension VariantContent.Shape {
    /// What the content is, in a few words: `50x50 pixels`, `12 bytes of data`, `srgb(1.0, 0.0, 0.0, 1.0)`.
    package var text: String {
        switch self {
        case .pixels(let width, let height): "\(width)x\(height) pixels"
        case .bytes(let count): "\(count) bytes of data"
        case .color(let space, let components): "\(space)(\(components.map { String($0) }.joined(separator: ", ")))"
        case .systemColor(let name): name
        case .sizes(let sizes): "sizes " + sizes.joined(separator: ", ")
        case .unavailable(let reason): reason
        }
    }
}
