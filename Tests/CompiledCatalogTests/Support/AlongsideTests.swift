import AdaptSupport
import Dispatch
import Testing

/// `alongside` (AdaptSupport), which `adapt diff` sizes slices with while it compares content.
@Suite struct AlongsideTests {
    /// The two run at once: the calling thread's work waits for a signal only the other sends,
    /// which it could never receive if the other ran after it. Both results come back.
    @Test func bothRunAtOnceAndBothResultsReturn() {
        let started = DispatchSemaphore(value: 0)
        let (sawOther, other) = alongside(
            { started.wait(timeout: .now() + 30) == .success },
            {
                started.signal()
                return "other"
            })
        #expect(sawOther)
        #expect(other == "other")
    }
}
