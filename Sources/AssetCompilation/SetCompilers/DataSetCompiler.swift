import AssetCatalog
import CompiledCatalog

/// Data sets (`.dataset`): each file as it is, with its type identifier, keyed at scale 1; the
/// file is streamed into the spool at encoding (`RenditionEncoder.dataHead`).
enum DataSetCompiler: SetCompiler {
    static let setTypes: [AssetType] = [.dataSet]
    static let label = "data sets"

    static func plan(_ asset: Asset, _ context: PlanContext) -> SetPlan {
        var plan = SetPlan()
        for variant in asset.variants where context.keeps(variant, in: asset) {
            guard let filename = variant.filename else { continue }
            switch context.traitKey(variant, scale: nil) {
            case .failure(let gap):
                plan.findings.append(context.traitLeftOut(asset, variant, gap))
            case .success(var key):
                key[.element] = CompiledPart.element
                key[.part] = CompiledPart.image
                key[.scale] = 1 // as mcfans/actool found actool keys data
                let uti = variant.entry["universal-type-identifier"]?.string ?? Self.uti(forFileName: filename)
                plan.renditions.append(
                    RenditionJob(
                        assetName: asset.name, facetPart: CompiledPart.image, renditionName: filename, key: key,
                        source: .data(path: asset.path.appendingPathComponent(filename), uti: uti), location: variant.location))
            }
        }
        return plan
    }

    /// An app icon set: per device kind a size list (`MSIS`, key scale 1), each image keyed by
    /// its size's slot (`dimension2`), and the files beside the catalog: an iOS app's
    /// `AppIcon60x60@2x.png` and `AppIcon76x76@2x~ipad.png`, a Mac app's `AppIcon.icns`.
    ///
    /// Slots are actool's fixed numbers per point size (mcfans/actool's parity tests against
    /// actool for iOS; eink-assistant's file for the Mac): iOS 20→1, 29→2, 40→3, 60→4, 76→5,
    /// 83.5→6, 90→7, 1024→8; macOS 16→1, 32→2, 128→3, 256→4, 512→5. A single-size iOS icon (Xcode
    /// 14's one 1024 pt universal entry) becomes an iPhone and an iPad rendition at scale 1 in

    static func uti(forFileName name: String) -> String {
        switch name.pathExtension.lowercased() {
        case "json": "public.json"
        case "txt": "public.plain-text"
        case "xml", "plist": "public.xml"
        case "png": "public.png"
        case "jpg", "jpeg": "public.jpeg"
        case "mp3": "public.mp3"
        case "wav": "com.microsoft.waveform-audio"
        default: "public.data"
        }
    }
}
