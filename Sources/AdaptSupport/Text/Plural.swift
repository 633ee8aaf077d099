/// A count with its noun, in the plural unless the count is one: what every summary line needs.
///
/// ```swift
/// counted(1, "error")     // "1 error"
/// counted(3, "warning")   // "3 warnings"
/// counted(2, "catalog")   // "2 catalogs"
/// ```
///
/// Only regular English plurals ("-s") are needed in this package's output.
package func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
