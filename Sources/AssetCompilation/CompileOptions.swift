import AdaptSupport
import AssetCatalog
import AssetSelection
import AssetThinning
import CPNGSupport
import CompiledCatalog
import DeviceProfiles

/// What `adapt compile` is asked to do: actool's options that change what it writes.
@_spi(Compiling) public struct CompileOptions: Sendable {
    public var platform: CompilePlatform
    public var deploymentTarget: String
    /// `--target-device` values (`iphone`, `ipad`, …); empty: every device of the platform.
    public var targetDevices: [String] = []
    public var appIcon: String?
    public var alternateAppIcons: [String] = []
    public var includeAllAppIcons = false
    public var accentColor: String?
    /// `--standalone-icon-behavior`: which sizes of the primary app icon are also loose files.
    package var standaloneIcons: ActoolStandaloneIconBehavior = .default
    /// `--launch-image`: the launch image set written as loose files and `UILaunchImages` (iOS).
    package var launchImage: String?
    /// `--widget-background-color`: a colour set named in the partial Info.plist.
    package var widgetBackgroundColor: String?
    /// The most pixels one image may decode to (`--max-pixels`).
    public var maxPixels: UInt64 = 64 << 20
    /// `--filter-for-device-model`: compile only what this device's App Store slice keeps, the
    /// entries `ThinningPlan` keeps for it (the thinner's own answer).
    package var device: DeviceProfile?
    /// The programs that rasterise PDFs (poppler's, found on `PATH`).
    package var vectorRenderers = VectorRasterizer.Programs()
    /// Icon Composer icons (`.icon` bundles) to compile beside the catalogs (`IconComposerCompiler`).
    package var iconComposerIcons: [IconComposerDocument] = []
    /// Where renditions wait while the file is assembled (an unlinked temporary file there); nil:
    /// in memory.
    package var spoolFolder: String?
    /// Called after each batch of renditions is encoded, with the renditions done and their total
    /// (the command draws a progress line with it on a terminal).
    package var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// Called once a compile has planned its renditions, with how many it will encode (side
    /// files included), before encoding any: the default time budget grows with them.
    package var planned: (@Sendable (_ renditions: Int) -> Void)?

    public init(platform: CompilePlatform, deploymentTarget: String) {
        self.platform = platform
        self.deploymentTarget = deploymentTarget
    }
}
