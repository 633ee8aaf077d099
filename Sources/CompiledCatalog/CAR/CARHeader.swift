/// The `CARHEADER` block: which CoreUI wrote the file, its storage version, and how many
/// renditions it holds. Little-endian, 436 bytes, tag `RATC` (`CTAR` as an integer).
///
/// ```swift
/// let header = try CARHeader(store)
/// header.storageVersion   // 11 for Xcode 7.3, 17 for Xcode 13 and later
/// ```
package struct CARHeader: Hashable, Sendable {
    /// The CoreUI version that wrote the file (972 for Xcode 26).
    package var coreUIVersion: UInt32
    /// The storage format's version (17 for recent files).
    package var storageVersion: UInt32
    /// Seconds since 1970 (0 when the writer left it out, as Xcode 7 did).
    package var storageTimestamp: UInt32
    /// The count the writer states; the RENDITIONS tree is what the reader lists.
    package var renditionCount: UInt32
    /// CoreUI's version string, such as `@(#)PROGRAM:CoreUI  PROJECT:CoreUI-374.1\n`.
    package var mainVersion: String
    /// The authoring tool's version string (`AssetStorageVersion` in assetutil's output).
    package var versionString: String
    /// 32 hex digits, as stored.
    package var uuid: String
    /// A checksum CoreUI records; not checked.
    package var associatedChecksum: UInt32
    /// The schema version (0 for asset catalogs).
    package var schemaVersion: UInt32
    /// The file's default colour space number.
    package var colorSpaceID: UInt32
    /// How keys are compared (2 for recent files).
    package var keySemantics: UInt32

    package static let length = 436

    package init(_ store: BOMStore) throws(CompiledCatalogError) {
        guard let (index, block) = try store.variableBlock("CARHEADER") else {
            throw CompiledCatalogError(.notACatalog, "the file", "is a BOM file without a CARHEADER: not a compiled asset catalog")
        }
        let bytes = store.bytes
        let at = block.offset
        guard block.length >= Self.length, bytes.matches("RATC", at: at),
            let coreUI = bytes.uint32LittleEndian(at: at + 4), let storage = bytes.uint32LittleEndian(at: at + 8),
            let timestamp = bytes.uint32LittleEndian(at: at + 12), let count = bytes.uint32LittleEndian(at: at + 16),
            let main = bytes.fixedString(at: at + 20, length: 128), let version = bytes.fixedString(at: at + 148, length: 256),
            let uuid = bytes.slice(offset: at + 404, length: 16),
            let checksum = bytes.uint32LittleEndian(at: at + 420), let schema = bytes.uint32LittleEndian(at: at + 424),
            let colorSpace = bytes.uint32LittleEndian(at: at + 428), let keySemantics = bytes.uint32LittleEndian(at: at + 432)
        else {
            throw CompiledCatalogError(
                .malformed, "CARHEADER (block \(index))", at: at,
                "is not a CoreUI header ('RATC' and \(Self.length) bytes expected, \(block.length) bytes)")
        }
        coreUIVersion = coreUI
        storageVersion = storage
        storageTimestamp = timestamp
        renditionCount = count
        mainVersion = main
        versionString = version
        self.uuid = uuid.map { String($0 >> 4, radix: 16, uppercase: true) + String($0 & 0xF, radix: 16, uppercase: true) }.joined()
        associatedChecksum = checksum
        schemaVersion = schema
        colorSpaceID = colorSpace
        self.keySemantics = keySemantics
    }
}

/// The `EXTENDED_METADATA` block (Xcode 8 and later; tag `META`): the platform the catalog was
/// compiled for, its deployment target, the thinning arguments of a thinned file, and the tool.
package struct CARExtendedMetadata: Hashable, Sendable {
    /// Empty for an unthinned file; `optimized <idiom 1> <subtype 569> …` once thinned.
    package var thinningArguments: String
    /// The OS version the catalog was compiled for (`17.0`).
    package var deploymentPlatformVersion: String
    /// The platform it was compiled for (`ios`, `atv`).
    package var deploymentPlatform: String
    /// The tool that wrote it, as it names itself (`adapt compile` for the files this package writes).
    package var authoringTool: String

    package static let length = 4 + 4 * 256

    /// Nil when the file has no such block (Xcode 7 wrote none).
    package init?(_ store: BOMStore) throws(CompiledCatalogError) {
        guard let (index, block) = try store.variableBlock("EXTENDED_METADATA") else { return nil }
        let bytes = store.bytes
        let at = block.offset
        guard block.length >= Self.length, bytes.matches("META", at: at),
            let thinning = bytes.fixedString(at: at + 4, length: 256), let version = bytes.fixedString(at: at + 260, length: 256),
            let platform = bytes.fixedString(at: at + 516, length: 256), let tool = bytes.fixedString(at: at + 772, length: 256)
        else {
            throw CompiledCatalogError(
                .malformed, "EXTENDED_METADATA (block \(index))", at: at,
                "is not CoreUI metadata ('META' and \(Self.length) bytes expected, \(block.length) bytes)")
        }
        thinningArguments = thinning
        deploymentPlatformVersion = version
        deploymentPlatform = platform
        authoringTool = tool
    }
}
