extension Diagnostic {
    /// What a finding is about, as data: the catalog, the asset, the entry, the slot, the device.
    /// Emitters fill what they know; consumers (baselines, the report, JUnit, `adapt diff`) read it
    /// instead of guessing from a path or a message, so attributing a finding costs one lookup.
    ///
    /// ```swift
    /// Diagnostic(.scaleGap, message, subject: Subject(catalog: catalog.path, asset: asset, variant: variant,
    ///                                                 device: "iphone-15", traitSet: "dark, 3x"), at: variant.location)
    /// ```
    public struct Subject: Hashable, Sendable {
        /// The catalog's folder, as read (`Assets.xcassets`).
        public var catalog: String?
        /// The asset's qualified name (`box/Bottom`), as code loads it.
        public var asset: String?
        /// The set's folder: tells apart two assets that share a name (an image set and a colour set).
        public var set: String?
        /// A file in the set's folder that is about no entry (`set.unassigned`), by its name.
        public var file: String?
        /// The entry's position in the set's entry array.
        public var variant: Int?
        /// The app icon or launch slot (`ios 60x60`), as `Slot.description` writes it; for
        /// `icon.missing-slot`, the slots missing, as its message lists them (`iphone 20x20@2x, ...`).
        public var slot: String?
        /// The device profile the finding names (`iphone-15`).
        public var device: String?
        /// The trait set the finding names, as `TraitCollection.summary` writes it.
        public var traitSet: String?

        /// A subject naming what is known; every part left out is nil.
        public init(
            catalog: String? = nil, asset: String? = nil, set: String? = nil, file: String? = nil, variant: Int? = nil,
            slot: String? = nil, device: String? = nil, traitSet: String? = nil
        ) {
            (self.catalog, self.asset, self.set, self.file, self.variant) = (catalog, asset, set, file, variant)
            (self.slot, self.device, self.traitSet) = (slot, device, traitSet)
        }

        /// Nothing known beyond the location.
        public var isEmpty: Bool { self == Subject() }
    }
}

extension Diagnostic.Subject {
    /// A finding about `asset` (and one of its entries), with the entry's slot when the set is a
    /// list of slots (app icons, launch images, brand assets).
    public init(catalog: String? = nil, asset: Asset, variant: Variant?, device: String? = nil, traitSet: String? = nil) {
        let slot = variant.flatMap { asset.type.hasSlots ? $0.slot(in: asset.type).description : nil }
        self.init(
            catalog: catalog, asset: asset.name, set: asset.path, variant: variant?.index, slot: slot,
            device: device, traitSet: traitSet)
    }

    /// This subject with every field it leaves open taken from `outer` (what an enclosing reader
    /// knows: the set, then the catalog).
    package func filled(from outer: Diagnostic.Subject) -> Diagnostic.Subject {
        var result = self
        result.catalog = catalog ?? outer.catalog
        if asset == nil && set == nil {
            (result.asset, result.set) = (outer.asset, outer.set)
            result.file = file ?? outer.file
            result.variant = variant ?? outer.variant
            result.slot = slot ?? outer.slot
        }
        result.device = device ?? outer.device
        result.traitSet = traitSet ?? outer.traitSet
        return result
    }
}

extension Array where Element == Diagnostic {
    /// Gives the diagnostics from `start` on what `subject` knows and they do not say yet: a set
    /// reader names the set in its parsers' findings, the validator names the catalog.
    package mutating func attribute(to subject: Diagnostic.Subject, from start: Int = 0) {
        guard start < count else { return }
        for position in start..<count {
            self[position].subject = self[position].subject.filled(from: subject)
        }
    }
}
