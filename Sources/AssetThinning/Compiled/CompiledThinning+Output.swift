import AdaptSupport
import AssetCatalog
import CompiledCatalog
import DeviceProfiles

extension CompiledThinning {
    /// The `format` of a compiled slice's `manifest.json`.
    package static let manifestFormat = "adaptive-assets.thin-car-slice"

    /// Writes `OUTPUT/<device-id>/Assets.car` and `OUTPUT/<device-id>/manifest.json` per device,
    /// and `OUTPUT/summary.json`, with `adapt thin`'s safety: everything goes into a staging
    /// folder beside OUTPUT that replaces it only once complete, OUTPUT is replaced only when
    /// absent, empty or an earlier output of `adapt thin`, never when it is or contains the
    /// `.car` or the working folder, and one run at a time writes it (`OutputFolder`).
    ///
    /// Devices with identical slices each get their own file (same bytes, no links), and the
    /// summary names the first as `sameSliceAs`. Every file is built (and so checked) before
    /// anything is written: a catalog that cannot be written leaves OUTPUT as it was.
    ///
    /// ```swift
    /// let summaries = try CompiledThinning(compiled, devices: devices).write(to: "Thinned")
    /// ```
    public func write(to output: String) throws -> [SliceSummary] {
        for slice in slices where !DeviceProfile.isValidID(slice.device.id) {
            throw OutputFailure(.invalidDeviceID, path: output, message: "invalid device id '\(slice.device.id)': \(DeviceProfile.idRule)")
        }
        guard let realPath = FileSystem.realPath(catalog.path) else {
            throw OutputFailure(.unreadableSource, path: catalog.path, message: "\(catalog.path): cannot read the catalog: \(String(cString: strerror(errno)))")
        }
        // Build every distinct slice first: a hostile catalog fails here, before OUTPUT is touched.
        let shared = sameSliceAs
        var files: [Int: [UInt8]] = [:]
        for (position, slice) in slices.enumerated() where shared[position] == nil {
            files[position] = try bytes(of: slice)
        }
        let sourceLength = catalog.store.bytes.count
        return try OutputFolder.write(output, catalogRealPath: realPath) { folder in
            let staging = folder.staging
            var summaries: [SliceSummary] = []
            for (position, slice) in slices.enumerated() {
                let file = files[shared[position] ?? position] ?? []
                let summary = SliceSummary(
                    device: slice.device, sharedWith: shared[position].map { slices[$0].device.id },
                    kept: slice.kept.count, dropped: catalog.renditions.count - slice.kept.count,
                    bytesBefore: sourceLength, bytesAfter: file.count, assetsWithoutMatch: slice.assetsWithoutMatch)
                let sliceFolder = staging + "/" + slice.device.id
                try FileOperations.makeDirectory(sliceFolder)
                try FileOperations.writeFile(sliceFolder + "/Assets.car", file, exclusive: true)
                try FileOperations.writeFile(sliceFolder + "/manifest.json", JSONWriter.xcodeStyle.bytes(for: manifest(slice, summary)), exclusive: true)
                summaries.append(summary)
            }
            try FileOperations.writeFile(staging + "/summary.json", JSONWriter.xcodeStyle.bytes(for: SliceWriter.summaryDocument(summaries)))
            return summaries
        }
    }

    /// A slice's manifest: the device, the counts and bytes of renditions kept and dropped, and
    /// the kept renditions by name.
    func manifest(_ slice: Slice, _ summary: SliceSummary) -> JSONValue {
        let keptBytes = renditionBytes(of: slice)
        let allBytes = catalog.renditions.reduce(0) { $0 + $1.sizeOnDisk }
        var object: JSONObject = [
            "format": .string(Self.manifestFormat), "formatVersion": 1,
            "device": .string(slice.device.id), "name": .string(slice.device.name),
            "catalog": .string(catalog.path.lastPathComponent),
            "renditions": .object([
                "kept": .number(String(summary.kept)), "dropped": .number(String(summary.dropped)),
                "keptBytes": .number(String(keptBytes)), "droppedBytes": .number(String(allBytes - keptBytes)),
            ]),
            "bytesBefore": .number(String(summary.bytesBefore)), "bytesAfter": .number(String(summary.bytesAfter)),
        ]
        if let shared = summary.sharedWith { object["sameSliceAs"] = .string(shared) }
        object["assetsWithoutMatch"] = .array(slice.assetsWithoutMatch.map(JSONValue.string))
        object["kept"] = .array(
            slice.kept.sorted().map { position in
                let rendition = catalog.renditions[position]
                return .object([
                    "name": .string(rendition.name ?? ""), "renditionName": .string(rendition.renditionName),
                    "sizeOnDisk": .number(String(rendition.sizeOnDisk)),
                ])
            })
        return .object(object)
    }
}
