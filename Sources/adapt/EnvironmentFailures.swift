import AdaptSupport
import AdaptiveAssets
import Dispatch
import Synchronization

/// Stops the run at the first failure that is the machine's rather than the input's (out of file
/// descriptors or memory: `FileSystem.EnvironmentFailure`), with one message and exit code 2.
///
/// Reported per file, `ulimit -n 8` made `validate` print a thousand "Too many open files"
/// errors against a catalog that is fine, and `report` exit 0 with them inside the page. Going on
/// cannot give a true answer, so the first such failure, on whichever thread, ends the process.
enum EnvironmentFailures {
    private static let stopping = Atomic<Bool>(false)

    /// Installs the handler, then makes Dispatch open its descriptors. `work` (reading a diff's
    /// files ahead) runs first when there are descriptors for both, so that the files are read
    /// while Dispatch starts: that takes a millisecond or two, most of it this thread waiting for
    /// Dispatch's. With fewer, `work` runs once Dispatch holds its own, as everything else does;
    /// without work, nothing is counted.
    static func stopOnFirst(whileStarting work: (() -> Void)? = nil) {
        FileSystem.onEnvironmentFailure { failure in
            guard stopping.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged else {
                // Another thread is printing the message and exiting.
                while true { pause() }
            }
            // A compile under way leaves nothing behind: no staging file, no folder it made, no drawing program.
            CompileOutput.abandon()
            ChildProcesses.killAll()
            Terminal.error(Diagnostic(.environmentExhausted, failure.description).description)
            // `_exit`, not `exit`: other threads are still running, and exit handlers run under
            // them could crash and replace the exit code. Everything printed is already written.
            _exit(2)
        }
        if let work, FileSystem.hasFreeDescriptors(runtimeDescriptors + workDescriptors) {
            work()
            acquireRuntimeDescriptors()
        } else {
            acquireRuntimeDescriptors()
            work?()
        }
    }

    /// The descriptors Dispatch opens (event loop, wake-up, timer).
    private static let runtimeDescriptors = 3
    /// The most `stopOnFirst`'s work holds at once: a diff's two files, each open only while
    /// it is mapped, and one to spare.
    private static let workDescriptors = 3

    /// Makes Dispatch open its own descriptors (event loop, wake-up, timer) now, before any file
    /// is read (but `stopOnFirst`'s work, when there are descriptors for both). Opened lazily, they
    /// would be taken while the reader threads hold files, and under a low `ulimit -n` Dispatch
    /// would crash (SIGILL) where our reads would have stopped cleanly.
    private static func acquireRuntimeDescriptors() {
        // Dispatch takes three, and reading takes at least one more; with fewer it would crash.
        FileSystem.noteDescriptorShortage(path: "starting", count: runtimeDescriptors + 1)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().asyncAfter(deadline: .now()) { done.signal() }
        done.wait()
    }
}
