import Synchronization

/// Whether two packed images (by their positions in two compiled catalogs' renditions) hold
/// the same encoded pixels, each pair answered once: thousands of references point into a
/// few packed images, and each comparison reads every byte of both.
package final class SamePackedImages: Sendable {
    private struct Pair: Hashable {
        var left: Int
        var right: Int
    }
    private let answers = Mutex<[Pair: Bool]>([:])

    package init() {}

    /// The answer for `left` and `right`, from `compare` the first time it is asked (two
    /// threads asking at once may both compare; they agree).
    package func same(_ left: Int, _ right: Int, _ compare: () -> Bool) -> Bool {
        let pair = Pair(left: left, right: right)
        if let known = answers.withLock({ $0[pair] }) { return known }
        let answer = compare()
        answers.withLock { $0[pair] = answer }
        return answer
    }
}
