import Dispatch
import Synchronization

/// A value being made on another thread from the moment it is started; `value` waits for it.
/// For work whose inputs are known before the caller needs its result (`adapt diff` reads its two
/// files while the rest of its arguments are parsed).
///
/// ```swift
/// let sides = Started { try? read(old, new) }
/// parseEverythingElse()
/// use(sides.value)
/// ```
package final class Started<Value: Sendable>: Sendable {
    private let done = DispatchGroup()
    private let made = Mutex<Value?>(nil)

    package init(_ make: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async(group: done) {
            let value = make()
            self.made.withLock { $0 = value }
        }
    }

    /// The value, once made. Ask from a thread of one's own (the main thread), not one of
    /// Dispatch's workers: a worker that waits is one fewer for the work's `concurrentPerform`,
    /// and on two cores the work then ran on one.
    package var value: Value {
        done.wait()
        return made.withLock { $0! }
    }
}
