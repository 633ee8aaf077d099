extension SliceSummary {
    /// The summary `adapt thin` prints on a terminal, one device a line.
    package static func table(_ summaries: [SliceSummary]) -> String {
        let header = ["device", "kept", "dropped", "bytes before", "bytes after", "saved", "no match", "same slice as"]
        let rows = summaries.map { summary -> [String] in
            let saved = summary.bytesBefore == 0 ? 0 : 100 - summary.bytesAfter * 100 / summary.bytesBefore
            return [
                summary.device.id, String(summary.kept), String(summary.dropped), String(summary.bytesBefore),
                String(summary.bytesAfter), "\(saved)%", String(summary.assetsWithoutMatch.count), summary.sharedWith ?? "",
            ]
        }
        return TextTable.render([header] + rows, rightAligned: Set(1...6))
    }
}
