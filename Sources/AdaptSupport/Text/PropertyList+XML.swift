extension PropertyList {
    /// The `xml1` form, as Core Foundation writes it: the XML declaration, Apple's DOCTYPE, one
    /// element a line indented by tabs, `<dict/>` and `<array/>` when empty, and a final newline.
    ///
    /// Text escapes `&`, `<` and `>` as Apple does, and a carriage return as `&#13;` (a parser would
    /// otherwise read it as a line feed). XML 1.0 has no way to carry the other C0 controls, U+FFFE
    /// or U+FFFF, not even as character references, and Apple's writer leaves them raw (a file no
    /// parser reads back); here they become U+FFFD. `binary` carries every string exactly.
    package var xml: String {
        var output = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        appendXML(to: &output, depth: 0)
        output += "</plist>\n"
        return output
    }

    private func appendXML(to output: inout String, depth: Int) {
        let indent = String(repeating: "\t", count: depth)
        switch self {
        case .dictionary(let dictionary) where dictionary.isEmpty:
            output += indent + "<dict/>\n"
        case .dictionary(let dictionary):
            output += indent + "<dict>\n"
            for key in Self.sortedKeys(dictionary) {
                output += indent + "\t<key>" + Self.xmlEscaped(key) + "</key>\n"
                dictionary[key]!.appendXML(to: &output, depth: depth + 1)
            }
            output += indent + "</dict>\n"
        case .array(let elements) where elements.isEmpty:
            output += indent + "<array/>\n"
        case .array(let elements):
            output += indent + "<array>\n"
            for element in elements { element.appendXML(to: &output, depth: depth + 1) }
            output += indent + "</array>\n"
        case .string(let string):
            output += indent + "<string>" + Self.xmlEscaped(string) + "</string>\n"
        case .integer(let value):
            output += indent + "<integer>\(value)</integer>\n"
        case .real(let value):
            output += indent + "<real>" + Self.realText(value) + "</real>\n"
        case .bool(let value):
            output += indent + (value ? "<true/>\n" : "<false/>\n")
        case .data(let bytes):
            // Base64 in lines of at most 76 characters, each at the element's own indentation.
            output += indent + "<data>\n"
            let encoded = Base64.encode(bytes)
            var start = encoded.startIndex
            while start < encoded.endIndex {
                let end = encoded.index(start, offsetBy: 76, limitedBy: encoded.endIndex) ?? encoded.endIndex
                output += indent + encoded[start..<end] + "\n"
                start = end
            }
            output += indent + "</data>\n"
        case .date(let seconds):
            output += indent + "<date>" + CivilTime(secondsSince2001: seconds).iso8601 + "</date>\n"
        }
    }

    static func xmlEscaped(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\r": result += "&#13;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": result.unicodeScalars.append("\u{FFFD}")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `%.17g`, Core Foundation's form for a real: every double reads back exactly (`0.1` is
    /// `0.10000000000000001`, `1.0` is `1`); the non-finite values as CF names them.
    static func realText(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-infinity" : "+infinity" }
        var buffer = [CChar](repeating: 0, count: 40)
        let count = withVaList([value]) { arguments in
            buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, "%.17g", arguments) }
        }
        return String(decoding: buffer[0..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Standard base64 with padding, for `<data>`.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
            for position in 0..<4 {
                output.append(position <= chunk.count ? alphabet[Int(value >> (18 - 6 * UInt32(position)) & 0x3F)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// A UTC calendar time, for `<date>` (`2001-01-01T00:00:00Z`): whole seconds, as Apple writes them.
struct CivilTime {
    var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int

    init(secondsSince2001: Double) {
        // Days from 1970-01-01 to 2001-01-01: 11323.
        let total = Int((secondsSince2001).rounded(.down)) + 11_323 * 86_400
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        (hour, minute, second) = (secondOfDay / 3_600, secondOfDay % 3_600 / 60, secondOfDay % 60)
        // Howard Hinnant's civil_from_days.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    var iso8601: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(yearText)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))Z"
    }
}
