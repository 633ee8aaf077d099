import AssetCatalog

/// Why the selector chose what it chose: every variant it set aside, at which step and on which
/// axis, with the reason in words. Backs `resolve --explain`, the thinning manifest and the
/// validator's reachability rule.
public struct SelectionTrace: Hashable, Sendable {
    /// The step of the rule at which a variant was set aside.
    public enum Step: String, Hashable, Sendable {
        /// Step 1 of the rule: not allowed to compete for the query at all.
        case eligibility
        /// Step 2: allowed, but another candidate scored better on this axis.
        case ranking
        /// Past the last axis: tied with an earlier-declared variant.
        case declarationOrder
    }

    /// One variant set aside, and why.
    public struct Drop: Hashable, Sendable {
        /// Position in the asset's `variants` array.
        public var variant: Int
        /// The step that set it aside.
        public var step: Step
        /// The axis that decided, nil for empty slots and the final tie-break.
        public var axis: TraitAxis?
        /// The reason in words, for `--explain` (`needs dark, the device is light`).
        public var reason: String
    }

    /// Every variant set aside, in the order the rule set them aside.
    public var drops: [Drop] = []
    /// Candidates still tied after the last axis, in declaration order, when more than one was.
    public var tiedAfterAllAxes: [Int] = []

    /// An empty trace, which the selector fills.
    public init() {}
}

/// The answer for one asset (or one slot of it) and one trait set.
public struct Selection: Hashable, Sendable {
    /// The name asked for.
    public var assetName: String
    /// The traits asked for.
    public var traits: TraitCollection
    /// Position of the chosen variant in the asset's `variants` array, nil when nothing matches
    /// (and for a set of slots, whose answers are in `slots`).
    public var winner: Int?
    /// Whether the winner is shown mirrored: it was made for the other layout direction.
    public var mirrored = false
    /// The slot this selection is for, when the set is a list of slots.
    public var slot: Slot?
    /// For a set of slots (an app icon set), one selection per slot, in order.
    public var slots: [Selection] = []
    /// Why nothing matched, when nothing did.
    public var noMatchReason: String?
    /// Why every other variant lost.
    public var trace: SelectionTrace

    /// Whether the device shows something: a winner, or for a set of slots, a winner in any slot.
    public var isMatch: Bool { winner != nil || slots.contains { $0.winner != nil } }

    /// A selection with no winner yet, as the selector starts one.
    public init(assetName: String, traits: TraitCollection, trace: SelectionTrace) {
        self.assetName = assetName
        self.traits = traits
        self.trace = trace
    }
}
