import AssetCatalog

/// The rules about a `--devices` file (or `devices:` in a configuration).
extension RuleID {
    /// A `--devices` file (or `devices:` in the configuration) with an invalid profile.
    public static let devicesInvalid = RuleID(
        "devices.invalid", .error, .input,
        "a `--devices` file (or `devices:` in the configuration) with an invalid profile",
        reason: "the command cannot do what was asked",
        bad: #"{"formatVersion": 2, "devices": [{"id": "../etc", "idiom": "phone"}]}"#,
        good:
            #"{"formatVersion": 2, "devices": [{"id": "my-phone", "name": "My Phone", "idiom": "phone", "displayScales": [3], "screen": {"width": 393, "height": 852}, "displayGamut": "P3", "memory": 6, "traitSets": [...]}]}"#
    )
    /// A `--devices` file that does not exist.
    public static let devicesMissing = RuleID(
        "devices.missing", .error, .input,
        "a `--devices` file that does not exist",
        reason: "the command cannot do what was asked",
        bad: "adapt thin A.xcassets --devices mydevices.json  (no such file)",
        good: "adapt thin A.xcassets --devices devices/mine.json  (the file exists)")
    /// A `--devices` file that cannot be read.
    public static let devicesUnreadable = RuleID(
        "devices.unreadable", .error, .input,
        "a `--devices` file that cannot be read",
        reason: "the command cannot do what was asked",
        bad: "--devices /dev/zero  (not a regular file, or over the size limit)",
        good: "--devices mine.json  (a regular JSON file)")
}

/// The family of a `--devices` file: what loading a device database finds.
extension DeviceDatabase: RuleFamily {
    package static let rules: [RuleID] = [.devicesInvalid, .devicesMissing, .devicesUnreadable]
}
