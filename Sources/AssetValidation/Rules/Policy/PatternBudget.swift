import Foundation

/// A `policy.name` pattern run with a budget, because it comes from a configuration file: an
/// unanchored nested quantifier (`(a+)+$`) backtracks for seconds per name, and a pattern cut
/// short must not read as "does not match".
///
/// The budget is counted in ICU's own steps: with `.reportProgress`, NSRegularExpression (ICU
/// underneath, on Linux as on macOS) calls the enumeration block about every 10,000 matching
/// steps, and setting `stop` there ends the match. So the budget is deterministic, the same on a
/// slow runner as on a fast laptop, unlike a clock. A real pattern on a real name finishes well
/// before its first tick.
struct PatternBudget {
    /// Progress calls allowed for one name: about a million steps, some 100 ms at worst.
    static let ticksPerName = 100
    /// Progress calls allowed for all the names of one catalog: about ten million steps.
    static let ticksPerCatalog = 1_000

    enum Outcome: Equatable {
        case match, noMatch
        /// The pattern ran out of its budget on this name.
        case exhausted
    }

    let regex: NSRegularExpression
    private(set) var remaining = ticksPerCatalog

    init(_ regex: NSRegularExpression) { self.regex = regex }

    /// Whether `name` has a match, within what is left of the per-name and per-catalog budgets.
    mutating func firstMatch(in name: String) -> Outcome {
        var outcome = Outcome.noMatch
        var ticks = 0
        let allowed = min(Self.ticksPerName, remaining)
        regex.enumerateMatches(in: name, options: [.reportProgress], range: NSRange(name.startIndex..., in: name)) { result, _, stop in
            if result != nil {
                outcome = .match
                stop.pointee = true
                return
            }
            ticks += 1
            if ticks >= allowed {
                outcome = .exhausted
                stop.pointee = true
            }
        }
        remaining -= ticks
        return outcome
    }
}
