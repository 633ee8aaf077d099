/// Text from an untrusted file, quoted in a message: at most `limit` characters of it, control
/// characters escaped. A parse error that echoed the offending line would print a 400 KB line of
/// a hostile file, or a whole `/proc/self/environ` a configuration link pointed at, into a CI log.
///
/// ```swift
/// String(repeating: "[", count: 400_000).excerpt()   // "[[[…[…" (80 characters and an ellipsis)
/// "a\u{0}b".excerpt()                                  // "a\\u{00}b"
/// ```
extension StringProtocol {
    package func excerpt(limit: Int = 80) -> String {
        var scalars = String.UnicodeScalarView()
        var count = 0
        for scalar in unicodeScalars {
            if count == limit { return String(scalars).escapingControlCharacters + "…" }
            scalars.append(scalar)
            count += 1
        }
        return String(scalars).escapingControlCharacters
    }
}
