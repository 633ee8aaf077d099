extension Array where Element: Sendable {
    /// `count` elements, `make(position)` each, made in batches of `batch` on `concurrency`
    /// threads (nil: one per core), each straight into its place in the result: copying 200,000
    /// renditions from per-batch arrays into one cost a fifth of reading them. A batch stops at
    /// its first error; the error of the earliest position is the one thrown, whichever thread
    /// met it first, and no element is kept.
    ///
    /// ```swift
    /// let squares = [Int].inBatches(of: 10_000, batch: 1_024) { position in position * position }
    /// ```
    package static func inBatches<Failure: Error>(
        of count: Int, batch: Int, concurrency: Int? = nil, _ make: @Sendable (Int) throws(Failure) -> Element
    ) throws(Failure) -> [Element] {
        guard count > 0 else { return [] }
        let starts = [Int](stride(from: 0, to: count, by: batch))
        var firstError: Failure?
        let result = [Element](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            let slots = Slots(base: buffer.baseAddress!)
            // Each batch initializes only slots inside its own range, `start..<start + made`: the
            // ranges are disjoint and lie inside the buffer's `count` slots, so no slot is written
            // twice or by two threads.
            let outcomes = starts.concurrentMap(concurrency: concurrency) { start -> (made: Int, error: Failure?) in
                var made = 0
                for position in start..<Swift.min(start + batch, count) {
                    do throws(Failure) {
                        (slots.base + position).initialize(to: try make(position))
                        made += 1
                    } catch {
                        return (made, error)
                    }
                }
                return (made, nil)
            }
            if let failure = outcomes.first(where: { $0.error != nil }) {
                // The initialized slots are not one prefix: free each batch's, and keep none.
                for (start, outcome) in zip(starts, outcomes) { (slots.base + start).deinitialize(count: outcome.made) }
                firstError = failure.error
                initializedCount = 0
            } else {
                initializedCount = count
            }
        }
        if let firstError { throw firstError }
        return result
    }

    /// The start of the uninitialized result the threads fill, each its own range.
    private struct Slots: @unchecked Sendable {
        let base: UnsafeMutablePointer<Element>
    }
}
