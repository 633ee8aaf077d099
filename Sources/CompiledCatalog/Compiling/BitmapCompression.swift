/// The LZFSE stream each bitmap chunk of a compiled catalog is stored as.
package enum BitmapCompression {
    /// `bytes` as one LZFSE stream that Apple's decoder reads back.
    package static func lzfse(_ bytes: [UInt8]) -> [UInt8] {
        storedStream(bytes)
    }

    /// A stream of one stored (`bvx-`) block: the bytes as they are, framed.
    static func storedStream(_ bytes: [UInt8]) -> [UInt8] {
        var out = ByteWriter()
        out.reserve(bytes.count + 12)
        out.append(Array("bvx-".utf8))
        out.append32(UInt32(bytes.count))
        out.append(bytes)
        out.append(Array("bvx$".utf8))
        return out.bytes
    }
}
