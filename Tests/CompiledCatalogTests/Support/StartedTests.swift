import AdaptSupport
import Dispatch
import Foundation
import Synchronization
import Testing

/// `Started` (AdaptSupport), which `adapt diff` reads its two files with while the arguments are parsed.
// Serialized: one test holds every worker of the pool, which the other's work needs.
@Suite(.serialized) struct StartedTests {
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

extension StartedTests {
    /// A value no thread has begun is made by the one who asks for it, rather than waited for:
    /// here every worker the pool has is held, so the work queued at the start cannot begin, and
    /// asking must still answer at once (Dispatch added a worker after almost five seconds here).
    @Test func aValueNoWorkerHasBegunIsMadeByTheAsker() {
        let hold = DispatchSemaphore(value: 0)
        let held = DispatchSemaphore(value: 0)
        let workers = Machine.coreCount * 2
        for _ in 0..<workers {
            DispatchQueue.global().async {
                held.signal()
                hold.wait()
            }
        }
        // The pool's workers (one a core here) begin and are held; the blocks beyond them wait
        // in the queue, so a few waits time out when the pool has fewer workers than cores.
        for _ in 0..<Machine.coreCount { _ = held.wait(timeout: .now() + 2) }
        let asked = DispatchSemaphore(value: 0)
        let answer = Mutex<Int?>(nil)
        let thread = Thread {
            answer.withLock { $0 = Started { 6 * 7 }.value }
            asked.signal()
        }
        thread.start()
        let answered = asked.wait(timeout: .now() + 2) == .success
        for _ in 0..<workers { hold.signal() }
        #expect(answered)
        if !answered { asked.wait() }
        #expect(answer.withLock { $0 } == 42)
    }
}
