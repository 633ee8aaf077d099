// Yams's vendored libyaml. Not a product of Yams, but SwiftPM makes the module of every C target
// in the dependency graph importable; Package.swift takes Yams 6 (from 6.2.2), and a Yams that renamed the
// module would fail this build loudly, not change behaviour.
internal import CYaml

/// libyaml's event stream over a configuration, read before Yams composes it, refusing what
/// would make composing cost more than the file's size: anchors and aliases, keys that are not
/// scalars, and nesting deeper than `depthLimit`. Linear in the text; nothing is built.
///
/// Why: Yams checks every mapping for duplicate keys by hashing its keys, and an alias stands
/// for its anchor's whole tree, so ~600 bytes of nested aliases used as a key (`? *h : 1`) hash
/// 9⁸ nodes and take minutes. Without aliases a key is still hashed once per mapping around it,
/// so a 200 KB list used as a key 900 mappings deep (`? ? ? … [z, z, …]`) takes a minute too.
/// Real `.adapt.yml` files use none of these: anchors and aliases are refused outright rather
/// than counted, every key must be a scalar (the configuration's keys are strings anyway), and
/// a real configuration nests three levels (`severity:`, a rule's options, their list).
///
/// A text libyaml cannot parse passes: Yams meets the same error and `ConfigFile` reports it
/// at its place. Events before the error are screened all the same.
struct YAMLScreen {
    static let depthLimit = 32

    struct Problem: Error, Equatable {
        var message: String
        /// 1-based, counted in Unicode scalars like Yams's marks.
        var line: Int
        var column: Int
    }

    static func check(_ text: String) throws(Problem) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(text.utf8)
        let problem: Problem? = bytes.withUnsafeMutableBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var screen = YAMLScreen()
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return nil }
                if let problem = screen.consume(event) { return problem }
            }
        }
        if let problem { throw problem }
    }

    /// The collections open at the current event: for a mapping, whether its next node is a key.
    private var open: [(isMapping: Bool, expectsKey: Bool)] = []

    private mutating func consume(_ event: yaml_event_t) -> Problem? {
        func problem(_ message: String) -> Problem {
            Problem(message: message, line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        }
        let anchor: UnsafeMutablePointer<yaml_char_t>?
        let isCollection: Bool
        switch event.type {
        case YAML_ALIAS_EVENT: return problem(Self.anchorsRefused)
        case YAML_SCALAR_EVENT: (anchor, isCollection) = (event.data.scalar.anchor, false)
        case YAML_SEQUENCE_START_EVENT: (anchor, isCollection) = (event.data.sequence_start.anchor, true)
        case YAML_MAPPING_START_EVENT: (anchor, isCollection) = (event.data.mapping_start.anchor, true)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            open.removeLast()
            return nil
        default: return nil
        }
        if anchor != nil { return problem(Self.anchorsRefused) }
        // A node in a mapping is its key and its value in turn.
        if let parent = open.last, parent.isMapping {
            if parent.expectsKey && isCollection { return problem("a key must be a string") }
            open[open.count - 1].expectsKey.toggle()
        }
        if isCollection {
            open.append((event.type == YAML_MAPPING_START_EVENT, true))
            if open.count > Self.depthLimit { return problem("the configuration nests more than \(Self.depthLimit) levels deep") }
        }
        return nil
    }

    static let anchorsRefused = "anchors (&name) and aliases (*name) are not allowed in a configuration file; write the value out"
}
