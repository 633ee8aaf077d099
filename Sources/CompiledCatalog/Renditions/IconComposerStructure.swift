import AdaptSupport

/// The structure Xcode 26 compiles an Icon Composer icon (`AppIcon.icon`) into: an icon stack
/// (layout 1019) per appearance lists its fill's gradient and its groups; an icon group (1020) per
/// group and appearance lists its image layers; a named gradient (1021) lists its colours. The
/// lists are three properties of a stack's and a group's CSI header, entry N of each about the
/// same layer, bottom first:
///
/// - 1012 (`IconLayer`): where the layer lies on the 1024-point canvas, its blend mode and opacity,
///   and the key of the rendition that draws it (a gradient, a group or an image layer).
/// - 1020 (`IconLayerStyle`): the layer's kind of material, its blur, and the gradient that fills it.
/// - 1021 (`IconLayerEffects`): its translucency and shadow.
///
/// Read from Apple's files (AM-MiniPlayer, SameDesk and sudoku in the corpus, Xcode 26.0.1 to 26.5),
/// each field set against the `icon.json` it was compiled from; the meaning of a number seen only
/// as 0 is not guessed.
///
/// ```swift
/// for case .iconLayers(let layers) in rendition.properties {
///     layers.map(\.frame)        // [(-115, -115) 1254x1254]: SameDesk's logo.png, centred
/// }
/// ```
package struct IconLayer: Hashable, Sendable {
    /// The layer's frame in points of the 1024-point canvas (0x0 for a stack's entries: the whole canvas).
    package var frame: Frame
    /// The blend mode (CoreGraphics' numbering: `icon.json`'s `lighten` is 5).
    package var blendMode: IconBlendMode
    /// The opacity, 0 to 1 (`opacity-specializations` land here: 0.87 for a tinted one).
    package var opacity: Float
    /// The key of the rendition that draws the layer, as (attribute, value) pairs: element, part
    /// (247 a gradient, 246 a group, 181 an image layer) and name identifier.
    package var key: [CARFacet.Attribute]

    /// A frame in points; the origin may be negative (a layer larger than the canvas).
    package struct Frame: Hashable, Sendable, CustomStringConvertible {
        /// The left edge, in points.
        package var x: Int32
        /// The top edge, in points.
        package var y: Int32
        /// The width, in points.
        package var width: Int32
        /// The height, in points.
        package var height: Int32
        package init(x: Int32, y: Int32, width: Int32, height: Int32) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
        package var description: String { "\(width)x\(height)\(x < 0 ? "" : "+")\(x)\(y < 0 ? "" : "+")\(y)" }
    }

    package init(frame: Frame, blendMode: IconBlendMode, opacity: Float, key: [CARFacet.Attribute]) {
        self.frame = frame
        self.blendMode = blendMode
        self.opacity = opacity
        self.key = key
    }

    /// The key's name identifier (attribute 17), when it has one.
    package var nameIdentifier: UInt16? { key.first { $0.attribute == .identifier }?.value }
    /// The key's part (attribute 2), when it has one.
    package var part: UInt16? { key.first { $0.attribute == .part }?.value }
}

/// Entry N of property 1020: what kind of material layer N is, its blur and its fill.
package struct IconLayerStyle: Hashable, Sendable {
    /// 0 for the icon's fill and a layer drawn without glass (sudoku's light `glass` false), 1 for
    /// a layer drawn as glass (the default), 2 for a group; other numbers are kept as they are.
    package var material: UInt32
    /// A group's `blur-material` (0.5 in AM-MiniPlayer's first group; 0 when unset).
    package var blur: Float
    /// The name of the gradient that fills the layer (`AppIcon_Assets/Gradient-3` for a layer's
    /// `fill-specializations`), or empty for none.
    package var fill: String

    package init(material: UInt32, blur: Float, fill: String) {
        self.material = material
        self.blur = blur
        self.fill = fill
    }
}

/// Entry N of property 1021: a group's translucency and shadow (all 0 for the fill and for an
/// image layer).
package struct IconLayerEffects: Hashable, Sendable {
    /// `translucency.enabled`.
    package var translucencyEnabled: Bool
    /// `translucency.value` (0 when translucency is off: sudoku's 0.5 is not kept).
    package var translucency: Float
    /// `shadow.kind`: 3 is `neutral`, the only kind the three files hold; others are kept as numbers.
    package var shadowKind: UInt32
    /// `shadow.opacity`.
    package var shadowOpacity: Float
    /// The fifth word, 0 in every file read (with `specular` and `lighting` set or not).
    package var reserved: UInt32

    package init(translucencyEnabled: Bool, translucency: Float, shadowKind: UInt32, shadowOpacity: Float, reserved: UInt32 = 0) {
        self.translucencyEnabled = translucencyEnabled
        self.translucency = translucency
        self.shadowKind = shadowKind
        self.shadowOpacity = shadowOpacity
        self.reserved = reserved
    }

    /// The name of `shadowKind`, or `Unknown(N)`.
    package var shadowKindName: String { shadowKind == 3 ? "neutral" : shadowKind == 0 ? "none" : "Unknown(\(shadowKind))" }
}

/// A layer's blend mode, in CoreGraphics' numbering (`CGBlendMode`), which `icon.json`'s names
/// follow; 0 (`normal`) and 5 (`lighten`, SameDesk) are the numbers Apple's files show.
package struct IconBlendMode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package var rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `icon.json`'s names, by number.
    package static let names = [
        "normal", "multiply", "screen", "overlay", "darken", "lighten", "color-dodge", "color-burn", "soft-light", "hard-light",
        "difference", "exclusion", "hue", "saturation", "color", "luminosity", "clear", "copy", "source-in", "source-out",
        "source-atop", "destination-over", "destination-in", "destination-out", "destination-atop", "xor", "plus-darker", "plus-lighter",
    ]

    /// The mode `icon.json` names `name`, nil for a name it does not have.
    package init?(name: String) {
        guard let number = Self.names.firstIndex(of: name) else { return nil }
        rawValue = UInt32(number)
    }

    /// `icon.json`'s name, or `Unknown(N)`.
    package var name: String { Int(rawValue) < Self.names.count ? Self.names[Int(rawValue)] : "Unknown(\(rawValue))" }
    package var description: String { name }
}

/// A named gradient (layout 1021, data tag `ARGG`): an icon's fill or a layer's, its colours
/// named renditions of their own (`AppIcon_Assets/Color-2`).
///
/// Stored as `ARGG`, the stop count, the kind, a reserved word, the start and stop points (four
/// 32-bit floats, 0 to 1 of the canvas, y down), then per stop its location (a float) and its
/// colour's name (a length counting the NUL, then the name and the NUL).
public struct IconGradient: Hashable, Sendable {
    /// 0: an `automatic-gradient`, its one colour drawn as the system shades it; 1: a linear gradient.
    public var kind: UInt32
    /// Where the gradient's line starts, 0 to 1 of the canvas.
    public var start: Point
    /// Where it ends.
    public var stop: Point
    /// The colours along it, in order.
    public var stops: [Stop]

    /// A point of the canvas, each coordinate 0 to 1 (y down).
    public struct Point: Hashable, Sendable {
        /// Across, from the left.
        public var x: Float
        /// Down, from the top.
        public var y: Float
        package init(x: Float, y: Float) {
            self.x = x
            self.y = y
        }
    }

    /// One colour of the gradient and where it lies.
    public struct Stop: Hashable, Sendable {
        /// Where the stop lies, 0 to 1 along the line from start to stop.
        public var location: Float
        /// The name of its colour's rendition.
        public var color: String
        package init(location: Float, color: String) {
            self.location = location
            self.color = color
        }
    }

    package init(kind: UInt32, start: Point, stop: Point, stops: [Stop]) {
        self.kind = kind
        self.start = start
        self.stop = stop
        self.stops = stops
    }

    /// `automatic`, `linear`, or `Unknown(N)`.
    public var kindName: String { kind == 0 ? "automatic" : kind == 1 ? "linear" : "Unknown(\(kind))" }

    /// The gradient stored in `bytes` (the payload, from its tag), nil when the bytes are not one
    /// or end before what they state.
    package static func read(_ bytes: UnsafeRawBufferPointer) -> IconGradient? {
        guard bytes.uint32BigEndian(at: 0) == 0x4152_4747, // "ARGG"
            let count = bytes.uint32LittleEndian(at: 4), let kind = bytes.uint32LittleEndian(at: 8),
            let x0 = bytes.float32LittleEndian(at: 16), let y0 = bytes.float32LittleEndian(at: 20),
            let x1 = bytes.float32LittleEndian(at: 24), let y1 = bytes.float32LittleEndian(at: 28),
            // Each stop takes at least 8 bytes: a hostile count is refused before anything is reserved.
            Int(count) <= (bytes.count - 32) / 8
        else { return nil }
        var stops: [Stop] = []
        var cursor = 32
        for _ in 0..<count {
            guard let location = bytes.float32LittleEndian(at: cursor), let length = bytes.uint32LittleEndian(at: cursor + 4),
                let name = bytes.window(offset: cursor + 8, length: Int(length))
            else { return nil }
            stops.append(Stop(location: location, color: String(decoding: name.beforeNUL, as: UTF8.self)))
            cursor += 8 + Int(length)
        }
        return IconGradient(kind: kind, start: Point(x: x0, y: y0), stop: Point(x: x1, y: y1), stops: stops)
    }
}

extension RawRenditionProperty {
    /// The entries of a 1012, 1020 or 1021 list: a count, a reserved word, then the entries, each
    /// read by `entry` from where the one before ends. Nil when the list ends before an entry does.
    func iconEntries<Entry>(_ entry: (Int) -> (Entry, next: Int)?) -> [Entry]? {
        guard let count = word(0), Int(count) <= (value.count - 8) / 8 else { return nil }
        var entries: [Entry] = []
        var cursor = 8
        for _ in 0..<count {
            guard let (read, next) = entry(cursor) else { return nil }
            entries.append(read)
            cursor = next
        }
        return entries
    }

    /// Property 1012: per layer a reserved word, the frame (four signed words), the blend mode, the
    /// opacity, the key's length in bytes and the key, (attribute, value) pairs ending with (0, 0).
    var iconLayers: [IconLayer]? {
        iconEntries { at in
            guard let x = value.uint32LittleEndian(at: at + 4), let y = value.uint32LittleEndian(at: at + 8),
                let width = value.uint32LittleEndian(at: at + 12), let height = value.uint32LittleEndian(at: at + 16),
                let blend = value.uint32LittleEndian(at: at + 20), let opacity = value.float32LittleEndian(at: at + 24),
                let keyLength = value.uint32LittleEndian(at: at + 28), Int(keyLength) <= value.count - at - 32
            else { return nil }
            var key: [CARFacet.Attribute] = []
            for pair in 0..<Int(keyLength) / 4 {
                guard let attribute = value.uint16LittleEndian(at: at + 32 + 4 * pair),
                    let number = value.uint16LittleEndian(at: at + 34 + 4 * pair), attribute != 0 || number != 0
                else { break }
                key.append(CARFacet.Attribute(attribute: RenditionAttribute(rawValue: UInt32(attribute)), value: number))
            }
            let frame = IconLayer.Frame(x: Int32(bitPattern: x), y: Int32(bitPattern: y), width: Int32(bitPattern: width), height: Int32(bitPattern: height))
            return (IconLayer(frame: frame, blendMode: IconBlendMode(rawValue: blend), opacity: opacity, key: key), at + 32 + Int(keyLength))
        }
    }

    /// Property 1020: per layer its material, its blur, and its fill's name (a length counting the NUL, then the name).
    var iconLayerStyles: [IconLayerStyle]? {
        iconEntries { at in
            guard let material = value.uint32LittleEndian(at: at), let blur = value.float32LittleEndian(at: at + 4),
                let length = value.uint32LittleEndian(at: at + 8), let name = value.window(offset: at + 12, length: Int(length))
            else { return nil }
            return (IconLayerStyle(material: material, blur: blur, fill: String(decoding: name.beforeNUL, as: UTF8.self)), at + 12 + Int(length))
        }
    }

    /// Property 1021: per layer five words, translucency on, its value, shadow kind, its opacity, reserved.
    var iconLayerEffects: [IconLayerEffects]? {
        iconEntries { at in
            guard let enabled = value.uint32LittleEndian(at: at), let translucency = value.float32LittleEndian(at: at + 4),
                let kind = value.uint32LittleEndian(at: at + 8), let opacity = value.float32LittleEndian(at: at + 12),
                let reserved = value.uint32LittleEndian(at: at + 16)
            else { return nil }
            return (
                IconLayerEffects(translucencyEnabled: enabled != 0, translucency: translucency, shadowKind: kind, shadowOpacity: opacity, reserved: reserved),
                at + 20
            )
        }
    }
}
