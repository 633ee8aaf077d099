import AssetCatalog

/// The whole compile's time budget (`--timeout SECONDS`, 600 by default): each drawing is
/// already stopped at 30 seconds, but a pull request can hold many drawings, and fifty of them
/// kept a build busy for twelve minutes. `CompileRun` checks the deadline between its steps and
/// writes nothing once it has passed; the `adapt` command also ends the process a little after
/// it (`grace`), whatever the compile is doing, removing its staging files and renderers.
///
/// ```swift
/// let deadline = CompileDeadline(seconds: 600)
/// if deadline.isPast { throw deadline.diagnostic }
/// ```
package struct CompileDeadline: Sendable {
    /// The budget when `--timeout` is not given: ten minutes, far beyond any honest catalog's
    /// compile (a thousand-set catalog takes seconds) and short enough to end a hostile one.
    package static let defaultSeconds = 600
    /// How long after the deadline the watchdog ends a compile that has not stopped by itself.
    package static let grace: Duration = .seconds(2)

    package var seconds: Int
    package var instant: ContinuousClock.Instant

    /// A deadline `seconds` from `start`.
    package init(seconds: Int, from start: ContinuousClock.Instant = .now) {
        self.seconds = seconds
        instant = start.advanced(by: .seconds(seconds))
    }

    package var isPast: Bool { ContinuousClock.now >= instant }

    package var message: String {
        "adapt compile ran longer than its time budget of \(seconds) second\(seconds == 1 ? "" : "s") (--timeout) and was stopped; nothing was written"
    }

    package var diagnostic: Diagnostic { Diagnostic(.compileTimeout, message) }
}
