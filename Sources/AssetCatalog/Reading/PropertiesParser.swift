/// Reads a set's or group's `properties` object.
enum PropertiesParser {
    /// Every `properties` key of Apple's Asset Catalog Format Reference (and those Xcode writes
    /// since), whatever the set's type: a documented key is never an unknown one.
    static let knownKeys: Set<String> = [
        // Image, data, colour and symbol sets, and groups.
        "provides-namespace", "preserves-vector-representation", "on-demand-resource-tags", "localizable",
        "template-rendering-intent", "compression-type", "generate-swift-asset-symbol-extensions",
        "auto-scaling", "symbol-rendering-intent",
        // App icon sets: iOS 6's "icon already has its gloss".
        "pre-rendered",
        // Sticker packs, stickers and sticker sequences (Messages).
        "grid-size", "filename", "accessibility-label", "duration", "duration-type", "repetitions",
        // Image stacks and their layers (tvOS, visionOS), referenced layers included.
        "canvasSize", "frame-size", "frame-center", "content-reference",
        // Texture, cube texture and mipmap sets (Metal).
        "origin", "interpretation", "level-mode",
    ]

    static func parse(_ document: ContentsDocument, diagnostics: inout [Diagnostic]) -> SetProperties {
        var properties = SetProperties()
        guard let member = document.root.member("properties") else { return properties }
        guard let object = member.value.object else {
            diagnostics.append(
                Diagnostic(
                    .contentsUnknownValue, "'properties' should be an object, not \(member.value.kindDescription)",
                    at: document.location(ofOffset: member.offset)))
            return properties
        }
        for property in object.members {
            var location: SourceLocation { document.location(ofOffset: property.offset) }
            switch property.key {
            case "provides-namespace": properties.providesNamespace = property.value.bool ?? false
            case "preserves-vector-representation": properties.preservesVectorRepresentation = property.value.bool ?? false
            case "localizable": properties.localizable = property.value.bool ?? false
            case "on-demand-resource-tags":
                properties.onDemandResourceTags = property.value.array?.compactMap(\.string) ?? []
            case "template-rendering-intent":
                properties.templateRenderingIntent = property.value.string
                if let value = property.value.string, !VariantParser.renderingIntents.contains(value) {
                    diagnostics.append(unknownValue(property, location: location))
                }
            case "compression-type": properties.compressionType = property.value.string
            default:
                if !knownKeys.contains(property.key) {
                    diagnostics.append(Diagnostic(.contentsUnknownKey, "unknown property '\(property.key)' (kept as written)", at: location))
                }
            }
        }
        return properties
    }

    private static func unknownValue(_ member: JSONObject.Member, location: SourceLocation) -> Diagnostic {
        Diagnostic(.contentsUnknownValue, "unknown value \(JSONWriter.compact.string(for: member.value)) for '\(member.key)'", at: location)
    }
}
