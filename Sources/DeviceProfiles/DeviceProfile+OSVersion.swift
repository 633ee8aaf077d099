import AssetCatalog

extension DeviceProfile {
    /// When each appearance came to a platform: dark with iOS 13, tvOS 10 and macOS 10.14; tinted
    /// app icons with iOS 18. The database's devices agree: each iPhone and iPad whose newest OS is
    /// 12 or older offers light only, and only those that run 18 or later offer tinted icons.
    static let appearanceIntroductions: [(idioms: Set<UserInterfaceIdiom>, style: UserInterfaceStyle, since: OSVersion)] = [
        ([.phone, .pad], .dark, OSVersion(major: 13)), ([.phone, .pad], .tinted, OSVersion(major: 18)),
        ([.tv], .dark, OSVersion(major: 10)), ([.mac], .dark, OSVersion(major: 10, minor: 14)),
    ]

    /// The device as it is when it runs `version` (`actool --filter-for-device-os-version`): the
    /// appearances that version does not offer yet are taken away, and `version` is its newest OS.
    /// The rest of what it shows is the hardware's, whatever it runs.
    package func running(_ version: OSVersion) -> DeviceProfile {
        var device = self
        device.newestOS = version
        device.appearances = appearances.filter { style in
            !Self.appearanceIntroductions.contains { $0.idioms.contains(idiom) && $0.style == style && version < $0.since }
        }
        return device
    }
}
