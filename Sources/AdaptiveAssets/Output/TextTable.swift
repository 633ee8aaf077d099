/// Columns aligned for a terminal: each as wide as its widest cell, two spaces apart, no
/// trailing spaces.
///
/// ```swift
/// TextTable.render([["device", "kept"], ["iphone-6", "16"]], rightAligned: [1])
/// ```
enum TextTable {
    static func render(_ rows: [[String]], rightAligned: Set<Int> = []) -> String {
        guard let columns = rows.map(\.count).max() else { return "" }
        let rows = rows.map { $0.map(\.escapingControlCharacters) } // escaped first, so widths hold
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max()! }
        return rows.map { row in
            var line = row.enumerated().map { column, cell in
                let fill = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? fill + cell : cell + fill
            }.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line
        }.textOutput
    }
}
