import AssetThinning
import CompiledCatalog

extension CompiledThinning {
    /// `adapt size` for a compiled catalog: per group of devices with identical slices, the
    /// bytes of their thinned `Assets.car`, split into the renditions' bytes by layout and the
    /// file's structure (BOM header, trees, tables, the blocks every slice keeps).
    public func sizeReport() throws(CompiledCatalogError) -> SizeReport {
        let shared = sameSliceAs
        var groups: [SizeReport.Group] = []
        var groupOf: [Int: Int] = [:]
        for (position, slice) in slices.enumerated() {
            if let first = shared[position], let group = groupOf[first] {
                groups[group].devices.append(slice.device)
                continue
            }
            let length = try length(of: slice)
            var byLayout: [String: (bytes: Int, count: Int)] = [:]
            for kept in slice.kept {
                let rendition = catalog.renditions[kept]
                let current = byLayout[rendition.layout.name] ?? (0, 0)
                byLayout[rendition.layout.name] = (current.bytes + rendition.sizeOnDisk, current.count + 1)
            }
            var types = byLayout.map { SizeReport.TypeBytes(type: $0.key, bytes: $0.value.bytes, assets: $0.value.count) }
            types.append(SizeReport.TypeBytes(type: "structure", bytes: length - renditionBytes(of: slice), assets: 0))
            groupOf[position] = groups.count
            groups.append(
                SizeReport.Group(
                    devices: [slice.device], bytes: length,
                    bytesByType: types.sorted { ($0.bytes, $1.type) > ($1.bytes, $0.type) },
                    keptVariants: slice.kept.count, droppedVariants: catalog.renditions.count - slice.kept.count,
                    assetsWithoutMatch: slice.assetsWithoutMatch))
        }
        return SizeReport(catalogs: [catalog.path], bytesBefore: catalog.store.bytes.count, groups: groups)
    }
}

extension SizeReport {
    /// A report from groups already sized (compiled catalogs: `CompiledThinning.sizeReport()`).
    package init(catalogs: [String], bytesBefore: Int, groups: [Group]) {
        self.catalogs = catalogs
        self.bytesBefore = bytesBefore
        self.groups = groups
    }
}
