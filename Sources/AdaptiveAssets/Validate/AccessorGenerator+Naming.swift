import AssetCatalog

/// The naming rule: which Swift identifier each namespace and asset of one level gets. It is a
/// rule about each name and the names it collides with, never about sort order, because an
/// accessor that quietly starts naming another asset (a pull request adds `LOGO.colorset`, and
/// `Asset.logo` shows it) compiles and ships the wrong image.
///
/// 1. **Base identifier.** The name is cleaned (`Delivery Status BG 1` → `deliveryStatusBG1`,
///    namespaces `UpperCamelCase`); keywords are written in backticks (`` `default` ``, `` `_` ``);
///    `Type` and `Protocol`, which backticks do not make usable as members, and a namespace that
///    would shadow `AssetName` or the root type get a trailing `_`.
/// 2. **Collision.** Members of one level collide when their base identifiers are equal ignoring
///    case (two accessors differing only in case are a trap to read and to autocomplete); a
///    namespace (`Box`) and an asset (`box`) collide only when the identifier starts without a
///    letter (`_3d`), since Swift tells the two apart by case otherwise.
/// 3. **Who keeps the base.** A member that collides with nothing keeps it. In a collision, a
///    member whose name *is* its identifier, exactly, without cleaning (`logo`, a namespace
///    `Icons`), keeps it; every other member gets a suffix from its own qualified name:
///    `logo__3fa2c1`, `__` and the first 6 hex digits of the SHA-256 of `asset:` or
///    `namespace:` and the name. So with `logo`, adding `LOGO` or `Logo` leaves `Asset.logo`
///    naming `logo`, and the order of folders never matters. Each suffixed member is reported as
///    `accessors.name-collision`.
/// 4. **Suffixes stay suffixes.** A base that already ends like a suffix (`__` and 6 or more hex
///    digits) is always suffixed itself, so no asset can be named after another's suffixed
///    accessor; two suffixes that agree (only by design: 24 bits) both lengthen, to 16 digits and
///    then 64.
///
/// The one addition rule 3 cannot keep stable is a name that needs no cleaning beside one that
/// did and was alone: with only `Logo`, `Asset.logo` is `Logo`; add `logo` and it is `logo`, while
/// `Logo` becomes `logo__…` (reported). Keeping both cases stable would mean suffixing every
/// cleaned name (`Asset.box__9c1e0a` for `Box`) or dropping the plain one too; the warning names
/// both assets instead.
extension AccessorGenerator {
    /// A namespace or an asset of one level, before naming.
    struct Member {
        enum Kind: String { case namespace, asset }
        var kind: Kind
        /// The name's last component, as in the catalog (`Bottom`).
        var name: String
        /// The whole qualified name (`box/Bottom`): what the suffix is derived from.
        var qualified: String
    }

    /// A member's identifier, unescaped, and whether it is suffixed, and if so what it collided with.
    struct Naming {
        var identifier: String
        /// The other members whose base identifier is the same (empty when none).
        var collidesWith: [Member] = []
        /// Suffixed because the base ends like a suffix, not because of a collision.
        var looksSuffixed = false
        var isSuffixed: Bool { !collidesWith.isEmpty || looksSuffixed }
    }

    /// The identifiers of one level's members, in the members' order (see the rule above).
    func names(for members: [Member]) -> [Naming] {
        let bases = members.map { base(for: $0) }
        let keys = zip(members, bases).map { member, base in
            (base.unicodeScalars.first.map(Self.isASCIILetter) == true ? member.kind.rawValue + ":" : "") + base.lowercased()
        }
        var groups: [String: [Int]] = [:]
        for (index, key) in keys.enumerated() { groups[key, default: []].append(index) }

        var namings: [Naming] = []
        var suffixed: [Int] = []
        for (index, member) in members.enumerated() {
            let base = bases[index]
            let others = groups[keys[index]]!.filter { $0 != index }
            let looksSuffixed = Self.endsLikeSuffix(base)
            // A plain member keeps its base, unless another plain member has it exactly (a
            // namespace `_3d` and an asset `_3d`): then neither can.
            let isPlain = member.name == base
            let sharesExactly = others.contains { members[$0].name == bases[$0] && bases[$0] == base }
            let keeps = !looksSuffixed && (others.isEmpty || (isPlain && !sharesExactly))
            var naming = Naming(identifier: base)
            if !keeps {
                naming.collidesWith = others.map { members[$0] }
                naming.looksSuffixed = looksSuffixed
                suffixed.append(index)
            }
            namings.append(naming)
        }
        // Suffixes, lengthened for the members whose shorter suffixes agree.
        var length: [Int: Int] = [:]
        for index in suffixed { length[index] = 6 }
        while true {
            var byIdentifier: [String: [Int]] = [:]
            for index in suffixed {
                let digest = SHA256.hex(Array((members[index].kind.rawValue + ":" + members[index].qualified).utf8))
                namings[index].identifier = bases[index] + "__" + digest.prefix(length[index]!)
                byIdentifier[namings[index].identifier.lowercased(), default: []].append(index)
            }
            let tied = byIdentifier.values.filter { $0.count > 1 }.flatMap { $0 }.filter { length[$0]! < 64 }
            if tied.isEmpty { break }
            for index in tied { length[index] = length[index]! < 16 ? 16 : 64 }
        }
        return namings
    }

    /// Step 1: the cleaned identifier, renamed where Swift cannot use it even in backticks.
    func base(for member: Member) -> String {
        let identifier = Self.identifier(member.name, upper: member.kind == .namespace)
        let shadowsGenerated = member.kind == .namespace && (identifier == "AssetName" || identifier == rootTypeName)
        return Self.unusableTypeNames.contains(identifier) || shadowsGenerated ? identifier + "_" : identifier
    }

    /// Whether `identifier` ends with `__` and 6 or more hexadecimal digits, as suffixes do.
    static func endsLikeSuffix(_ identifier: String) -> Bool {
        let scalars = Array(identifier.unicodeScalars)
        let digits = scalars.reversed().prefix { $0.properties.isASCIIHexDigit }.count
        return digits >= 6 && scalars.count >= digits + 2 && scalars[scalars.count - digits - 1] == "_" && scalars[scalars.count - digits - 2] == "_"
    }

    /// `Delivery Status BG 1` → `deliveryStatusBG1`; `3d-box` → `_3dBox`. Only ASCII letters,
    /// digits and `_` survive, so the identifier is plain ASCII whatever the name.
    static func identifier(_ name: String, upper: Bool) -> String {
        let words = name.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_")) }).map(String.init)
        guard !words.isEmpty else { return upper ? "Unnamed" : "unnamed" }
        var result = ""
        for (position, word) in words.enumerated() {
            if position == 0 {
                result += upper ? word.prefix(1).uppercased() + word.dropFirst() : lowerFirstWord(word)
            } else {
                result += word.prefix(1).uppercased() + word.dropFirst()
            }
        }
        if result.first!.isNumber { result = "_" + result }
        return result
    }

    /// `URLIcon` → `urlIcon`, `Bottom` → `bottom`.
    private static func lowerFirstWord(_ word: String) -> String {
        let uppercasePrefix = word.prefix { $0.isUppercase }
        if uppercasePrefix.count > 1 && uppercasePrefix.count < word.count {
            return uppercasePrefix.dropLast().lowercased() + word.dropFirst(uppercasePrefix.count - 1)
        }
        return word.prefix(uppercasePrefix.isEmpty ? 0 : uppercasePrefix.count).lowercased() + word.dropFirst(uppercasePrefix.count)
    }

    /// Every Swift keyword, contextual ones included: in backticks each is a usable identifier
    /// (`Asset.\`default\``); writing them all in backticks costs nothing where one is not needed.
    static let keywords: Set<String> = [
        // Declarations
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "precedencegroup", "private",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        // Statements
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in",
        "repeat", "return", "switch", "throw", "where", "while",
        // Expressions and types
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
        // Contextual
        "actor", "any", "associativity", "async", "consume", "convenience", "copy", "didSet", "discard", "distributed",
        "dynamic", "each", "final", "get", "indirect", "infix", "isolated", "lazy", "left", "macro", "mutating", "none",
        "nonmutating", "optional", "override", "postfix", "precedence", "prefix", "required", "right", "sending", "set",
        "some", "then", "unowned", "weak", "willSet", "yield",
    ]

    /// Members that backticks do not rescue: `Asset.Type` is the metatype and `Asset.Protocol`
    /// an error, whatever is declared inside.
    static let unusableTypeNames: Set<String> = ["Type", "Protocol"]

    /// The identifier as written in the file: a keyword in backticks.
    static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }
}
