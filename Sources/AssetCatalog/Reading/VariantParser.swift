/// Reads one entry of a set's variants array into a `Variant`, reporting keys and values it does
/// not know as warnings and unusable filenames as errors.
struct VariantParser {
    let document: ContentsDocument
    /// The document's text, which each variant refers to for its entry as written.
    let text: ContentsText
    let type: AssetType

    static let renderingIntents: Set<String> = ["original", "template"]

    /// Keys an entry may carry, from Apple's Asset Catalog Format Reference and what Xcode writes:
    /// the ones this tool reads, and the documented ones it keeps as written (a texture's
    /// `cube-face`, a mipmap level, a data item's `color-space`).
    static let knownKeys: Set<String> = [
        "filename", "idiom", "scale", "subtype", "size", "role", "platform", "unassigned", "locale",
        "resizing", "alignment-insets", "template-rendering-intent", "compression-type", "appearances",
        "screen-width", "width-class", "height-class", "language-direction", "memory",
        "graphics-feature-set", "display-gamut", "color", "universal-type-identifier", "orientation",
        "extent", "minimum-system-version", "matching-style", "content-type",
        "color-space", "cube-face", "mipmap-level",
    ]

    func parse(_ value: JSONValue, index: Int, diagnostics: inout [Diagnostic]) -> Variant? {
        guard let entry = value.object else {
            diagnostics.append(
                Diagnostic(
                    .contentsMalformedEntry, "entry \(index) should be an object, not \(value.kindDescription)",
                    at: document.location(ofOffset: nil)))
            return nil
        }
        var variant =
            entry.offset.map { Variant(index: index, writtenAt: $0, in: text, location: document.location(ofOffset: $0)) }
            ?? Variant(index: index, entry: entry, location: document.location(ofOffset: nil))
        for member in entry.members {
            parse(member, into: &variant, diagnostics: &diagnostics)
        }
        return variant
    }

    private func parse(_ member: JSONObject.Member, into variant: inout Variant, diagnostics: inout [Diagnostic]) {
        // Computed only when a diagnostic needs it: most members produce none.
        var location: SourceLocation { document.location(ofOffset: member.offset) }
        let text = member.value.string

        func unknownValue(_ description: String? = nil) {
            let shown = JSONWriter.compact.string(for: member.value)
            variant.unrecognized[member.key] = text ?? shown
            diagnostics.append(Diagnostic(.contentsUnknownValue, description ?? "unknown value \(shown) for '\(member.key)'", at: location))
        }

        switch member.key {
        case "filename":
            guard let name = text, !name.isEmpty else { return unknownValue("'filename' should be a non-empty string") }
            variant.filename = name
            if let problem = filenameProblem(name) {
                variant.fileProblem = problem
                diagnostics.append(Diagnostic(.contentsBadFilename, problem, at: location))
            }
        case "idiom":
            guard let text, let idiom = IdiomRequirement(contentsValue: text) else { return unknownValue() }
            variant.idiom = idiom
        case "scale":
            // Only the spellings Xcode writes: `+1x` and `01x` are not 1x (see ContentsNumber).
            guard let text, text.hasSuffix("x"), let scale = ContentsNumber.wholeNumber(text.dropLast()), (1...3).contains(scale) else {
                return unknownValue()
            }
            variant.scale = scale
        case "appearances":
            parseAppearances(member, into: &variant, diagnostics: &diagnostics)
        case "screen-width":
            // Bounded so every comparison stays exact; no watch is 65,535 points wide.
            // Written back exactly as read, or not Xcode's spelling (`<=+145`, `>0183`).
            guard let text, let condition = ScreenWidthCondition(contentsValue: text), (0...65_535).contains(condition.points),
                condition.description == text
            else {
                return unknownValue()
            }
            variant.screenWidth = condition
        case "width-class", "height-class":
            guard let text, let sizeClass = SizeClass(rawValue: text) else { return unknownValue() }
            if member.key == "width-class" { variant.horizontalSizeClass = sizeClass } else { variant.verticalSizeClass = sizeClass }
        case "language-direction":
            guard let text, let direction = LayoutDirection(contentsValue: text) else { return unknownValue() }
            variant.layoutDirection = direction
        case "memory":
            guard let text, text.hasSuffix("GB"), let gigabytes = ContentsNumber.wholeNumber(text.dropLast(2)),
                (1...65_535).contains(gigabytes)
            else {
                return unknownValue()
            }
            variant.memory = gigabytes
        case "graphics-feature-set":
            guard let text, let family = GraphicsFeatureSet(rawValue: text) else { return unknownValue() }
            variant.graphicsFeatureSet = family
        case "display-gamut":
            guard let text, let gamut = DisplayGamut(contentsValue: text) else { return unknownValue() }
            variant.displayGamut = gamut
        case "color":
            guard let object = member.value.object else { return unknownValue("'color' should be an object") }
            variant.color = parseColor(member, object, diagnostics: &diagnostics)
        case "subtype":
            // Kept even when unknown: it still tells the entry's slot apart from the others.
            variant.subtype = text
            if let text, text.hasSuffix("mm"), (ContentsNumber.wholeNumber(text.dropLast(2)) ?? 0) == 0 { unknownValue() }
        case "size":
            // Kept even when unknown, like `subtype`; the checks read it through `pointSize` again,
            // so a size that is not one (`1e19x1e19`, `nanx20`, `-5x-5`) never reaches them.
            variant.size = text
            if text.flatMap(ContentsNumber.pointSize) == nil { unknownValue() }
        case "role": variant.role = text
        case "platform":
            variant.platform = text
            if text != "universal" && text.flatMap(Platform.init(contentsValue:)) == nil { unknownValue() }
        case "locale": variant.locale = text
        case "unassigned": variant.unassigned = member.value.bool ?? false
        case "resizing": variant.resizing = member.value
        case "alignment-insets": variant.alignmentInsets = member.value
        case "template-rendering-intent":
            variant.templateRenderingIntent = text
            if let text, !Self.renderingIntents.contains(text) { unknownValue() }
        case "compression-type": variant.compressionType = text
        default:
            if !Self.knownKeys.contains(member.key) {
                diagnostics.append(Diagnostic(.contentsUnknownKey, "unknown key '\(member.key)' (kept as written)", at: location))
            }
        }
    }

    /// Why a filename cannot name a file of the set's folder, or nil. (Whether the file exists is
    /// checked by the set reader, which holds the folder open.)
    private func filenameProblem(_ name: String) -> String? {
        if name.utf8.first == UInt8(ascii: "/") {
            return "filename '\(name)' is an absolute path; it must name a file in the set's folder"
        }
        if name.utf8.contains(UInt8(ascii: "/")) || name == ".." || name == "." {
            return "filename '\(name)' points outside the set's folder; it must be a plain file name"
        }
        return nil
    }

    private func parseAppearances(
        _ member: JSONObject.Member, into variant: inout Variant,
        diagnostics: inout [Diagnostic]
    ) {
        var location: SourceLocation { document.location(ofOffset: member.offset) }
        guard let list = member.value.array else {
            variant.unrecognized["appearances"] = JSONWriter.compact.string(for: member.value)
            diagnostics.append(Diagnostic(.contentsUnknownValue, "'appearances' should be an array", at: location))
            return
        }
        for appearance in list {
            let kind = appearance["appearance"]?.string
            let value = appearance["value"]?.string
            switch (kind, value) {
            // Tinted exists only for app icons (iOS 18); elsewhere it is a value this tool does not know.
            case ("luminosity", let value?) where UserInterfaceStyle(rawValue: value) != nil && (value != "tinted" || type == .appIconSet):
                variant.userInterfaceStyle = UserInterfaceStyle(rawValue: value)
            case ("contrast", let value?) where AccessibilityContrast(rawValue: value) != nil:
                variant.accessibilityContrast = AccessibilityContrast(rawValue: value)
            default:
                let shown = JSONWriter.compact.string(for: appearance)
                variant.unrecognized["appearances"] = shown
                diagnostics.append(
                    Diagnostic(
                        .contentsUnknownValue, "unknown appearance \(shown)",
                        at: location))
            }
        }
    }
}
