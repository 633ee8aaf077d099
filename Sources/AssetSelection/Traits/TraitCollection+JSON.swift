import AssetCatalog

extension TraitCollection {
    /// Why a trait query could not be read, naming the trait and the value.
    public struct DecodingError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong, naming the trait and the value (`displayScale: 4 is not 1, 2 or 3`).
        public var message: String
        public var description: String { message }
    }

    /// Reads a query written with the rule's trait names and values:
    /// `{"userInterfaceIdiom": "phone", "displayScale": 3, "locale": "fr-CA"}`. Unknown names are
    /// errors, so a typo never silently becomes "unspecified"; `null` leaves a trait unspecified.
    public init(json: JSONObject) throws(DecodingError) {
        self.init()
        for member in json.members {
            guard let trait = Trait(rawValue: member.key) else {
                let known = Trait.allCases.map(\.rawValue).joined(separator: ", ")
                throw DecodingError(message: "unknown trait '\(member.key)' (known traits: \(known))")
            }
            if member.value == .null { continue }
            try set(trait, from: member.value)
        }
    }

    private mutating func set(_ trait: Trait, from value: JSONValue) throws(DecodingError) {
        let name = trait.rawValue
        func shown(_ value: JSONValue) -> String { JSONWriter.compact.string(for: value) }
        func enumValue<T: RawRepresentable & CaseIterable>(_ type: T.Type, _ value: JSONValue = value) throws(DecodingError) -> T
        where T.RawValue == String {
            guard let text = value.string, let parsed = T(rawValue: text) else {
                let allowed = T.allCases.map(\.rawValue).joined(separator: ", ")
                throw DecodingError(message: "\(name) must be one of \(allowed), not \(shown(value))")
            }
            return parsed
        }
        func wholeNumber(_ range: ClosedRange<Int>) throws(DecodingError) -> Int {
            guard case .number = value, let number = value.int, range.contains(number) else {
                throw DecodingError(message: "\(name) must be a whole number in \(range.lowerBound)...\(range.upperBound), not \(shown(value))")
            }
            return number
        }
        func identifier(_ parse: (String) -> String?, _ expected: String) throws(DecodingError) -> String {
            guard let text = value.string, let parsed = parse(text) else {
                throw DecodingError(message: "\(name) must be \(expected), not \(shown(value))")
            }
            return parsed
        }
        switch trait {
        case .userInterfaceStyle: userInterfaceStyle = try enumValue(UserInterfaceStyle.self)
        case .accessibilityContrast: accessibilityContrast = try enumValue(AccessibilityContrast.self)
        case .locale: locale = try identifier(LocaleIdentifier.normalized, "a language identifier such as fr or pt-BR")
        case .memory: memory = try wholeNumber(0...Self.largestMemory) // 0: less than 1 GB
        case .screenWidth: screenWidth = try wholeNumber(1...Self.largestScreenWidth)
        case .deviceSubtype: deviceSubtype = try identifier(Self.deviceSubtype, Self.deviceSubtypeExpected)
        case .graphicsFeatureSet:
            if let list = value.array {
                var families: [GraphicsFeatureSet] = []
                for item in list { families.append(try enumValue(GraphicsFeatureSet.self, item)) }
                guard !families.isEmpty, Set(families).count == families.count else {
                    throw DecodingError(message: "\(name) as a list names each supported family once, best first, not \(shown(value))")
                }
                graphicsFeatureSets = families
            } else {
                graphicsFeatureSet = try enumValue(GraphicsFeatureSet.self)
            }
        case .displayScale: displayScale = try wholeNumber(1...3)
        case .layoutDirection: layoutDirection = try enumValue(LayoutDirection.self)
        case .displayGamut: displayGamut = try enumValue(DisplayGamut.self)
        case .userInterfaceIdiom: userInterfaceIdiom = try enumValue(UserInterfaceIdiom.self)
        case .horizontalSizeClass: horizontalSizeClass = try enumValue(SizeClass.self)
        case .verticalSizeClass: verticalSizeClass = try enumValue(SizeClass.self)
        }
    }

    /// Bounds that keep every comparison exact: no device has more, and the packed forms hold them.
    package static let largestMemory = 65_535
    /// The widest watch screen width a query may give, in points.
    package static let largestScreenWidth = 65_535

    /// A `deviceSubtype` as every reader of trait sets takes it (queries, `--device-subtype`,
    /// device profiles): a watch case size, `44mm` (digits followed by `mm`), or `retina4`, the
    /// 4-inch iPhones' (rule 2.1, axis 5). Nil for anything else.
    package static func deviceSubtype(_ text: String) -> String? {
        if text == Variant.fourInchSubtype { return text }
        guard text.hasSuffix("mm"), text.count > 2, text.count <= 6, text.dropLast(2).allSatisfy(\.isASCIIDigit) else { return nil }
        return text
    }

    /// What `deviceSubtype(_:)` takes, for messages that refuse a value.
    package static let deviceSubtypeExpected = "a watch case size such as 44mm, or retina4 (4-inch iPhones)"

    /// The specified traits as a query object, in axis order.
    public var json: JSONObject {
        JSONObject(
            Trait.allCases.compactMap { trait in
                value(of: trait).map { JSONObject.Member(key: trait.rawValue, value: $0) }
            })
    }

    /// `userInterfaceIdiom=phone displayScale=3 ...`, the specified traits in axis order.
    public var summary: String {
        let parts = Trait.allCases.compactMap { trait -> String? in
            guard let value = value(of: trait) else { return nil }
            // A device's list of GPU families reads as its best and its last: `apple9...metal1v2`.
            if let families = graphicsFeatureSets, trait == .graphicsFeatureSet, value.string == nil, let best = families.first,
                let last = families.last
            {
                return "\(trait.rawValue)=\(best.rawValue)...\(last.rawValue)"
            }
            let text = value.string ?? JSONWriter.compact.string(for: value)
            return "\(trait.rawValue)=\(text)"
        }
        return parts.isEmpty ? "(no traits specified)" : parts.joined(separator: " ")
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

/// Language identifiers as the rule compares them: `fr`, `fr-CA`, `pt-BR`, `zh-Hans`.
package enum LocaleIdentifier {
    /// The identifier with `_` written as `-`, or nil when it is not one: a language subtag of 2
    /// or 3 letters, then subtags of 1 to 8 letters or digits.
    package static func normalized(_ text: String) -> String? {
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let language = subtags.first, (2...3).contains(language.count),
            language.allSatisfy({ $0.isASCII && $0.isLetter }),
            subtags.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        return subtags.joined(separator: "-")
    }

    /// The language subtag, lowercased: `fr` for `fr-CA`.
    package static func language(of identifier: String) -> String {
        String(identifier.prefix { $0 != "-" && $0 != "_" }).lowercased()
    }

    /// The key identifiers are compared by: case and `_`/`-` do not matter.
    package static func comparisonKey(_ identifier: String) -> String {
        String(identifier.lowercased().map { $0 == "_" ? "-" : $0 })
    }
}
