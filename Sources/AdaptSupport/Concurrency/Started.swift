import Dispatch
import Synchronization

/// A value being made on another thread from the moment it is started; `value` waits for it, or
/// makes it on the asking thread when no thread has begun it yet. For work whose inputs are known
/// before its result is needed (`adapt diff` reads its two files while the rest of its arguments
/// are parsed; `alongside`).
///
/// Asking never waits for a thread that may not come: Dispatch's pool has a thread per core, and
/// one that waits for work queued behind it holds one of them. So a value no thread has taken is
/// made by the asker, and a value being made is waited for while a thread makes it.
///
/// ```swift
/// let sides = Started { try? read(old, new) }
/// parseEverythingElse()
/// use(sides.value)
/// ```
package final class Started<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    private let taken = Atomic<Bool>(false)
    private let made = Mutex<Value?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    package init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
        DispatchQueue.global().async {
            if self.take() { self.produce() }
        }
    }

    /// The value, once made; made here if no thread has begun it.
    package var value: Value {
        if take() { produce() }
        finished.wait()
        // Passed on, for whoever asks next.
        finished.signal()
        return made.withLock { $0! }
    }

    /// Whether the caller is the one to make the value (the first to ask).
    private func take() -> Bool {
        !taken.exchange(true, ordering: .acquiringAndReleasing)
    }

    private func produce() {
        let value = make()
        made.withLock { $0 = value }
        finished.signal()
    }
}
