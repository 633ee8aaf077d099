import AssetCatalog

/// One file to write beside the `.car` (a loose iOS icon, an `.icns`, a launch image), as planning
/// leaves it for encoding: planning names the file and where its pixels come from, and the encode
/// stage reads, decodes, resamples and writes it on every core (`SideFileEncoder`), as it does
/// renditions. A plain value, like `RenditionJob`.
struct SideFileJob: Sendable {
    enum Source: Sendable {
        /// A launch image's PNG, copied as it is once it decodes.
        case launchImage(path: String)
        /// A loose icon of `side` pixels a side from the image at `path`: the file itself when it
        /// is a PNG of that size, else resampled.
        case looseIcon(path: String, side: Int)
        /// An `.icns` of these images, in this order (`ICNSWriter`).
        case icns([(type: String, image: ICNSImage)])
    }

    /// One image of an `.icns`.
    enum ICNSImage: Sendable {
        /// The image file at `path`, as a PNG (converted when it is another format adapt decodes);
        /// left out of the `.icns` when it cannot be read, as actool leaves out a missing slot.
        case file(path: String)
        /// Premultiplied B G R A pixels of a square image `side` pixels a side (an Icon Composer
        /// icon's flattened drawing), written as a PNG.
        case pixels(side: Int, [UInt8])
    }

    /// The file's name in the output folder.
    var name: String
    var assetName: String
    var source: Source
    /// The Contents.json entry or file, for findings.
    var location: SourceLocation?
}
