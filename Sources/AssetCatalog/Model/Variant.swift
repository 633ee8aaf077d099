/// One entry of a set's `images`, `data`, `colors` or `symbols` array: what it declares on each
/// trait axis, and the file or colour it provides.
///
/// An attribute that is nil means the entry did not say, which the selection rule (docs/Selection.md) reads as *any*.
public struct Variant: Hashable, Sendable {
    /// Position in the set's array; declaration order is the rule's last tie-break.
    public var index: Int
    /// Where the entry starts in its Contents.json.
    public var location: SourceLocation?

    // The selection axes (the rule ranks them in its own order: see TraitAxis).
    /// `idiom`: the device kind the entry is for; `universal` (the default) is any.
    public var idiom: IdiomRequirement = .universal
    /// The `luminosity` appearance: light, dark or tinted.
    public var userInterfaceStyle: UserInterfaceStyle?
    /// The `contrast` appearance: `high` for Increase Contrast.
    public var accessibilityContrast: AccessibilityContrast?
    /// `width-class`: the horizontal size class the entry is for.
    public var horizontalSizeClass: SizeClass?
    /// `height-class`: the vertical size class the entry is for.
    public var verticalSizeClass: SizeClass?
    /// `language-direction`: the reading direction the entry is for.
    public var layoutDirection: LayoutDirection?
    /// nil means the entry did not say; the rule ranks that as sRGB.
    public var displayGamut: DisplayGamut?
    /// 1, 2 or 3; nil for a scale-independent (vector) image.
    public var scale: Int?

    // What the entry provides.
    /// The file the entry names, relative to the set's folder; nil for an empty slot or a colour.
    public var filename: String?

    /// `unassigned`: the entry sits in Xcode's Unassigned well, an image given no slot.
    public var unassigned: Bool = false

    /// Keys whose value this tool does not know, with that value. A variant with any is never a
    /// candidate: the tool cannot tell where it applies, so it does not guess.
    public var unrecognized: [String: String] = [:]
    /// The entry as written, unknown keys and key order included, for rewriting Contents.json.
    /// Read from the set's Contents.json text each time (see `ContentsText`): what the rules and
    /// outputs need of it is in the fields above.
    public var entry: JSONObject {
        get { storedEntry.object }
        set { storedEntry = .built(newValue) }
    }

    private var storedEntry: StoredJSONObject

    /// What most entries never declare (see `RareAttributes`), out of line; nil when none is set.
    private var rare: RareAttributes?

    /// A variant at position `index` with the entry as written; the typed fields start empty.
    public init(index: Int, entry: JSONObject = [:], location: SourceLocation? = nil) {
        self.index = index
        self.storedEntry = .built(entry)
        self.location = location
    }

    /// An entry the reader found at `offset` of its set's Contents.json.
    init(index: Int, writtenAt offset: Int, in text: ContentsText, location: SourceLocation?) {
        self.index = index
        self.storedEntry = .written(text, offset: offset)
        self.location = location
    }

    /// An entry with no file (or, in a colour set, no colour) is an empty slot, never a candidate.
    public var isEmptySlot: Bool { filename == nil && color == nil }

    /// Whether the selection rule may ever choose this variant: not an empty slot, its file usable,
    /// and every value known.
    public var isSelectable: Bool { !isEmptySlot && fileProblem == nil && unrecognized.isEmpty }

    /// The declared attributes as `key=value` strings, leaving out `excluded` keys: the key by
    /// which variants are compared within a family ("the same but for scale") and printed.
    public func attributeStrings(excluding excluded: Set<String> = []) -> [String] {
        declaredAttributes.filter { !excluded.contains($0.key) }.map { "\($0.key)=\($0.value)" }
    }

    /// The axis attributes this variant declares, idiom first, as Contents.json writes them.
    public var declaredAttributes: [(key: String, value: String)] {
        var result: [(String, String)] = [("idiom", idiom.contentsValue)]
        if let screenWidth { result.append(("screen-width", screenWidth.description)) }
        if let style = userInterfaceStyle { result.append(("luminosity", style.rawValue)) }
        if let contrast = accessibilityContrast { result.append(("contrast", contrast.rawValue)) }
        if let horizontalSizeClass { result.append(("width-class", horizontalSizeClass.rawValue)) }
        if let verticalSizeClass { result.append(("height-class", verticalSizeClass.rawValue)) }
        if let layoutDirection { result.append(("language-direction", layoutDirection.contentsValue)) }
        if let memory { result.append(("memory", "\(memory)GB")) }
        if let graphicsFeatureSet { result.append(("graphics-feature-set", graphicsFeatureSet.rawValue)) }
        if let displayGamut { result.append(("display-gamut", displayGamut.contentsValue)) }
        if let scale { result.append(("scale", "\(scale)x")) }
        // As the entry writes them: the reader keeps each of these strings as written.
        for (key, value) in [("subtype", subtype), ("size", size), ("role", role), ("platform", platform), ("locale", locale)] {
            if let value { result.append((key, value)) }
        }
        return result
    }
}

/// A colour set's colour: a colour space with components, or a reference to a system colour.
public struct ColorDefinition: Hashable, Sendable {
    /// `color-space` as written (`srgb`, `display-p3`, `extended-srgb`, `gray-gamma-22`, ...); nil for a system colour.
    public var colorSpace: String?
    /// Component names and values as written (`red`, `green`, `blue`, `alpha`, or `white`).
    public var components: [String: String]
    /// A named system colour such as `systemIndigoColor`.
    public var reference: String?
    /// The platform a system colour reference is for (`ios`, `osx`), as written.
    public var platform: String?

    /// A colour as Contents.json writes it.
    public init(
        colorSpace: String? = nil, components: [String: String] = [:], reference: String? = nil,
        platform: String? = nil
    ) {
        self.colorSpace = colorSpace
        self.components = components
        self.reference = reference
        self.platform = platform
    }

    /// `srgb(0.1, 0.2, 0.3, 1.0)` or `systemIndigoColor`.
    public var summary: String {
        if let reference { return reference }
        let order = ["red", "green", "blue", "white", "alpha"]
        let values = order.compactMap { components[$0] }
        return "\(colorSpace ?? "color")(\(values.joined(separator: ", ")))"
    }
}

extension Variant {
    /// What the variant provides, as every output names it: its file, its colour, or "(empty slot)".
    ///
    /// ```swift
    /// variant.payloadDescription   // "logo@2x.png", "srgb(1, 0, 0, 1)" or "(empty slot)"
    /// ```
    public var payloadDescription: String {
        if let filename { return filename }
        if let color { return color.summary }
        return "(empty slot)"
    }
}

extension Variant {
    /// `screen-width`: a watch screen condition such as `<=145`.
    public var screenWidth: ScreenWidthCondition? {
        get { rare?.values.screenWidth }
        set { updateRare { $0.screenWidth = newValue } }
    }

    /// Minimum device memory in GB.
    public var memory: Int? {
        get { rare?.values.memory }
        set { updateRare { $0.memory = newValue } }
    }

    /// `graphics-feature-set`: the least GPU family the entry needs.
    public var graphicsFeatureSet: GraphicsFeatureSet? {
        get { rare?.values.graphicsFeatureSet }
        set { updateRare { $0.graphicsFeatureSet = newValue } }
    }

    /// A colour set entry's colour.
    public var color: ColorDefinition? {
        get { rare?.values.color }
        set { updateRare { $0.color = newValue } }
    }

    // Keys that are selection axes too: `locale` (localization), `platform` (with the idiom) and a
    // case-size `subtype` (`44mm`, watch size); `role`, `size` and other subtypes tell slots apart.
    /// `subtype`: a screen (`retina4`, `736h`) or watch case size (`44mm`), as written.
    public var subtype: String? {
        get { rare?.values.subtype }
        set { updateRare { $0.subtype = newValue } }
    }

    /// `size`: an icon's size in points (`60x60`), as written.
    public var size: String? {
        get { rare?.values.size }
        set { updateRare { $0.size = newValue } }
    }

    /// `role`: an icon's role (`notificationCenter`), as written.
    public var role: String? {
        get { rare?.values.role }
        set { updateRare { $0.role = newValue } }
    }

    /// `platform`: the platform the entry is for (`ios`, `watchos`), as written.
    public var platform: String? {
        get { rare?.values.platform }
        set { updateRare { $0.platform = newValue } }
    }

    /// `locale`: the localization the entry is for (`fr`, `zh-Hant`), as written.
    public var locale: String? {
        get { rare?.values.locale }
        set { updateRare { $0.locale = newValue } }
    }

    /// `resizing`: the slicing of a resizable image (cap insets, centre mode), kept as written.
    public var resizing: JSONValue? {
        get { rare?.values.resizing }
        set { updateRare { $0.resizing = newValue } }
    }

    /// `alignment-insets`: the insets layout aligns to, kept as written.
    public var alignmentInsets: JSONValue? {
        get { rare?.values.alignmentInsets }
        set { updateRare { $0.alignmentInsets = newValue } }
    }

    /// `template-rendering-intent` on the entry: `template` or `original`.
    public var templateRenderingIntent: String? {
        get { rare?.values.templateRenderingIntent }
        set { updateRare { $0.templateRenderingIntent = newValue } }
    }

    /// `compression-type` on the entry: how its image is compressed when compiled.
    public var compressionType: String? {
        get { rare?.values.compressionType }
        set { updateRare { $0.compressionType = newValue } }
    }

    /// Why the entry's file cannot be used (missing, or a path outside the set), if so.
    public var fileProblem: String? {
        get { rare?.values.fileProblem }
        set { updateRare { $0.fileProblem = newValue } }
    }

    /// Sets one rare attribute: a new box, never a shared one changed (variants are values), and
    /// none at all when every rare attribute is unset, so equal variants stay equal.
    private mutating func updateRare(_ change: (inout RareAttributes.Values) -> Void) {
        var values = rare?.values ?? RareAttributes.Values()
        change(&values)
        rare = values == RareAttributes.Values() ? nil : RareAttributes(values)
    }
}

/// The attributes of an entry that most entries never declare: colours, slots' role and size,
/// locales, rarer axes, resizing. Kept out of line, so that a variant of a plain image set is
/// about a third of the size it was with every one of them inline (a catalog of 20,000 sets
/// holds 70,000 variants). Immutable: setting one makes a new box.
final class RareAttributes: Hashable, Sendable {
    struct Values: Hashable, Sendable {
        var screenWidth: ScreenWidthCondition?
        var memory: Int?
        var graphicsFeatureSet: GraphicsFeatureSet?
        var color: ColorDefinition?
        var subtype: String?
        var size: String?
        var role: String?
        var platform: String?
        var locale: String?
        var resizing: JSONValue?
        var alignmentInsets: JSONValue?
        var templateRenderingIntent: String?
        var compressionType: String?
        var fileProblem: String?
    }

    let values: Values

    init(_ values: Values) {
        self.values = values
    }

    static func == (lhs: RareAttributes, rhs: RareAttributes) -> Bool { lhs.values == rhs.values }
    func hash(into hasher: inout Hasher) { hasher.combine(values) }
}
