/// The LZFSE stream each bitmap chunk of a compiled catalog is stored as: our encoder's
/// (`LZFSEEncoder`), whose every stream Apple's reference decoder reads back (the oracle test).
package enum BitmapCompression {
    /// `bytes` as one LZFSE stream.
    package static func lzfse(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        LZFSEEncoder.encode(bytes)
    }
}
