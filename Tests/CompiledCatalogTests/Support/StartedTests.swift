import AdaptSupport
import Dispatch
import Testing

/// `Started` (AdaptSupport), which `adapt diff` reads its two files with while the arguments are parsed.
@Suite struct StartedTests {
    /// The value is made on another thread from the start, not when it is asked for: the caller
    /// waits, before asking, for a signal only the work sends. `value` then waits for the work's
    /// end, and every reader gets the one value made.
    @Test func theWorkRunsBeforeItsValueIsAskedForAndValueWaitsForIt() {
        let running = DispatchSemaphore(value: 0)
        let finish = DispatchSemaphore(value: 0)
        let started = Started { () -> [Int] in
            running.signal()
            finish.wait()
            return [1, 2, 3]
        }
        #expect(running.wait(timeout: .now() + 30) == .success)
        finish.signal()
        #expect(started.value == [1, 2, 3])
        #expect(started.value == [1, 2, 3])
    }
}
