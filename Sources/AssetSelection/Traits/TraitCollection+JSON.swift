import AssetCatalog

extension TraitCollection {
    /// Why a trait query could not be read, naming the trait and the value.
    public struct DecodingError: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Reads a query written with SELECTION.md's trait names and values:
    /// `{"userInterfaceIdiom": "phone", "displayScale": 3}`. Unknown names are errors, so a typo
    /// never silently becomes "unspecified".
    public init(json: JSONObject) throws(DecodingError) {
        self.init()
        for member in json.members {
            guard let axis = TraitAxis.allCases.first(where: { $0.traitName == member.key }) else {
                let known = TraitAxis.allCases.map(\.traitName).joined(separator: ", ")
                throw DecodingError(message: "unknown trait '\(member.key)' (known traits: \(known))")
            }
            if member.value == .null { continue }
            try set(axis, from: member.value)
        }
    }

    private mutating func set(_ axis: TraitAxis, from value: JSONValue) throws(DecodingError) {
        func enumValue<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws(DecodingError) -> T
        where T.RawValue == String {
            guard let text = value.string, let parsed = T(rawValue: text) else {
                let allowed = T.allCases.map(\.rawValue).joined(separator: ", ")
                throw DecodingError(message: "\(axis.traitName) must be one of \(allowed), not \(JSONWriter.compact.string(for: value))")
            }
            return parsed
        }
        func positiveInteger(_ range: ClosedRange<Int> = 1...Int.max) throws(DecodingError) -> Int {
            guard case .number = value, let number = value.double, number == number.rounded(), number >= Double(range.lowerBound),
                number <= Double(min(range.upperBound, 1 << 40))
            else {
                throw DecodingError(message: "\(axis.traitName) must be a whole number in \(range.lowerBound)...\(range.upperBound == Int.max ? "" : String(range.upperBound)), not \(JSONWriter.compact.string(for: value))")
            }
            return Int(number)
        }
        switch axis {
        case .idiom: userInterfaceIdiom = try enumValue(UserInterfaceIdiom.self)
        case .screenWidth: screenWidth = try positiveInteger()
        case .userInterfaceStyle: userInterfaceStyle = try enumValue(UserInterfaceStyle.self)
        case .accessibilityContrast: accessibilityContrast = try enumValue(AccessibilityContrast.self)
        case .horizontalSizeClass: horizontalSizeClass = try enumValue(SizeClass.self)
        case .verticalSizeClass: verticalSizeClass = try enumValue(SizeClass.self)
        case .layoutDirection: layoutDirection = try enumValue(LayoutDirection.self)
        case .memory: memory = try positiveInteger(0...Int.max)  // 0: less than 1 GB
        case .graphicsFeatureSet: graphicsFeatureSet = try enumValue(GraphicsFeatureSet.self)
        case .displayGamut: displayGamut = try enumValue(DisplayGamut.self)
        case .displayScale: displayScale = try positiveInteger(1...3)
        }
    }

    /// The specified traits as a query object, in axis order.
    public var json: JSONObject {
        JSONObject(TraitAxis.allCases.compactMap { axis in
            value(of: axis).map { JSONObject.Member(key: axis.traitName, value: $0) }
        })
    }

    /// `idiom=phone scale=3 ...`, the specified traits in axis order.
    public var summary: String {
        let parts = TraitAxis.allCases.compactMap { axis -> String? in
            guard let value = value(of: axis) else { return nil }
            let text = value.string ?? JSONWriter.compact.string(for: value)
            return "\(axis.traitName)=\(text)"
        }
        return parts.isEmpty ? "(no traits specified)" : parts.joined(separator: " ")
    }
}
