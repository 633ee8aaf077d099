import AdaptSupport
import CPNGSupport

/// Reads the human description out of an ICC profile ('desc' tag, v2 `desc` or v4 `mluc` type).
enum ICCProfile {
    /// Inflates an iCCP chunk's compressed profile and returns its description, if it has one.
    static func description(compressed: ArraySlice<UInt8>) -> String? {
        var output = [UInt8](repeating: 0, count: 1 << 20)
        let produced = compressed.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                adapt_inflate(input.baseAddress, input.count, out.baseAddress, out.count)
            }
        }
        guard produced > 0 else { return nil }
        return description(profile: output[..<Int(produced)])
    }

    static func description(profile: ArraySlice<UInt8>) -> String? {
        let bytes = Array(profile)
        func u32(_ offset: Int) -> Int? { bytes.uint32BigEndian(at: offset).map(Int.init) }
        guard let tagCount = u32(128), tagCount < 1000 else { return nil }
        for tag in 0..<tagCount {
            let entry = 132 + tag * 12
            guard let signature = u32(entry), let offset = u32(entry + 4), let size = u32(entry + 8) else { return nil }
            guard signature == 0x6465_7363, offset + size <= bytes.count, size >= 12 else { continue } // 'desc'
            let type = u32(offset)
            if type == 0x6465_7363, let count = u32(offset + 8), count > 0, offset + 12 + count <= bytes.count { // 'desc'
                let text = bytes[(offset + 12)..<(offset + 12 + count)].prefix { $0 != 0 }
                return String(decoding: text, as: UTF8.self)
            }
            if type == 0x6D6C_7563, let records = u32(offset + 8), records > 0, // 'mluc'
                let length = u32(offset + 16 + 4), let start = u32(offset + 16 + 8),
                offset + start + length <= bytes.count
            {
                var units: [UInt16] = []
                var index = offset + start
                while index + 1 < offset + start + length, let unit = bytes.uint16BigEndian(at: index) {
                    units.append(unit)
                    index += 2
                }
                return String(decoding: units, as: UTF16.self)
            }
        }
        return nil
    }
}
