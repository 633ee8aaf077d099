import AdaptSupport
import AssetCatalog

/// The file of `--export-dependency-info`: what a compile read and wrote, so that a build system
/// (Xcode's, or any that reads ld64's format) runs it again only when one of them changes.
///
/// The format is the binary one ld64 and actool share (xcbuild reads and writes it as such): a
/// list of records, each an opcode byte and a NUL-terminated path; `0x00` the tool's version
/// (first, once), `0x40` an output, `0x10` an input. Inputs are every folder of the catalogs (a
/// new set or file changes its folder), every `Contents.json`, and every file an entry names;
/// each once, in byte order, so the same compile writes the same file.
package struct DependencyInfo: Equatable, Sendable {
    package var version: String
    package var outputs: [String]
    package var inputs: [String]

    package init(version: String, outputs: [String], catalogs: [Catalog]) {
        self.version = version
        self.outputs = outputs
        var inputs: Set<String> = []
        for catalog in catalogs {
            inputs.insert(catalog.path)
            inputs.insert(catalog.path.appendingPathComponent("Contents.json"))
            for group in catalog.groups {
                inputs.insert(group.path)
                inputs.insert(group.path.appendingPathComponent("Contents.json"))
            }
            for asset in catalog.assets {
                inputs.insert(asset.path)
                if let contents = asset.contentsPath { inputs.insert(contents) }
                for variant in asset.variants {
                    if let filename = variant.filename { inputs.insert(asset.path.appendingPathComponent(filename)) }
                }
            }
        }
        self.inputs = inputs.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The record opcodes of the format.
    private enum Opcode: UInt8 {
        case version = 0x00
        case input = 0x10
        case output = 0x40
    }

    package var bytes: [UInt8] {
        var bytes: [UInt8] = []
        func record(_ opcode: Opcode, _ text: String) {
            bytes.append(opcode.rawValue)
            bytes += text.utf8
            bytes.append(0)
        }
        record(.version, version)
        for output in outputs { record(.output, output) }
        for input in inputs { record(.input, input) }
        return bytes
    }

    /// Whether `prefix`, a file's first bytes, starts as a dependency info file does: the version
    /// record's opcode and a printable character.
    package static func looksLikeOne(_ prefix: [UInt8]) -> Bool {
        prefix.count >= 2 && prefix[0] == Opcode.version.rawValue && (0x20..<0x7F).contains(prefix[1])
    }
}
