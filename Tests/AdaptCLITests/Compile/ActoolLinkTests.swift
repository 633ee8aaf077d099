import AdaptiveAssets
import Testing

/// adapt started through a link named `actool` runs `adapt compile`, once that subcommand exists.
@Suite struct ActoolLinkTests {
    static let withCompile = ["inspect", "validate", "compile"]

    @Test(arguments: ["actool", "/usr/local/bin/actool", "./actool", "tools//actool/"])
    func aLinkNamedActoolRunsCompile(program: String) {
        #expect(
            ActoolLink.arguments(program: program, arguments: ["A.xcassets", "--compile", "out"], subcommands: Self.withCompile)
                == ["compile", "A.xcassets", "--compile", "out"])
        #expect(ActoolLink.arguments(program: program, arguments: [], subcommands: Self.withCompile) == ["compile"])
    }

    @Test(arguments: ["adapt", "/usr/bin/adapt", "actool-wrapper", "/opt/actool/adapt", "Actool", "xactool", ""])
    func anyOtherNameIsAdaptItself(program: String) {
        #expect(
            ActoolLink.arguments(program: program, arguments: ["inspect", "A.xcassets"], subcommands: Self.withCompile)
                == ["inspect", "A.xcassets"])
    }

    /// Until `compile` is a subcommand the link changes nothing (adapt's own usage error, not a
    /// command line rewritten into one it cannot parse).
    @Test func withoutCompileTheLinkChangesNothing() {
        #expect(
            ActoolLink.arguments(program: "/usr/bin/actool", arguments: ["--version"], subcommands: ["inspect", "validate"])
                == ["--version"])
    }
}
