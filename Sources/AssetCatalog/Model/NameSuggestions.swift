/// Close names for one that was not found, for "did you mean" answers to a user in a hurry:
/// the same name in another case or without its punctuation (`iphone15` for `iphone-15`,
/// `logo` for `Logo`), else names within a small edit distance.
///
/// ```swift
/// NameSuggestions.closest(to: "iphone15", among: ["iphone-15", "iphone-15-pro", "ipad-air-2"])   // ["iphone-15"]
/// ```
package enum NameSuggestions {
    /// At most `limit` names, best first; empty when nothing is close.
    package static func closest(to name: String, among candidates: some Sequence<String>, limit: Int = 3) -> [String] {
        let key = folded(name)
        guard !key.isEmpty else { return [] }
        // Allow about one typo per four characters, at most three.
        let allowed = min(3, max(1, key.count / 4))
        var scored: [(distance: Int, name: String)] = []
        for candidate in candidates where candidate != name {
            let other = folded(candidate)
            if other == key {
                scored.append((0, candidate))
            } else if abs(other.count - key.count) <= allowed, let distance = editDistance(key, other, limit: allowed) {
                scored.append((distance, candidate))
            }
        }
        // The same name typed differently beats every typo.
        if scored.contains(where: { $0.distance == 0 }) { scored.removeAll { $0.distance > 0 } }
        return scored.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(limit).map(\.name)
    }

    /// ` Did you mean 'a' or 'b'?`, or "" when there is nothing to suggest.
    package static func didYouMean(_ name: String, among candidates: some Sequence<String>) -> String {
        let names = closest(to: name, among: candidates).map { "'\($0)'" }
        guard let last = names.last else { return "" }
        return " Did you mean " + (names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last) + "?"
    }

    /// Lowercased, without `-`, `_`, spaces and dots: the differences a hurried typist makes.
    private static func folded(_ name: String) -> [Character] {
        name.lowercased().filter { !"-_ .".contains($0) }.map { $0 }
    }

    /// Levenshtein distance, or nil when it exceeds `limit` (rows stop early).
    private static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int? {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            if current.min()! > limit { return nil }
            previous = current
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
