extension VariantParser {
    /// Reads a colour set entry's `color`: a colour space with components, or a `reference` to a
    /// system colour (`systemBackgroundColor`), either with an optional `platform`. Colour spaces,
    /// component names and component spellings Xcode does not write are warned about (kept as written).
    func parseColor(_ member: JSONObject.Member, _ object: JSONObject, diagnostics: inout [Diagnostic]) -> ColorDefinition {
        var color = ColorDefinition(
            colorSpace: object["color-space"]?.string, reference: object["reference"]?.string,
            platform: object["platform"]?.string)
        func warn(_ message: String, at offset: Int?, rule: RuleID = .contentsUnknownValue) {
            diagnostics.append(Diagnostic(rule, message, at: document.location(ofOffset: offset ?? member.offset)))
        }
        for key in object.members where !["color-space", "components", "reference", "platform"].contains(key.key) {
            warn("unknown key '\(key.key)' in 'color' (kept as written)", at: key.offset, rule: .contentsUnknownKey)
        }
        if let space = object.member("color-space"), let name = space.value.string, !ColorDefinition.knownColorSpaces.contains(name) {
            warn("unknown colour space '\(name)'", at: space.offset)
        }
        for component in object["components"]?.object?.members ?? [] {
            switch component.value {
            case .string(let text), .number(let text):
                color.components[component.key] = text
                if !ColorDefinition.knownComponents.contains(component.key) {
                    warn("unknown colour component '\(component.key)' (kept as written)", at: component.offset, rule: .contentsUnknownKey)
                } else if let value = ColorDefinition.fraction(of: text) {
                    if !ColorDefinition.isInRange(value, component: component.key, colorSpace: color.colorSpace) {
                        warn(
                            "colour component '\(component.key)' is \"\(text)\": outside 0-1, the range of \(rangeOwner(component.key, color.colorSpace))",
                            at: component.offset)
                    }
                } else {
                    warn(
                        "colour component '\(component.key)' is \"\(text)\": expected a fraction such as 0.5, an integer 0-255 or a hex byte such as 0x80",
                        at: component.offset)
                }
            default:
                warn("colour component '\(component.key)' should be a number or a string", at: component.offset)
            }
        }
        if color.reference == nil && color.components.isEmpty {
            warn("'color' has neither components nor a system colour reference", at: member.offset)
        }
        return color
    }

    /// What bounds a component to 0...1, for the message: alpha everywhere, or the colour space.
    private func rangeOwner(_ component: String, _ colorSpace: String?) -> String {
        component == "alpha" ? "alpha in every colour space" : "colour space '\(colorSpace ?? "srgb")' (the extended spaces allow more)"
    }
}
