import Dispatch
import Synchronization

extension Array where Element: Sendable {
    /// `map` on up to `concurrency` threads (nil: one per core), results in the original order.
    ///
    /// Threads take the next element as they finish one, so a few slow elements (a large image,
    /// a big set) do not leave a thread idle. With `concurrency` 1 it runs on the calling thread.
    ///
    /// ```swift
    /// let reports = paths.concurrentMap(concurrency: 2) { inspector.inspect(file: $0) }
    /// ```
    package func concurrentMap<Result: Sendable>(concurrency: Int?, _ transform: @Sendable (Element) -> Result) -> [Result] {
        let concurrency = concurrency ?? Machine.coreCount
        if concurrency <= 1 || count < 2 { return map(transform) }
        let results = Mutex([Result?](repeating: nil, count: count))
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: Swift.min(concurrency, count)) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                let result = transform(self[index])
                results.withLock { $0[index] = result }
            }
        }
        return results.withLock { $0.map { $0! } }
    }
}
