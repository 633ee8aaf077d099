import AdaptSupport
import AdaptiveAssets
import Foundation
import Synchronization

/// Ends `adapt compile` when it outlives its time budget (`CompileDeadline`) by the grace
/// (`CompileDeadline.grace`): the compile checks the deadline between its steps itself, but a
/// step can be a drawing that takes its full 30 seconds, or a decode. The watchdog is a thread of
/// its own (not Dispatch's pool, which the compile's workers may fill), and at the deadline it
/// stops the writes (`CompileOutput.abandon`: staging files removed, nothing renamed), kills the
/// drawing programs, prints the budget's error and exits 1. A compile whose files were already
/// renamed into place is left to finish.
enum CompileWatchdog {
    private static let disarmed = Atomic<Bool>(false)

    static func arm(_ deadline: CompileDeadline) {
        let thread = Thread {
            while true {
                // Read again each step: the default budget grows once the compile has planned.
                let left = ContinuousClock.now.duration(to: deadline.instant.advanced(by: CompileDeadline.grace))
                guard left > .zero else { break }
                // In steps of at most a second, so a clock that jumps is caught up with.
                let step = min(left, .seconds(1))
                var pause = timespec(tv_sec: Int(step.components.seconds), tv_nsec: Int(step.components.attoseconds / 1_000_000_000))
                nanosleep(&pause, nil)
            }
            guard !disarmed.load(ordering: .sequentiallyConsistent), CompileOutput.abandon() else { return }
            ChildProcesses.killAll()
            Terminal.error(deadline.diagnostic.description)
            // `_exit`, not `exit`: the compile's threads are still running (see EnvironmentFailures).
            _exit(1)
        }
        thread.start()
    }

    /// The compile has returned: whatever it wrote stands, and its own exit code is the answer.
    static func disarm() {
        disarmed.store(true, ordering: .sequentiallyConsistent)
    }
}
