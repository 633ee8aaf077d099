import AssetCatalog
import Testing

@_spi(AdaptTool) @testable import AdaptiveAssets

/// The naming rule (`AccessorGenerator+Naming.swift`): which asset an accessor names never
/// depends on folder order, and adding an asset does not retarget an existing accessor.
@Suite struct AccessorNamingTests {
    /// A catalog of image sets with these qualified names, in this order.
    static func catalog(_ names: [String], path: String = "/catalogs/App.xcassets") -> Catalog {
        Catalog(path: path, assets: names.map { Asset(name: $0, type: .imageSet, path: path + "/" + $0 + ".imageset") })
    }

    /// What each accessor (`Asset.x`, `Asset.Box.y`) names, read back from the generated source.
    static func accessors(_ source: String) -> [String: String] {
        var path: [String] = []
        var result: [String: String] = [:]
        for line in source.split(separator: "\n").map(String.init) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("public enum ") {
                path.append(String(trimmed.dropFirst("public enum ".count).dropLast(2)))
            } else if trimmed == "}" {
                _ = path.popLast()
            } else if trimmed.hasPrefix("public static let "), let equals = trimmed.range(of: " = AssetName(\"") {
                let identifier = trimmed[trimmed.index(trimmed.startIndex, offsetBy: "public static let ".count)..<equals.lowerBound]
                let value = trimmed[equals.upperBound...].prefix { $0 != "\"" }
                result[(path + [String(identifier)]).joined(separator: ".")] = String(value)
            }
        }
        return result
    }

    static func accessors(_ names: [String]) -> [String: String] {
        accessors(AccessorGenerator().source(for: [catalog(names)]))
    }

    @Test func anExactNameKeepsItsAccessorWhateverIsAdded() {
        #expect(Self.accessors(["logo"])["Asset.logo"] == "logo")
        for added in ["LOGO", "Logo", "logo-", "logo ", "LoGo"] {
            let accessors = Self.accessors(["logo", added])
            #expect(accessors["Asset.logo"] == "logo", "adding \(added.debugDescription) retargeted Asset.logo")
            let suffixed = accessors.filter { $0.value == added }
            #expect(suffixed.count == 1 && suffixed.keys.first!.lowercased().hasPrefix("asset.logo__"))
        }
    }

    @Test func aSuffixedAccessorKeepsItsMeaningAsNamesAreAdded() {
        let before = Self.accessors(["Logo", "LOGO"])
        #expect(before["Asset.logo"] == nil, "neither cleaned name may hold the contested identifier")
        let after = Self.accessors(["Logo", "LOGO", "logo", "logo-", "Logo!"])
        for (accessor, name) in before { #expect(after[accessor] == name, "\(accessor) changed from \(name)") }
    }

    @Test func folderOrderNeverMatters() {
        let names = ["logo", "Logo", "LOGO", "logo-", "box/Bottom", "box/bottom", "Box/x", "_3d", "3d", "3D/y"]
        let source = AccessorGenerator().source(for: [Self.catalog(names)])
        #expect(AccessorGenerator().source(for: [Self.catalog(names.reversed())]) == source)
        #expect(AccessorGenerator().source(for: [Self.catalog(names.shuffled())]) == source)
        let split = [Self.catalog(Array(names.prefix(4)), path: "/a/A.xcassets"), Self.catalog(Array(names.dropFirst(4)), path: "/b/B.xcassets")]
        #expect(AccessorGenerator().source(for: split) == source)
        #expect(AccessorGenerator().source(for: split.reversed()) == source)
    }

    @Test func anAssetNamedLikeASuffixCannotTakeOverOne() throws {
        let victim = try #require(Self.accessors(["logo", "Logo"]).first { $0.value == "Logo" }?.key)
        let identifier = String(victim.dropFirst("Asset.".count))
        let accessors = Self.accessors(["logo", "Logo", identifier, identifier.uppercased()])
        #expect(accessors[victim] == "Logo", "an asset named \(identifier) took over \(victim)")
        #expect(accessors.values.filter { $0 == identifier }.count == 1)
    }

    @Test func suffixesThatAgreeLengthen() {
        // Found by a birthday search: both clean to `logo`, and their 6-digit suffixes agree (33565b).
        let accessors = Self.accessors(["logo- !~+", "logo!.-!!", "logo"])
        #expect(accessors["Asset.logo"] == "logo")
        #expect(accessors["Asset.logo__33565b2faede77d7"] == "logo- !~+")
        #expect(accessors["Asset.logo__33565b8cc6318a4f"] == "logo!.-!!")
        #expect(accessors["Asset.logo__33565b"] == nil)
    }

    @Test func typesAndValuesCollideOnlyWhenSwiftCannotTellThemApart() {
        let accessors = Self.accessors(["box", "box/x", "_3d", "_3d/y"])
        #expect(accessors["Asset.box"] == "box" && accessors["Asset.Box.x"] == "box/x")
        #expect(accessors["Asset._3d"] == nil && accessors.keys.contains { $0.hasPrefix("Asset._3d__") && $0.hasSuffix(".y") })
    }

    @Test func eachSuffixedAccessorIsReportedAtItsAsset() throws {
        let catalog = Self.catalog(["logo", "Logo", "LOGO", "box/Bottom", "Unique"])
        let output = AccessorGenerator().generate(for: [catalog])
        #expect(output.diagnostics.count == 2)
        for diagnostic in output.diagnostics {
            #expect(diagnostic.code == "accessors.name-collision" && diagnostic.severity == .warning)
            #expect(diagnostic.message.contains("'logo'"))
        }
        let logo = try #require(output.diagnostics.first { $0.location?.file == "/catalogs/App.xcassets/Logo.imageset" })
        let accessor = try #require(Self.accessors(output.source).first { $0.value == "Logo" }?.key)
        #expect(logo.message.contains(accessor))
        #expect(RuleID.named("accessors.name-collision") != nil)
    }
}
