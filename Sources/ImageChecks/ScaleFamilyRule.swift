import AssetCatalog
import PNGInspection

/// Images that differ only in scale show at the same size in points (`image.scale-size`): a 2x
/// image is twice its 1x sibling and a 3x three times, up to the rounding that whole pixels force.
///
/// Why that tolerance: an image meant to be P points wide is P·s pixels at scale s, which the
/// exporter rounds up or down to a whole number n, so |n − P·s| < 1, i.e. P lies in
/// ((n − 1)/s, (n + 1)/s). Two siblings fit one P exactly when their intervals overlap:
/// |a/sa − b/sb| < 1/sa + 1/sb, in integers |a·sb − b·sa| < sa + sb. (A 2x image 91 px high is
/// 45.5 pt; a 3x sibling of 136 or 137 px, 45.33 or 45.67 pt, fits; 134 or 139 does not.)
/// Intervals on a line that overlap pairwise share a point, so checking every pair is checking
/// that one point size explains the whole family.
///
/// A mismatch beyond rounding is a warning: the app runs and the image shows, only at another
/// size on devices of that scale.
///
/// ```swift
/// ScaleFamilyRule.check(asset, headers: reports)   // warnings at the entries that disagree
/// ScaleFamilyRule.fits(91, scale: 2, 137, scale: 3)   // true
/// ```
enum ScaleFamilyRule {
    typealias Member = (variant: Variant, header: PNGHeader, scale: Int)

    static func check(_ asset: Asset, headers: [String: PNGReport]) -> [Diagnostic] {
        var families: [[String]: [Member]] = [:]
        var order: [[String]] = []
        for variant in asset.variants {
            guard let scale = variant.scale, scale > 0, let filename = variant.filename,
                let header = headers[asset.path.appendingPathComponent(filename)]?.header
            else { continue }
            let key = variant.attributeStrings(excluding: ["scale"])
            if families[key] == nil { order.append(key) }
            families[key, default: []].append((variant, header, scale))
        }
        var diagnostics: [Diagnostic] = []
        for key in order {
            let members = families[key]!.sorted { $0.scale < $1.scale }
            // Each member against every smaller-scale sibling; one warning per member, naming the
            // first sibling it cannot share a point size with.
            for (index, member) in members.enumerated() {
                guard let sibling = members[..<index].first(where: { !fits($0, member) }) else { continue }
                diagnostics.append(
                    Diagnostic(
                        .imageScaleSize, Message.mismatch(member, sibling),
                        subject: Diagnostic.Subject(asset: asset, variant: member.variant),
                        at: member.variant.location))
            }
        }
        return diagnostics
    }

    /// Whether two images, `a` pixels at scale `sa` and `b` at `sb`, can both be one point size
    /// rounded to whole pixels.
    static func fits(_ a: UInt32, scale sa: Int, _ b: UInt32, scale sb: Int) -> Bool {
        let (a, b, sa, sb) = (Int64(a), Int64(b), Int64(sa), Int64(sb))
        return abs(a * sb - b * sa) < sa + sb
    }

    static func fits(_ lhs: Member, _ rhs: Member) -> Bool {
        fits(lhs.header.width, scale: lhs.scale, rhs.header.width, scale: rhs.scale)
            && fits(lhs.header.height, scale: lhs.scale, rhs.header.height, scale: rhs.scale)
    }

    /// `45.5`, `46`, `45.33`: at most two decimals, none when whole. `Int(exactly:)`, not `Int(_:)`:
    /// a value no Int holds (infinite, NaN, beyond Int.max) is printed as a Double instead of
    /// stopping the process.
    static func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        guard let whole = Int(exactly: rounded) else { return String(rounded) }
        return String(whole)
    }
}

private enum Message {
    static func mismatch(_ member: ScaleFamilyRule.Member, _ sibling: ScaleFamilyRule.Member) -> String {
        let expectedWidth = Double(sibling.header.width) * Double(member.scale) / Double(sibling.scale)
        let expectedHeight = Double(sibling.header.height) * Double(member.scale) / Double(sibling.scale)
        return "\(member.variant.filename!) (\(member.scale)x) is \(size(member)), but its \(sibling.scale)x sibling "
            + "\(sibling.variant.filename!) is \(size(sibling)): more than rounding apart, so it shows at a different size "
            + "on \(member.scale)x devices; to match, a \(member.scale)x image would be about "
            + "\(ScaleFamilyRule.format(expectedWidth))x\(ScaleFamilyRule.format(expectedHeight)) pixels"
    }

    /// `172x287 pixels (86x143.5 pt)`
    static func size(_ member: ScaleFamilyRule.Member) -> String {
        let scale = Double(member.scale)
        return "\(member.header.width)x\(member.header.height) pixels "
            + "(\(ScaleFamilyRule.format(Double(member.header.width) / scale))x\(ScaleFamilyRule.format(Double(member.header.height) / scale)) pt)"
    }
}
