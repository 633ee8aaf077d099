import AdaptSupport

/// The system's WebP and TIFF decoders, opened at run time (`dlopen`) rather than linked, as
/// `adapt-render` opens its renderers: adapt builds and runs on a machine without them, and a file
/// that needs a missing one is left out with a warning naming the package (`DecodedImage.isAvailable`).
/// Each file's size is read from its header and checked before anything is decoded.
enum SystemImageLibraries {
    struct WebP {
        typealias GetInfo = @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32
        typealias Decode =
            @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> UnsafeMutablePointer<UInt8>?
        typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void
        let getInfo: GetInfo
        let decodeBGRA: Decode
        let free: Free
    }

    struct TIFF {
        typealias Pointer = OpaquePointer
        typealias ReadProc = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int) -> Int
        typealias SeekProc = @convention(c) (UnsafeMutableRawPointer?, UInt64, Int32) -> UInt64
        typealias CloseProc = @convention(c) (UnsafeMutableRawPointer?) -> Int32
        typealias SizeProc = @convention(c) (UnsafeMutableRawPointer?) -> UInt64
        typealias MapProc = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutablePointer<UInt64>?) -> Int32
        typealias UnmapProc = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UInt64) -> Void
        typealias ClientOpen =
            @convention(c) (
                UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, ReadProc?, ReadProc?, SeekProc?, CloseProc?, SizeProc?, MapProc?,
                UnmapProc?
            ) -> Pointer?
        typealias Close = @convention(c) (Pointer?) -> Void
        typealias ImageBegin = @convention(c) (UnsafeMutableRawPointer?, Pointer?, Int32, UnsafeMutablePointer<CChar>?) -> Int32
        typealias ImageGet = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt32>?, UInt32, UInt32) -> Int32
        typealias ImageEnd = @convention(c) (UnsafeMutableRawPointer?) -> Void
        let clientOpen: ClientOpen
        let close: Close
        let imageBegin: ImageBegin
        let imageGet: ImageGet
        let imageEnd: ImageEnd
    }

    static let webp: WebP? = {
        guard let library = open(["libwebp.so.7", "libwebp.so.6", "libwebp.7.dylib"]) else { return nil }
        guard let getInfo = symbol(library, "WebPGetInfo", as: WebP.GetInfo.self),
            let decode = symbol(library, "WebPDecodeBGRA", as: WebP.Decode.self),
            let free = symbol(library, "WebPFree", as: WebP.Free.self)
        else { return nil }
        return WebP(getInfo: getInfo, decodeBGRA: decode, free: free)
    }()

    static let tiff: TIFF? = {
        guard let library = open(["libtiff.so.6", "libtiff.so.5", "libtiff.6.dylib"]) else { return nil }
        // libtiff's own messages go to standard error; adapt reports its own.
        typealias SetHandler = @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
        for name in ["TIFFSetErrorHandler", "TIFFSetWarningHandler"] { _ = symbol(library, name, as: SetHandler.self)?(nil) }
        guard let clientOpen = symbol(library, "TIFFClientOpen", as: TIFF.ClientOpen.self),
            let close = symbol(library, "TIFFClose", as: TIFF.Close.self),
            let begin = symbol(library, "TIFFRGBAImageBegin", as: TIFF.ImageBegin.self),
            let get = symbol(library, "TIFFRGBAImageGet", as: TIFF.ImageGet.self),
            let end = symbol(library, "TIFFRGBAImageEnd", as: TIFF.ImageEnd.self)
        else { return nil }
        return TIFF(clientOpen: clientOpen, close: close, imageBegin: begin, imageGet: get, imageEnd: end)
    }()

    private static func open(_ names: [String]) -> UnsafeMutableRawPointer? {
        for name in names { if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) { return handle } }
        return nil
    }

    private static func symbol<T>(_ library: UnsafeMutableRawPointer, _ name: String, as type: T.Type) -> T? {
        dlsym(library, name).map { unsafeBitCast($0, to: type) }
    }

    /// A WebP file's first frame (an animated WebP is not read).
    static func decodeWebP(_ file: [UInt8], maxPixels: UInt64) -> Result<DecodedImage, DecodedImage.Failure> {
        guard let webp else { return .failure(.libraryMissing(package: "libwebp7")) }
        return file.withUnsafeBufferPointer { bytes in
            var (width, height): (Int32, Int32) = (0, 0)
            guard webp.getInfo(bytes.baseAddress, bytes.count, &width, &height) != 0 else { return .failure(.unreadable("libwebp cannot read its header")) }
            if let failure = DecodedImage.checkSize(Int(width), Int(height), maxPixels: maxPixels) { return .failure(failure) }
            guard let decoded = webp.decodeBGRA(bytes.baseAddress, bytes.count, &width, &height) else {
                return .failure(.unreadable("libwebp cannot decode it (an animated WebP is not read)"))
            }
            defer { webp.free(decoded) }
            var pixels = Array(UnsafeBufferPointer(start: decoded, count: Int(width) * Int(height) * 4))
            DecodedImage.premultiply(&pixels)
            return .success(DecodedImage(pixels: pixels, width: Int(width), height: Int(height)))
        }
    }
}
