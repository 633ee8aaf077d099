import Dispatch
import Synchronization

/// Runs `work` on the calling thread while `other` runs on another, and returns both results once
/// both are done: two steps that need nothing of each other and each keep the cores only partly
/// busy (`adapt diff` compares content while it sizes slices).
///
/// ```swift
/// let (changes, sizes) = alongside({ compare(old, new) }, { size(old, new) })
/// ```
package func alongside<Result, Other: Sendable>(_ work: () -> Result, _ other: @escaping @Sendable () -> Other) -> (Result, Other) {
    let done = DispatchGroup()
    let answer = Mutex<Other?>(nil)
    DispatchQueue.global().async(group: done) {
        let value = other()
        answer.withLock { $0 = value }
    }
    let result = work()
    done.wait()
    return (result, answer.withLock { $0! })
}
