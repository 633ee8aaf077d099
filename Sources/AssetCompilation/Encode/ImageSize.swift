/// The pixel size a JPEG's frame header (SOF0 to SOF15 but DHT, JPG and DAC) states.
enum JPEGFrame {
    static func size(of file: [UInt8]) -> (width: Int, height: Int)? {
        guard file.count > 4, file[0] == 0xFF, file[1] == 0xD8 else { return nil }
        var position = 2
        while position + 9 < file.count {
            guard file[position] == 0xFF else { return nil }
            let marker = file[position + 1]
            if marker == 0xFF {
                position += 1
                continue
            }
            let length = Int(file[position + 2]) << 8 | Int(file[position + 3])
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                let height = Int(file[position + 5]) << 8 | Int(file[position + 6])
                let width = Int(file[position + 7]) << 8 | Int(file[position + 8])
                return width > 0 && height > 0 ? (width, height) : nil
            }
            guard length >= 2 else { return nil }
            position += 2 + length
        }
        return nil
    }
}

/// The pixel size a HEIF file (HEIC) states in its image spatial extent (`ispe`) property, found
/// through `meta` → `iprp` → `ipco` (ISO/IEC 23008-12). The file is stored as it is, as a JPEG is
/// (how actool stores HEIC is not shown by any file here: the same `RAWD` shape, pixel format `HEIF`).
enum HEIFFrame {
    static func size(of file: [UInt8]) -> (width: Int, height: Int)? {
        func uint32(_ at: Int) -> Int? {
            guard at >= 0, at + 4 <= file.count else { return nil }
            return Int(file[at]) << 24 | Int(file[at + 1]) << 16 | Int(file[at + 2]) << 8 | Int(file[at + 3])
        }
        /// The boxes between `start` and `end`, depth first, into the containers named.
        func find(_ start: Int, _ end: Int, depth: Int) -> (width: Int, height: Int)? {
            var position = start
            while position + 8 <= end, depth < 8 {
                guard let size = uint32(position), size >= 8, position + size <= end else { return nil }
                let type = String(decoding: file[(position + 4)..<(position + 8)], as: UTF8.self)
                switch type {
                case "meta":
                    // A full box: version and flags before its children.
                    if let found = find(position + 12, position + size, depth: depth + 1) { return found }
                case "iprp", "ipco":
                    if let found = find(position + 8, position + size, depth: depth + 1) { return found }
                case "ispe":
                    if let width = uint32(position + 12), let height = uint32(position + 16), width > 0, height > 0 { return (width, height) }
                default: break
                }
                position += size
            }
            return nil
        }
        return find(0, file.count, depth: 0)
    }
}
