/// adapt started through a link named `actool` behaves as `adapt compile`, as busybox's applets do:
/// a build script that runs `actool` (or `xcrun actool` finding the link first) runs adapt unchanged.
///
/// ```swift
/// ActoolLink.arguments(program: "/usr/local/bin/actool", arguments: ["A.xcassets", "--compile", "out"],
///                      subcommands: ["inspect", "compile"])   // ["compile", "A.xcassets", "--compile", "out"]
/// ```
package enum ActoolLink {
    package static let programName = "actool"
    package static let subcommand = "compile"

    /// The arguments adapt parses: `compile` and `arguments` when `program`'s last path component is
    /// `actool` and adapt has a `compile` subcommand (`subcommands` are their names); otherwise
    /// `arguments` unchanged, so adapt under any other name (or before `compile` exists) is itself.
    package static func arguments(program: String, arguments: [String], subcommands: [String]) -> [String] {
        guard isLink(program), subcommands.contains(subcommand) else { return arguments }
        return [subcommand] + arguments
    }

    /// Whether `program`'s last path component is `actool`.
    package static func isLink(_ program: String) -> Bool {
        program.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) == programName
    }
}
