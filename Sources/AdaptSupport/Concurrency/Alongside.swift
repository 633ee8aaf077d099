/// Runs `work` on the calling thread while `other` runs on another, and returns both results once
/// both are done: two steps that need nothing of each other and each keep the cores only partly
/// busy (`adapt diff` compares content while it sizes slices). When no other thread has begun
/// `other` by the time `work` is done, the calling thread runs it (`Started`).
///
/// ```swift
/// let (changes, sizes) = alongside({ compare(old, new) }, { size(old, new) })
/// ```
package func alongside<Result, Other: Sendable>(_ work: () -> Result, _ other: @escaping @Sendable () -> Other) -> (Result, Other) {
    let started = Started(other)
    let result = work()
    return (result, started.value)
}
