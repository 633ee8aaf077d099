import AssetCatalog
import Synchronization

/// The whole compile's time budget (`--timeout SECONDS`): each drawing is already stopped at 30
/// seconds, but a pull request can hold many drawings, and fifty of them kept a build busy for
/// twelve minutes. `CompileRun` checks the deadline between its steps and writes nothing once it
/// has passed; the `adapt` command also ends the process a little after it (`grace`), whatever
/// the compile is doing, removing its staging files and renderers.
///
/// Without `--timeout`, the budget is ten minutes plus `allowanceMilliseconds` for each rendition
/// the compile plans (`plan(renditions:)`): a catalog of 20,000 sets took 415 s on a quiet 2-core
/// machine and 976 s on a loaded one, past a fixed ten minutes, and a build Xcode finishes must
/// not fail here. The budget so grows with the input, never beyond it: a hostile catalog still
/// gets minutes, not hours. A `--timeout` given is kept as given.
///
/// ```swift
/// let deadline = CompileDeadline(seconds: nil)      // the default: 600 s so far
/// deadline.plan(renditions: 92_000)                 // 600 s + 92,000 × 25 ms = 2,900 s
/// if deadline.isPast { throw deadline.diagnostic }
/// ```
package final class CompileDeadline: Sendable {
    /// The budget's start when `--timeout` is not given: ten minutes, far beyond a thousand-set
    /// catalog's compile (seconds) and short enough to end a hostile one.
    package static let defaultSeconds = 600
    /// What the default budget grows by for each rendition planned, in milliseconds: more than
    /// twice what one cost on a loaded 2-core machine (976 s for 92,000 renditions, 11 ms each),
    /// five times what it cost on a quiet one (415 s).
    package static let allowanceMilliseconds = 25
    /// The default budget, as people read it: `600 s plus 25 ms a rendition`.
    package static let defaultBudget = "\(defaultSeconds) s plus \(allowanceMilliseconds) ms a rendition"
    /// How long after the deadline the watchdog ends a compile that has not stopped by itself.
    package static let grace: Duration = .seconds(2)

    private let start: ContinuousClock.Instant
    /// Whether the budget grows with the renditions planned: only the default one does.
    private let grows: Bool
    private let budget: Mutex<Duration>

    /// A deadline `seconds` from `start`, or with nil the default budget, which grows as
    /// renditions are planned.
    package init(seconds: Int?, from start: ContinuousClock.Instant = .now) {
        self.start = start
        grows = seconds == nil
        budget = Mutex(.seconds(seconds ?? Self.defaultSeconds))
    }

    /// Adds the allowance of `renditions` more planned renditions to the default budget (a
    /// `--timeout` given stays as it is). Called once per compiled file, asset packs included.
    package func plan(renditions: Int) {
        guard grows, renditions > 0 else { return }
        budget.withLock { $0 += .milliseconds(Self.allowanceMilliseconds) * renditions }
    }

    /// When the budget is spent.
    package var instant: ContinuousClock.Instant { start.advanced(by: budget.withLock { $0 }) }

    /// The budget in whole seconds, rounded up.
    package var seconds: Int {
        let (whole, fraction) = budget.withLock { $0 }.components
        return Int(whole) + (fraction > 0 ? 1 : 0)
    }

    package var isPast: Bool { ContinuousClock.now >= instant }

    package var message: String {
        let seconds = seconds
        let budget = "\(seconds) second\(seconds == 1 ? "" : "s")"
        let source = grows ? "the default --timeout, \(Self.defaultBudget)" : "--timeout"
        return "adapt compile ran longer than its time budget of \(budget) (\(source)) and was stopped; nothing was written"
    }

    package var diagnostic: Diagnostic { Diagnostic(.compileTimeout, message) }
}
