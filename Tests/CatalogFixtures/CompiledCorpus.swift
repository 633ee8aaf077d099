import CompiledCatalog
import Foundation

/// The compiled catalogs of the shared corpus: what Xcode 7.3's actool wrote from
/// `compiled/acextract/Images.xcassets` (its Makefile has each command).
package enum CompiledCorpus {
    package static var folder: String {
        get throws { try Corpus.root + "/compiled/acextract/acextractTests/data" }
    }

    package static let names = ["assets.car", "assets_ios.car", "assets_ipad.car", "assets_iphone.car", "assets_mac.car", "assets_tv.car", "assets_watch.car"]

    package static func path(_ name: String) throws -> String { try folder + "/" + name }

    package static func read(_ name: String) throws -> CompiledCatalog { try CompiledCatalog(path: path(name)) }

    package static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name))))
    }

    /// The number of entries of a BOM tree, counted by a walk independent of the reader's: the
    /// tree header's root, then leaf links, reading the node headers only.
    package static func leafEntryCount(_ bytes: [UInt8], tree name: String) -> Int? {
        func be32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        func be16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        let table = be32(16)
        let variables = be32(24)
        func blockOffset(_ index: Int) -> Int { be32(table + 4 + 8 * index) }
        var cursor = variables + 4
        var treeBlock: Int?
        for _ in 0..<be32(variables) {
            let length = Int(bytes[cursor + 4])
            if String(decoding: bytes[(cursor + 5)..<(cursor + 5 + length)], as: UTF8.self) == name { treeBlock = be32(cursor) }
            cursor += 5 + length
        }
        guard let treeBlock else { return nil }
        var node = blockOffset(be32(blockOffset(treeBlock) + 8))
        while be16(node) == 0 { node = blockOffset(be32(node + 12)) }
        var count = 0
        while true {
            count += be16(node + 2)
            let forward = be32(node + 4)
            if forward == 0 { return count }
            node = blockOffset(forward)
        }
    }
}
