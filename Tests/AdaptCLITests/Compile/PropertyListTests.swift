import AdaptSupport
import Testing

/// The xml1 and binary1 encoders: Apple's XML form exactly, and both forms read back by an
/// independent reader (Python's plistlib) as the values written.
@Suite struct PropertyListTests {
    /// Every type, the escapes, integer widths, non-ASCII keys and strings, empty containers.
    static let sample: PropertyList = [
        "strings": ["", "plain", "a & b < c > d \"quoted\" 'single'", "tab\tnew\nline", "Größe", "日本語", "😀 emoji", "carriage\rreturn"],
        "integers": [0, 1, 255, 256, 65_535, 65_536, 4_294_967_295, 4_294_967_296, .integer(.max), -1, .integer(.min)],
        "reals": [.real(0.1), .real(1.5), .real(-2.25), .real(1e300), .real(.leastNonzeroMagnitude), .real(1)],
        "bools": [true, false],
        "data": [.data([]), .data([0, 1, 2, 255]), .data(Array(0...199))],
        "dates": [.date(0), .date(1_000_000_000), .date(-1_000_000_000)],
        "empty dictionary": [:],
        "empty array": [],
        "Ünïcödé key": ["nested": ["deeper": [1, "two", [:]]]],
        "B": "upper case sorts before lower case",
        "a": "lower case",
    ]

    @Test func plistlibReadsBothFormsAsTheValuesWritten() throws {
        let read = try PlistLib.read([Array(Self.sample.xml.utf8), Self.sample.binary])
        #expect(read[0] == Self.sample)
        #expect(read[1] == Self.sample)
    }

    /// More than 65,535 objects (4-byte references), offsets past 65,535 (4-byte offsets), strings
    /// longer than 15, 255 and 65,535 characters (counts of 1, 2 and 4 bytes), and a long UTF-16 one.
    @Test func plistlibReadsLargeBinaryDocuments() throws {
        let manyStrings = PropertyList.array((0..<70_000).map { .string("s\($0)") })
        let longStrings: PropertyList = [
            .string(String(repeating: "x", count: 16)), .string(String(repeating: "y", count: 300)),
            .string(String(repeating: "z", count: 70_000)), .string(String(repeating: "é", count: 300)),
        ]
        let document: PropertyList = ["many": manyStrings, "long": longStrings]
        let binary = document.binary
        let trailer = binary.suffix(32)
        #expect(trailer[trailer.startIndex + 6] == 4, "offsets past 65,535 take 4 bytes")
        #expect(trailer[trailer.startIndex + 7] == 4, "more than 65,535 objects take 4-byte references")
        let read = try PlistLib.read([binary, Array(document.xml.utf8)])
        #expect(read[0] == document)
        #expect(read[1] == document)
    }

    /// 300 objects need 2-byte references; a handful need 1; the trailer says which.
    @Test(arguments: [(10, UInt8(1)), (300, UInt8(2))])
    func referencesAreAsNarrowAsTheCountAllows(count: Int, width: UInt8) throws {
        let document = PropertyList.array((0..<count).map { .integer(Int64($0) + 1000) })
        let binary = document.binary
        #expect(Array(binary.prefix(8)) == Array("bplist00".utf8))
        #expect(binary[binary.count - 25] == width)
        #expect(try PlistLib.read([binary]) == [document])
    }

    /// Equal strings are stored once; canonically equivalent but different ones are not merged.
    @Test func equalLeavesAreSharedAndDistinctOnesKept() throws {
        let document: PropertyList = ["same", "same", "same", "\u{E9}", "e\u{301}"]
        let binary = document.binary
        // Objects: the array, "same", and the two spellings of é.
        #expect(binary[binary.count - 17] == 4)
        let read = try PlistLib.read([binary])
        guard case .array(let elements) = read[0], case .string(let composed) = elements[3], case .string(let decomposed) = elements[4] else {
            Issue.record("unexpected \(read)")
            return
        }
        #expect(Array(composed.unicodeScalars) == ["\u{E9}"])
        #expect(Array(decomposed.unicodeScalars) == ["e", "\u{301}"])
    }

    /// Apple's XML form, byte for byte: header, DOCTYPE, tabs, sorted keys, escapes, empty containers.
    @Test func xmlIsApplesForm() {
        let document: PropertyList = [
            "b": ["x & y <z>", 42, true],
            "a": [:],
            "c": [],
            "d": .real(0.1),
        ]
        #expect(
            document.xml == """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                \t<key>a</key>
                \t<dict/>
                \t<key>b</key>
                \t<array>
                \t\t<string>x &amp; y &lt;z&gt;</string>
                \t\t<integer>42</integer>
                \t\t<true/>
                \t</array>
                \t<key>c</key>
                \t<array/>
                \t<key>d</key>
                \t<real>0.10000000000000001</real>
                </dict>
                </plist>

                """)
    }

    /// XML cannot carry most C0 controls at all: they become U+FFFD, and the file still reads.
    @Test func xmlReplacesWhatXMLCannotCarry() throws {
        let document: PropertyList = ["name\u{1}": "bell\u{7}escape\u{1B}"]
        let read = try PlistLib.read([Array(document.xml.utf8), document.binary])
        #expect(read[0] == ["name\u{FFFD}": "bell\u{FFFD}escape\u{FFFD}"])
        #expect(read[1] == document)
    }

    @Test func xmlDatesAndRealsAreWrittenAsAppleWritesThem() {
        #expect(PropertyList.date(0).xml.contains("<date>2001-01-01T00:00:00Z</date>"))
        #expect(PropertyList.date(-1_000_000_000).xml.contains("<date>1969-04-24T22:13:20Z</date>"))
        #expect(PropertyList.real(1).xml.contains("<real>1</real>"))
        #expect(PropertyList.real(.infinity).xml.contains("<real>+infinity</real>"))
    }

    @Test func outputIsDeterministic() {
        #expect(Self.sample.xml == Self.sample.xml)
        #expect(Self.sample.binary == Self.sample.binary)
        let reordered = PropertyList.dictionary(Dictionary(uniqueKeysWithValues: [("z", PropertyList.integer(1)), ("a", 2)].reversed()))
        #expect(reordered.binary == (["a": 2, "z": 1] as PropertyList).binary)
    }
}
