/// What adapt reads of an SVG before any renderer does, on both sides of the worker's pipe: the
/// root element's attributes (its size), whether its DOCTYPE declares entities adapt will not let
/// a parser expand, and the outside files it names, which the renderer is never allowed to read.
///
/// A byte scan, not a parser: a hostile file must not be able to make it allocate or loop, so it
/// only walks forward, and keeps nothing larger than an attribute.
///
/// ```swift
/// switch SVGSource.root(bytes) {
/// case .success(let attributes): attributes["width"]
/// case .failure(let refusal): refusal.reason
/// }
/// ```
package enum SVGSource {
    /// Why an SVG is not read.
    package struct Refusal: Error, Equatable, Sendable {
        package var reason: String
        package init(reason: String) { self.reason = reason }
    }

    /// Internal entities of at most this many bytes each, and this many replaced bytes in all,
    /// are let through: Adobe Illustrator writes a few short namespace entities, while an
    /// entity blow-up ("billion laughs") needs nesting or many long ones.
    static let entityLimits = (declarations: 32, value: 256, expansion: 1 << 20)

    /// The attributes of the root `<svg>` start tag: the first element after the prolog (XML
    /// declaration, processing instructions, comments, DOCTYPE, CDATA), so a commented-out `<svg>`
    /// never sets the size. Fails when the DOCTYPE declares entities that could blow up.
    package static func root(_ bytes: [UInt8]) -> Result<[String: String], Refusal> {
        var scanner = Scanner(bytes)
        if scanner.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.position += 3 }
        var entities: [String: Int] = [:]
        while true {
            scanner.skipSpaces()
            if scanner.atEnd { return .failure(Refusal(reason: "it has no <svg> element")) }
            if scanner.skip(past: "<?", to: "?>") || scanner.skip(past: "<!--", to: "-->") || scanner.skip(past: "<![CDATA[", to: "]]>") { continue }
            if scanner.starts(with: Array("<!DOCTYPE".utf8)) {
                switch scanner.doctype() {
                case .success(let declared): entities.merge(declared) { $1 }
                case .failure(let refusal): return .failure(refusal)
                }
                continue
            }
            guard scanner.byte == UInt8(ascii: "<") else { return .failure(Refusal(reason: "it has text before its first element")) }
            scanner.position += 1
            let name = scanner.name()
            guard name == "svg" || name.hasSuffix(":svg") else { return .failure(Refusal(reason: "its first element is <\(name.prefix(40))>, not <svg>")) }
            guard let attributes = scanner.attributes() else { return .failure(Refusal(reason: "its <svg> start tag does not end")) }
            if !entities.isEmpty, let refusal = expansionRefusal(entities, bytes) { return .failure(refusal) }
            return .success(attributes)
        }
    }

    /// The bytes the declared entities' references would add; a refusal when over the limit.
    private static func expansionRefusal(_ entities: [String: Int], _ bytes: [UInt8]) -> Refusal? {
        var added = 0
        var index = 0
        while let ampersand = bytes[index...].firstIndex(of: UInt8(ascii: "&")) {
            let end = bytes[ampersand...].prefix(80).firstIndex(of: UInt8(ascii: ";")) ?? ampersand
            if end > ampersand, let length = entities[String(decoding: bytes[(ampersand + 1)..<end], as: UTF8.self)] {
                added += length
                if added > entityLimits.expansion {
                    return Refusal(reason: "its entities would expand to more than \(entityLimits.expansion) bytes, which adapt does not allow an SVG")
                }
            }
            index = ampersand + 1
        }
        return nil
    }

    /// What a reference to an outside resource looks like in an SVG, and whether it names one.
    /// `#id` and `data:` stay inside the file; anything else (a relative path, `../`, `file:`,
    /// `http:`) is a file or site the renderer is not allowed to read.
    static func isOutside(_ reference: String) -> Bool {
        let trimmed = reference.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "'" || $0 == "\"" }
        return !trimmed.isEmpty && !trimmed.hasPrefix("#") && !trimmed.lowercased().hasPrefix("data:")
    }

    /// The outside resources `bytes` names, each once, in order: `href`s (of `<image>`, `<use>`,
    /// `<feImage>`, `xi:include`, ...), `url(...)` in attributes and styles, and CSS `@import`s.
    /// The renderer draws an SVG from its own bytes, so each of these is dropped, and said so.
    package static func outsideReferences(_ bytes: [UInt8]) -> [String] {
        var found: [String] = []
        func add(_ kind: String, _ value: ArraySlice<UInt8>) {
            let reference = String(decoding: value.prefix(200), as: UTF8.self)
            guard isOutside(reference) else { return }
            let said = "\(kind) '\(reference)'"
            if !found.contains(said) { found.append(said) }
        }
        var index = 0
        while index < bytes.count, found.count < 20 {
            let byte = lowered(bytes[index])
            if byte == UInt8(ascii: "h"), matches(bytes, index, "href"), let value = attributeValue(bytes, after: index + 4) {
                let element = elementName(bytes, before: index)
                add(element == "xi:include" || element == "include" ? "xi:include" : "href on <\(element)>", value)
            } else if byte == UInt8(ascii: "u"), matches(bytes, index, "url("), index == 0 || !isNameByte(bytes[index - 1]) {
                let start = index + 4
                let end = bytes[start...].prefix(400).firstIndex(of: UInt8(ascii: ")")) ?? min(bytes.count, start + 200)
                add("url()", bytes[start..<end])
            } else if byte == UInt8(ascii: "@"), matches(bytes, index, "@import") {
                var start = index + 7
                while start < bytes.count, bytes[start] == UInt8(ascii: " ") { start += 1 }
                let end = bytes[start...].prefix(400).firstIndex { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "\n") } ?? min(bytes.count, start + 200)
                // `@import "a.css"`, `@import url(a.css) screen`: the name alone.
                var name = bytes[start..<end]
                if name.starts(with: Array("url(".utf8)) { name = name.dropFirst(4).prefix { $0 != UInt8(ascii: ")") } }
                name = name.drop { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") }
                add("CSS @import", name.prefix { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "'") && $0 != UInt8(ascii: " ") })
                // Said once, as an import, rather than again as the url() it may hold.
                index = end
                continue
            }
            index += 1
        }
        return found
    }

    private static func lowered(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

    /// Whether `word` (lower case) is at `index`, in any case.
    private static func matches(_ bytes: [UInt8], _ index: Int, _ word: String) -> Bool {
        let word = Array(word.utf8)
        guard index + word.count <= bytes.count else { return false }
        return (0..<word.count).allSatisfy { lowered(bytes[index + $0]) == word[$0] }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ":")
    }

    /// The quoted value after an attribute name ending before `after` (`href="..."`), when the
    /// name is an attribute's (preceded by a space or a namespace colon).
    private static func attributeValue(_ bytes: [UInt8], after: Int) -> ArraySlice<UInt8>? {
        let before = after - 5
        guard before >= 0,
            bytes[before] == UInt8(ascii: " ") || bytes[before] == UInt8(ascii: ":") || bytes[before] == UInt8(ascii: "\n")
                || bytes[before] == UInt8(ascii: "\t")
        else { return nil }
        var index = after
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
        let quote = bytes[index]
        guard let end = bytes[(index + 1)...].prefix(4096).firstIndex(of: quote) else { return nil }
        return bytes[(index + 1)..<end]
    }

    /// The name of the element whose start tag holds `index`.
    private static func elementName(_ bytes: [UInt8], before index: Int) -> String {
        guard let open = bytes[..<index].suffix(4096).lastIndex(of: UInt8(ascii: "<")) else { return "?" }
        let name = bytes[(open + 1)...].prefix { isNameByte($0) }
        return String(decoding: name.prefix(40), as: UTF8.self)
    }
}

/// A forward-only cursor over an SVG's bytes.
private struct Scanner {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position >= bytes.count }
    var byte: UInt8 { bytes[position] }

    func starts(with prefix: [UInt8]) -> Bool {
        position + prefix.count <= bytes.count && bytes[position..<(position + prefix.count)].elementsEqual(prefix)
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    mutating func skipSpaces() { while !atEnd, Self.isSpace(byte) { position += 1 } }

    /// Skips a construct from `open` to `close` when one starts here (to the end when unclosed).
    mutating func skip(past open: String, to close: String) -> Bool {
        guard starts(with: Array(open.utf8)) else { return false }
        position += open.utf8.count
        skip(to: Array(close.utf8))
        return true
    }

    mutating func skip(to close: [UInt8]) {
        while !atEnd, !starts(with: close) { position += 1 }
        position = min(bytes.count, position + close.count)
    }

    mutating func name() -> String {
        let start = position
        while !atEnd, !Self.isSpace(byte), byte != UInt8(ascii: ">"), byte != UInt8(ascii: "/"), byte != UInt8(ascii: "=") { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// A quoted string's contents, the position after its closing quote; nil when unquoted or unclosed.
    mutating func quoted() -> ArraySlice<UInt8>? {
        guard !atEnd, byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") else { return nil }
        let quote = byte
        guard let end = bytes[(position + 1)...].firstIndex(of: quote) else { return nil }
        defer { position = end + 1 }
        return bytes[(position + 1)..<end]
    }

    /// A start tag's attributes, from after its name to its `>`; nil when it does not end.
    mutating func attributes() -> [String: String]? {
        var attributes: [String: String] = [:]
        while true {
            skipSpaces()
            guard !atEnd else { return nil }
            if byte == UInt8(ascii: ">") || starts(with: Array("/>".utf8)) { return attributes }
            let name = self.name()
            skipSpaces()
            guard !atEnd, byte == UInt8(ascii: "=") else {
                // A name without a value is not XML; stepping on keeps the scan moving.
                if name.isEmpty { position += 1 }
                continue
            }
            position += 1
            skipSpaces()
            guard let value = quoted() else { return nil }
            attributes[name] = String(decoding: value, as: UTF8.self)
        }
    }

    /// Skips a DOCTYPE, returning its internal entities' names and value lengths, or the refusal
    /// of one that could blow up: a parameter or external entity, one that refers to another,
    /// or more or longer ones than `SVGSource.entityLimits`.
    mutating func doctype() -> Result<[String: Int], SVGSource.Refusal> {
        let limits = SVGSource.entityLimits
        position += "<!DOCTYPE".utf8.count
        var entities: [String: Int] = [:]
        var depth = 0
        while !atEnd {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                guard quoted() != nil else { break }
                continue
            }
            if skip(past: "<!--", to: "-->") || skip(past: "<?", to: "?>") { continue }
            if starts(with: Array("<!ENTITY".utf8)) {
                position += "<!ENTITY".utf8.count
                skipSpaces()
                guard !atEnd, byte != UInt8(ascii: "%") else { return .failure(refusal("a parameter entity")) }
                let name = self.name()
                skipSpaces()
                guard let value = quoted() else { return .failure(refusal("an external entity ('\(name.prefix(40))')")) }
                guard value.count <= limits.value, !value.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "<") })
                else { return .failure(refusal("an entity ('\(name.prefix(40))') that is long or refers to others")) }
                entities[name] = value.count
                guard entities.count <= limits.declarations else { return .failure(refusal("more than \(limits.declarations) entities")) }
                continue
            }
            switch byte {
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth = max(0, depth - 1)
            case UInt8(ascii: ">") where depth == 0:
                position += 1
                return .success(entities)
            default: break
            }
            position += 1
        }
        return .failure(SVGSource.Refusal(reason: "its DOCTYPE does not end"))
    }

    private func refusal(_ what: String) -> SVGSource.Refusal {
        SVGSource.Refusal(reason: "its DOCTYPE declares \(what), which adapt does not let an SVG parser expand (an entity blow-up can take all memory)")
    }
}
