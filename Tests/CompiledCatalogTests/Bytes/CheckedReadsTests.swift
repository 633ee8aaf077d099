import AdaptSupport
import Testing

/// AdaptSupport's bounded reads, which the BOM reader, the codecs and the PNG walker share: each
/// order read right, and a read that would reach past either end is nil, never a trap.
@Suite struct CheckedReadsTests {
    static let bytes: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08]

    @Test func eachOrderReadsItsBytes() {
        let bytes = Self.bytes
        #expect(bytes.uint16BigEndian(at: 0) == 0x0102 && bytes.uint16LittleEndian(at: 0) == 0x0201)
        #expect(bytes.uint32BigEndian(at: 1) == 0x0203_0405 && bytes.uint32LittleEndian(at: 1) == 0x0504_0302)
        #expect(bytes.uint64LittleEndian(at: 0) == 0x0807_0605_0403_0201)
        bytes.withUnsafeBufferPointer { typed in
            #expect(typed.uint32BigEndian(at: 4) == 0x0506_0708 && typed.uint16LittleEndian(at: 6) == 0x0807)
        }
    }

    /// The last read that fits ends at the last byte; one byte further, or before the start, is nil.
    @Test func aReadPastEitherEndIsNil() {
        let bytes = Self.bytes
        #expect(bytes.uint32BigEndian(at: 4) != nil && bytes.uint32BigEndian(at: 5) == nil)
        #expect(bytes.uint32LittleEndian(at: 4) != nil && bytes.uint32LittleEndian(at: 5) == nil)
        #expect(bytes.uint16BigEndian(at: 6) != nil && bytes.uint16BigEndian(at: 7) == nil)
        #expect(bytes.uint64LittleEndian(at: 0) != nil && bytes.uint64LittleEndian(at: 1) == nil)
        #expect(bytes.uint32BigEndian(at: -1) == nil && bytes.uint32BigEndian(at: .max) == nil && bytes.uint32BigEndian(at: .min) == nil)
        #expect([UInt8]().uint16LittleEndian(at: 0) == nil)
        bytes.withUnsafeBytes { raw in
            #expect(raw.uint8(at: 7) == 8 && raw.uint8(at: 8) == nil)
            #expect(raw.float64LittleEndian(at: 1) == nil && raw.float32LittleEndian(at: 5) == nil)
            #expect(raw.window(offset: 4, length: 4)?.count == 4 && raw.window(offset: 5, length: 4) == nil)
            #expect(raw.window(offset: 8, length: 0)?.count == 0 && raw.window(offset: 1, length: .max) == nil)
        }
    }
}
