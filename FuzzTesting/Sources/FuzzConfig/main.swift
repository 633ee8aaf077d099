@_spi(AdaptTool) import AdaptiveAssets
import FuzzSupport

/// A `.adapt.yml` through `ConfigFile.parse`: it either fails with a `config.invalid` error
/// naming the file whose message is short (a parse error quotes an excerpt, never a whole line
/// of a huge or secret file), or yields a configuration whose paths stay inside its folder and
/// whose lists hold each entry once. `-timeout` in Scripts/fuzz makes a slow input (an alias or
/// nesting bomb) a failure too.
Fuzz.run { start, count in
    let text = String(decoding: Fuzz.bytes(start, count), as: UTF8.self)
    let file: ConfigFile
    do {
        file = try ConfigFile.parse(text, path: "dir/.adapt.yml")
    } catch let error as Diagnostic {
        Fuzz.require(error.code == "config.invalid", "a parse error with code \(error.code)")
        Fuzz.require(error.location?.file == "dir/.adapt.yml", "a parse error that names no file: \(error)")
        Fuzz.require(error.description.count < 1_000, "a parse error of \(error.description.count) characters")
        Fuzz.require(!error.description.contains("\n"), "a parse error that spans lines")
        return 0
    } catch {
        Fuzz.require(false, "the parser threw something other than a diagnostic: \(error)")
        return 0
    }
    for path in [file.devices, file.baseline].compactMap({ $0 }) {
        Fuzz.require(path.hasPrefix("dir/") && !path.split(separator: "/").contains(".."), "a path that leaves the folder: \(path)")
    }
    Fuzz.require(Set(file.excluded).count == file.excluded.count, "excluded holds an entry twice")
    Fuzz.require(Set(file.rules.policy.budgetDevices).count == file.rules.policy.budgetDevices.count, "budget devices twice")
    let configuration = AdaptConfiguration(file: file, overrides: .init())
    _ = configuration.excludes("dir/App.xcassets/A.imageset")
    return 0
}
