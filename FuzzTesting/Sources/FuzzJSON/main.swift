import FuzzSupport

/// The JSON parser on any bytes: it either throws a located syntax error or returns a value that
/// our writer writes back and the parser reads again as the same value. Trailing commas are
/// accepted only by the lenient entry point, which accepts everything the strict one does.
Fuzz.run { start, count in
    let bytes = Fuzz.bytes(start, count)
    let strict: JSONValue?
    do {
        strict = try JSONParser.parse(bytes)
    } catch let error as JSONSyntaxError {
        Fuzz.require(error.offset >= 0 && error.offset <= bytes.count, "error offset \(error.offset) outside \(bytes.count) bytes")
        strict = nil
    } catch {
        Fuzz.require(false, "the parser threw something other than a syntax error: \(error)")
        strict = nil
    }
    let lenient = try? JSONParser.parseAllowingTrailingCommas(bytes)
    if let strict {
        Fuzz.require(lenient != nil, "the lenient parser rejects what the strict one reads")
        let written = JSONWriter.compact.bytes(for: strict)
        let reread = try? JSONParser.parse(written)
        Fuzz.require(reread == strict, "written and read again, the value changed: \(String(decoding: written, as: UTF8.self))")
    }
    return 0
}
