import AdaptSupport
import AssetCatalog

/// `adapt inspect FILE.car --format json`: the document `assetutil --info FILE.car` prints, so
/// scripts written for it work unchanged. A JSON array: a header object, then one object per
/// rendition, each with its keys in byte order as assetutil sorts them ("SHA1Digest" before
/// "Scale"), and a key only when it applies (no `PixelWidth` for a colour).
///
/// Differences from assetutil (docs/CompiledCatalogs.md): no `DumpToolVersion` (this is not
/// Apple's tool); a template mode other than `automatic`, and values this reader does not know,
/// print as `Unknown(N)`. `SHA1Digest` is the SHA-256 of each rendition's bytes in the file (its
/// CSI header, properties and data), as assetutil's is; `AssetutilRecordedTests` hold the document
/// to assetutil's recorded output, field by field, and `AssetutilSyntheticTests` each field it
/// taught, on catalogs built in the test.
///
/// The document is written straight to bytes, rendition by rendition, in pieces: a large `.car`
/// has hundreds of thousands of renditions, and a tree of JSON values for each would cost more
/// than reading the file. Each rendition is formatted from its `RenditionView`, in place in the
/// file's bytes (`AssetutilEntries`); it lives in the reader's module so those reads inline into
/// the writer (a view's accessors are package API, which another module could only call).
///
/// ```swift
/// let document = CompiledCatalog.AssetutilDocument(catalog)
/// document.write { piece in output += piece }
/// ```
extension CompiledCatalog {
    /// The document `assetutil --info` prints for this file: a header object, then one object per rendition.
    public struct AssetutilDocument: Sendable {
        /// The catalog as read from its file: the document formats each rendition in place.
        let index: CompiledCatalogIndex
        /// Whether each rendition carries its `SHA1Digest`: hashing every byte of the file is most
        /// of the document's time, so `adapt inspect --format json --no-digests` can leave it out.
        let digests: Bool

        /// The document of `catalog`, with each rendition's `SHA1Digest`.
        public init(_ catalog: CompiledCatalog) { self.init(catalog.index) }

        /// The document of a file read only as far as an index: no `Rendition` values are built.
        package init(_ index: CompiledCatalogIndex, digests: Bool = true) {
            self.index = index
            self.digests = digests
        }

        /// The whole document as UTF-8, ending with a newline (Xcode's JSON style, as assetutil).
        public func bytes() -> [UInt8] {
            var document: [UInt8] = []
            write { document += $0 }
            return document
        }

        /// The document in pieces, handed to `flush` in order; each piece is valid only during
        /// its call. Renditions are formatted in batches on every core, a few batches per core at
        /// a time, so memory stays bounded; the batches' buffers are reused from one group of
        /// batches to the next, so a large file costs a few megabytes of buffers, allocated once.
        package func write(flush: (UnsafeRawBufferPointer) throws -> Void) rethrows {
            var head = JSONOutput()
            head.append(UInt8(ascii: "["))
            writeHeader(into: &head)
            try head.withBytes(flush)
            let batch = 1024
            let starts = Array(stride(from: 0, to: index.records.count, by: batch))
            let cores = CompiledCatalog.concurrency
            let groupSize = cores * 4
            let entries = AssetutilEntries(index, digests: digests)
            let buffers = (0..<min(groupSize, starts.count)).map { _ in JSONOutput.Buffer(capacity: 512 * batch) }
            try index.withRenditions { renditions in
                for group in stride(from: 0, to: starts.count, by: groupSize) {
                    let slots = Array(0..<min(groupSize, starts.count - group))
                    // Slot i of this group writes only into buffers[i]: no two threads share a buffer.
                    _ = slots.concurrentMap(concurrency: cores) { slot in
                        let start = starts[group + slot]
                        buffers[slot].fill { output in
                            for position in start..<min(start + batch, renditions.count) {
                                renditions.prefetch(position + BOMStore.prefetchDistance)
                                output.append(UInt8(ascii: ","))
                                entries.write(renditions[position], into: &output)
                            }
                        }
                    }
                    for slot in slots { try buffers[slot].withBytes(flush) }
                }
            }
            try "\n]\n".utf8CString.withUnsafeBytes { try flush(UnsafeRawBufferPointer(rebasing: $0.dropLast())) }
        }

        private func writeHeader(into output: inout JSONOutput) {
            let header = index.header
            let metadata = index.metadata
            output.open()
            if let appearances = index.appearances {
                output.key("Appearances")
                output.object(appearances.entries.map { ($0.name, Int($0.value)) })
            }
            output.member("AssetStorageVersion", header.versionString)
            if let metadata { output.member("Authoring Tool", metadata.authoringTool) }
            output.member("CoreUIVersion", Int(header.coreUIVersion))
            output.key("Key Format")
            output.array(index.keyFormat.attributes.map(\.name))
            output.member("MainVersion", header.mainVersion)
            if let metadata {
                output.member("Platform", metadata.deploymentPlatform)
                output.member("PlatformVersion", metadata.deploymentPlatformVersion)
            }
            output.member("SchemaVersion", Int(header.schemaVersion))
            output.member("StorageVersion", Int(header.storageVersion))
            if let metadata, !metadata.thinningArguments.isEmpty { output.member("ThinningParameters", metadata.thinningArguments) }
            output.member("Timestamp", Int(header.storageTimestamp))
            output.close()
        }
    }
}
