import AdaptSupport
import AssetCatalog
import Foundation

/// Today's findings, recorded so that a run reports only new ones (`adapt validate
/// --write-baseline FILE`, then `--baseline FILE` or `baseline:` in `.adapt.yml`).
///
/// Entries are fingerprints (`Fingerprint`), counted: a set with two unreachable entries of the
/// same file name needs both recorded. A baseline entry that no longer occurs is "fixed".
///
/// ```swift
/// let baseline = try Baseline.load(from: "adapt-baseline.json")
/// let (new, fixed) = baseline.filter(findings)
/// ```
package struct Baseline: Hashable, Sendable {
    package static let formatVersion = 1
    package var entries: [Fingerprint]

    package init(_ entries: [Fingerprint]) { self.entries = entries.sorted() }

    /// The findings not in the baseline, and the baseline entries that did not occur.
    package func filter(_ findings: [Finding]) -> (new: [Finding], fixed: [Fingerprint]) {
        var remaining: [Fingerprint: Int] = [:]
        for entry in entries { remaining[entry, default: 0] += 1 }
        var new: [Finding] = []
        for finding in findings {
            if let count = remaining[finding.fingerprint], count > 0 {
                remaining[finding.fingerprint] = count - 1
            } else {
                new.append(finding)
            }
        }
        let fixed = remaining.flatMap { entry, count in Array(repeating: entry, count: count) }.sorted()
        return (new, fixed)
    }

    package var json: JSONValue {
        .object([
            "formatVersion": .number(String(Self.formatVersion)),
            "findings": .array(
                entries.map { entry in
                    .object([
                        "catalog": .string(entry.catalog), "set": .string(entry.set), "asset": .string(entry.asset),
                        "rule": .string(entry.rule), "variant": .string(entry.variant),
                    ])
                }),
        ])
    }

    /// Writes the baseline atomically (a temporary file beside it, then a rename). The caller
    /// checks the path first (`refusal(toWrite:catalogs:)`).
    package func write(to path: String) throws {
        try FileOperations.writeAtomically(path, Array((JSONWriter.xcodeStyle.string(for: json) + "\n").utf8))
    }

    /// Why `--write-baseline path` must not be written, or nil: it lies inside one of the
    /// catalogs, or it exists and is not a baseline (one `load` reads), such as the catalog's
    /// Contents.json or `main.swift` typed by mistake.
    package static func refusal(toWrite path: String, catalogs: [String]) -> String? {
        FileSystem.outputFileRefusal(path, catalogs: catalogs, writer: "adapt validate --write-baseline") { existing in
            (try? load(from: existing)) != nil
        }
    }

    /// The largest baseline read (64 MiB, some 300,000 findings).
    package static let sizeLimit = 64 << 20

    /// Reads a baseline. With `boundary` (a `baseline:` path from `.adapt.yml`), the file must lie
    /// inside that folder once links are resolved, as `DeviceDatabase.load(from:inside:)` says.
    package static func load(from path: String, inside boundary: String? = nil) throws(Diagnostic) -> Baseline {
        let location = SourceLocation(file: path)
        let data: [UInt8]
        do {
            data = try FileSystem.readRegularFile(path, inside: boundary, limit: sizeLimit)
        } catch {
            throw Diagnostic(.baselineInvalid, "cannot read the baseline file: \(error.reason)", at: location)
        }
        guard let document = try? JSONParser.parse(data), document["formatVersion"]?.int == formatVersion,
            let findings = document["findings"]?.array
        else {
            throw Diagnostic(.baselineInvalid, "not a baseline written by adapt validate --write-baseline (format \(formatVersion))", at: location)
        }
        var entries: [Fingerprint] = []
        for finding in findings {
            guard let catalog = finding["catalog"]?.string, let set = finding["set"]?.string, let asset = finding["asset"]?.string,
                let rule = finding["rule"]?.string, let variant = finding["variant"]?.string
            else {
                throw Diagnostic(.baselineInvalid, "a baseline finding lacks catalog, set, asset, rule or variant", at: location)
            }
            entries.append(Fingerprint(catalog: catalog, set: set, asset: asset, rule: RuleID.currentID(rule), variant: variant))
        }
        return Baseline(entries)
    }
}

/// A diagnostic and its fingerprint.
package struct Finding: Hashable, Sendable {
    package var diagnostic: Diagnostic
    package var fingerprint: Fingerprint

    package init(diagnostic: Diagnostic, fingerprint: Fingerprint) {
        self.diagnostic = diagnostic
        self.fingerprint = fingerprint
    }
}
