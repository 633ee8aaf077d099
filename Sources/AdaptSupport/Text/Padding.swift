extension String {
    /// The string followed by spaces up to `width` characters, for text tables; a longer string is
    /// returned as it is, never cut.
    ///
    /// ```swift
    /// "icon".padded(to: 6) + "|"      // "icon  |"
    /// "imageset".padded(to: 4)        // "imageset"
    /// ```
    package func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
