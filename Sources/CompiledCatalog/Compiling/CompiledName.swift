/// The 16-bit number actool gives an asset's name: the name identifier of its facet
/// (`kCRThemeIdentifierName`) and of every rendition of it, the link CoreUI follows from a name to
/// its renditions. The same name gets the same number in every file (`AppIcon` is 6849 from Xcode
/// 7.3 to 26.6), so it is a function of the name, not a counter.
///
/// The function: a multiply-by-33 hash of the name's UTF-8 bytes in a 64-bit accumulator seeded
/// with 0x189D7, its four 16-bit quarters folded by the same step (lowest first), kept to 16 bits;
/// 0, which means "no identifier", becomes 1. It reproduces all 65 (name, identifier) pairs of the
/// real files in `../shared/corpus/compiled` (Xcode 7.3 to 26.6, group-prefixed names and Icon
/// Composer layer names among them); mcfans/actool's clean-room `name_hash` found it first.
/// Unverified: names outside ASCII (every name seen is ASCII) and what actool does when two names
/// of one catalog share a number (`CompiledCatalogBuilder` refuses that).
///
/// ```swift
/// CompiledName.identifier(of: Array("AppIcon".utf8))   // 6849
/// ```
package enum CompiledName {
    package static func identifier(of name: some Sequence<UInt8>) -> UInt16 {
        var hash: UInt64 = 0x189D7
        for byte in name { hash = hash &* 33 &+ UInt64(byte) }
        var folded: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 16) { folded = folded &* 33 &+ (hash >> UInt64(shift) & 0xFFFF) }
        let identifier = UInt16(truncatingIfNeeded: folded)
        return identifier == 0 ? 1 : identifier
    }

    package static func identifier(of name: String) -> UInt16 { identifier(of: name.utf8) }
}
