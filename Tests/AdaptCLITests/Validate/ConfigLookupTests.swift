import AdaptSupport
import CatalogFixtures
import Foundation
import Testing

/// Issue "Hostile input, round 2": which `.adapt.yml` applies to a catalog, and which files a
/// configuration may make adapt read. A configuration found above a catalog is the repository's
/// (or a stranger's), not the user's choice: the lookup stops at the repository root, never
/// enters a folder every user may write to, and refuses links and files of other owners; a
/// configuration's `devices:` and `baseline:` stay inside its folder.
@Suite struct ConfigLookupTests {
    /// `outer/.adapt.yml` above `outer/repo/.git` and `outer/repo/Showcase.xcassets`; the caller
    /// removes `outer`.
    func nestedRepository(outerConfig: String) throws -> (outer: String, repo: String) {
        let outer = try ValidateFixtures.showcase()
        let repo = outer + "/repo"
        try FileManager.default.createDirectory(atPath: repo + "/.git", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: outer + "/Showcase.xcassets", toPath: repo + "/Showcase.xcassets")
        try outerConfig.write(toFile: outer + "/.adapt.yml", atomically: true, encoding: .utf8)
        return (outer, repo)
    }

    @Test func lookupStopsAtTheRepositoryRoot() throws {
        let (outer, repo) = try nestedRepository(outerConfig: "bogus: 1\n")
        defer { try? FileManager.default.removeItem(atPath: outer) }
        let run = try Adapt.run(["validate", "--images", "none", "Showcase.xcassets"], in: repo)
        #expect(!run.stderr.contains("config.invalid"), "the .adapt.yml above the repository applied: \(run.stderr)")
        #expect(run.stdout.contains("1 catalog validated"), "\(run.stdout)\(run.stderr)")
        // A `.git` file (a worktree or a submodule) bounds the lookup too; the repository's own file applies.
        try FileManager.default.removeItem(atPath: repo + "/.git")
        try "gitdir: /elsewhere\n".write(toFile: repo + "/.git", atomically: true, encoding: .utf8)
        try "disabled_rules: [scale.gap]\n".write(toFile: repo + "/.adapt.yml", atomically: true, encoding: .utf8)
        let own = try Adapt.run(["validate", "--format", "xcode", "--images", "none", "Showcase.xcassets"], in: repo)
        #expect(!own.stderr.contains("config.invalid") && !own.stderr.contains("[scale.gap]"), "\(own.stderr)")
    }

    @Test func lookupDoesNotEnterAFolderEveryoneMayWrite() throws {
        // No repository: `shared` is like /tmp, and `shared/project` holds the catalog.
        let shared = try ValidateFixtures.showcase()
        defer { try? FileManager.default.removeItem(atPath: shared) }
        try FileManager.default.createDirectory(atPath: shared + "/project", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: shared + "/Showcase.xcassets", toPath: shared + "/project/Showcase.xcassets")
        try "bogus: 1\n".write(toFile: shared + "/.adapt.yml", atomically: true, encoding: .utf8)
        #expect(chmod(shared, 0o1777) == 0)
        let run = try Adapt.run(["validate", "--images", "none", "project/Showcase.xcassets"], in: shared)
        #expect(!run.stderr.contains("config.invalid"), "a .adapt.yml in a world-writable folder applied: \(run.stderr)")
        #expect(chmod(shared, 0o755) == 0)
        let owned = try Adapt.run(["validate", "--images", "none", "project/Showcase.xcassets"], in: shared)
        #expect(owned.stderr.contains("unknown key 'bogus'"), "outside a repository the lookup still climbs: \(owned.stderr)")
    }

    @Test func aFoundConfigurationThatIsALinkIsRefusedWithoutQuotingItsTarget() throws {
        let root = try ValidateFixtures.showcase()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Like /proc/self/environ: variables separated by NUL bytes.
        let secret = root + "/../adapt-secret-\(UUID().uuidString)"
        try "CI_TOKEN=hunter2-secret\u{0}HOME=/root\u{0}".write(toFile: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: secret) }
        try FileManager.default.createSymbolicLink(atPath: root + "/.adapt.yml", withDestinationPath: secret)
        let run = try Adapt.run(["validate", "--images", "none", "Showcase.xcassets"], in: root)
        #expect(run.status == 1)
        #expect(run.stderr.contains(".adapt.yml:1:1: error: cannot read the configuration file: is a symbolic link"), "\(run.stderr)")
        #expect(run.stderr.contains("[config.invalid]"))
        #expect(!run.stderr.contains("hunter2"), "the link's target reached the log: \(run.stderr)")
        // Named with --config, the link is the user's choice and is followed; its parse error
        // still quotes nothing of it.
        let given = try Adapt.run(["validate", "--images", "none", "--config", ".adapt.yml", "Showcase.xcassets"], in: root)
        #expect(given.status == 1 && given.stderr.contains("not valid YAML") && !given.stderr.contains("hunter2"), "\(given.stderr)")
        try FileManager.default.removeItem(atPath: root + "/.adapt.yml")
        try "disabled_rules: [scale.gap]\n".write(toFile: root + "/real.yml", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root + "/link.yml", withDestinationPath: "real.yml")
        let followed = try Adapt.run(["validate", "--format", "xcode", "--images", "none", "--config", "link.yml", "Showcase.xcassets"], in: root)
        #expect(!followed.stderr.contains("config.invalid") && !followed.stderr.contains("[scale.gap]"), "\(followed.stderr)")
    }

    @Test func aFoundConfigurationOthersMayWriteIsRefused() throws {
        let root = try ValidateFixtures.showcase(config: "disabled_rules: [scale.gap]\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(chmod(root + "/.adapt.yml", 0o666) == 0)
        let run = try Adapt.run(["validate", "--images", "none", "Showcase.xcassets"], in: root)
        #expect(
            run.status == 1 && run.stderr.contains(".adapt.yml:1:1: error: cannot read the configuration file: may be written by every user"),
            "\(run.stderr)")
        // Owned by another user (only root can give a file away).
        guard geteuid() == 0 else { return }
        #expect(chmod(root + "/.adapt.yml", 0o644) == 0 && chown(root + "/.adapt.yml", 65534, 65534) == 0)
        let foreign = try Adapt.run(["validate", "--images", "none", "Showcase.xcassets"], in: root)
        #expect(foreign.status == 1 && foreign.stderr.contains("is owned by another user (uid 65534)"), "\(foreign.stderr)")
    }

    @Test func devicesAndBaselineFromTheFileStayInsideItsFolder() throws {
        let root = try ValidateFixtures.showcase()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let outside = root + "/../adapt-devices-\(UUID().uuidString).json"
        try devicesJSON.write(toFile: outside, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        // Written as a path that leaves the folder: refused at its line.
        try "devices: ../\(outside.lastPathComponentForTests)\n".write(toFile: root + "/.adapt.yml", atomically: true, encoding: .utf8)
        let written = try Adapt.run(["validate", "--images", "none", "Showcase.xcassets"], in: root)
        #expect(
            written.status == 1 && written.stderr.contains(".adapt.yml:1:10: error: devices must name a file inside the configuration file's folder"),
            "\(written.stderr)")
        // A link inside the folder that leads out: refused when read, for devices and baseline alike.
        try FileManager.default.createSymbolicLink(atPath: root + "/devices.json", withDestinationPath: outside)
        for key in ["devices", "baseline"] {
            try "\(key): devices.json\n".write(toFile: root + "/.adapt.yml", atomically: true, encoding: .utf8)
            let linked = try Adapt.run(["validate", "--images", "none", "Showcase.xcassets"], in: root)
            #expect(
                linked.status == 1 && linked.stderr.contains("devices.json:1:1: error: cannot read") && linked.stderr.contains("leads outside"),
                "\(key): \(linked.stderr)")
        }
        // Named on the command line, the same link is followed.
        let given = try Adapt.run(["validate", "--images", "none", "--config", "/dev/null", "--devices", "devices.json", "Showcase.xcassets"], in: root)
        #expect(!given.stderr.contains("leads outside") && !given.stderr.contains("devices.unreadable"), "\(given.stderr)")
        // A link that stays inside is followed.
        try FileManager.default.removeItem(atPath: root + "/devices.json")
        try devicesJSON.write(toFile: root + "/real-devices.json", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root + "/devices.json", withDestinationPath: "real-devices.json")
        try "devices: devices.json\n".write(toFile: root + "/.adapt.yml", atomically: true, encoding: .utf8)
        let inside = try Adapt.run(["validate", "--images", "none", "Showcase.xcassets"], in: root)
        #expect(!inside.stderr.contains("cannot read"), "\(inside.stderr)")
    }

    let devicesJSON = """
        {"formatVersion": 1, "devices": [{
          "id": "lookup-phone", "name": "Lookup", "modelIdentifiers": ["Lookup1,1"], "idiom": "phone", "displayScale": 2,
          "screen": {"width": 375, "height": 667}, "displayGamut": "sRGB", "memory": 1, "appearances": ["light"],
          "traitSets": [{"orientation": "portrait", "multitasking": "fullScreen", "horizontalSizeClass": "compact",
                         "verticalSizeClass": "regular", "window": {"width": 375, "height": 667}}]}]}
        """
}
