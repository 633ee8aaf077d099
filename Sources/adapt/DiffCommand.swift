import AdaptSupport
import AdaptiveAssets
import ArgumentParser
import Foundation
import Synchronization

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed between two versions of a catalog, and each device's download size before and after.",
        discussion: """
            Either side may be an .xcassets folder or a compiled catalog (Assets.car). Two folders: assets
            added, removed and renamed (the same files under a new name), variants added, removed and
            changed, files whose bytes changed, and new diagnostics. With a compiled catalog on either side,
            variants are matched by their traits and compared by content: decoded pixels (equal within 2
            per channel by default, --pixel-tolerance, as compilers round differently; packed images are cut out), data bytes and colour
            values, never file names or container bytes. Then per-device sizes: the bytes each device's
            slice holds (for a .car, its thinned Assets.car, as adapt size counts it; default devices: the
            platform's it was compiled for).

            Exits 0, or 1 when a device's slice grows by more than --fail-on-growth BYTES, grows past
            --budget BYTES, or grows by more than --budget-growth PERCENT. --format sarif writes the new
            diagnostics and those failures as SARIF 2.1.0 for code scanning.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, github, sarif
    }

    @Argument(help: "The old version: an .xcassets folder or a compiled catalog (Assets.car).")
    var old: String

    @Argument(help: "The new version: an .xcassets folder or a compiled catalog (Assets.car).")
    var new: String

    @Option(name: .customLong("device"), help: ArgumentHelp("Only these devices (repeatable; default: every device).", valueName: "id"))
    var deviceIDs: [String] = []

    @OptionGroup var database: DeviceDatabaseOptions

    @Option(help: "The output format (github: workflow commands; sarif: SARIF 2.1.0).")
    var format: Format = .text

    @Option(help: ArgumentHelp("Exit 1 when a device's download grows by more than this many bytes.", valueName: "bytes"))
    var failOnGrowth: Int?

    @Option(help: ArgumentHelp("Exit 1 when a device's slice grows and then holds more than this many bytes.", valueName: "bytes"))
    var budget: Int?

    @Option(help: ArgumentHelp("Exit 1 when a device's slice grows by more than this percentage.", valueName: "percent"))
    var budgetGrowth: Double?

    @Option(
        help: ArgumentHelp(
            "With a compiled catalog: the largest difference (of 255) per colour channel still counted as the same pixels.",
            valueName: "n"))
    var pixelTolerance: Int = CatalogDiff.pixelTolerance

    func validate() throws {
        if !(0...255).contains(pixelTolerance) { throw ValidationError("--pixel-tolerance must be from 0 to 255.") }
        if let failOnGrowth, failOnGrowth < 0 { throw ValidationError("--fail-on-growth must not be negative.") }
        if let budget, budget < 0 { throw ValidationError("--budget must not be negative.") }
        if let budgetGrowth, !(budgetGrowth >= 0 && budgetGrowth.isFinite) { throw ValidationError("--budget-growth must be a percentage of 0 or more.") }
    }

    func run() throws {
        // The files are read on other threads (from the process's start when `readAhead` could
        // tell them) while the device database loads on this one; a problem with the database or
        // a device is still the one told first.
        let (old, new) = (self.old, self.new)
        let reading = Self.takeReadingAhead(old: old, new: new) ?? Started { Self.reading(old: old, new: new) }
        let setup = Result { () throws -> (DeviceDatabase, [DeviceProfile]?) in
            let loaded = try self.database.load()
            return (loaded, deviceIDs.isEmpty ? nil : try deviceIDs.map { try self.database.profile($0, in: loaded) })
        }
        let sides = reading.value
        let (loaded, devices) = try setup.get()
        let diff: CatalogDiff
        do throws(CatalogDiff.Failure) {
            diff = try CatalogDiff.comparing(sides.get(), database: loaded, devices: devices, pixelTolerance: pixelTolerance)
        } catch {
            throw CommandFailure(error.diagnostic)
        }
        let failures =
            (failOnGrowth.map(diff.growth(over:)) ?? []) + (budget.map(diff.overBudget) ?? [])
            + (budgetGrowth.map(diff.growth(overPercent:)) ?? [])
        let workingDirectory = FileManager.default.currentDirectoryPath
        switch format {
        case .text: Terminal.output(diff.text)
        case .json: Terminal.document(JSONWriter.xcodeStyle.string(for: diff.json))
        case .github: Terminal.document(diff.github(workingDirectory: workingDirectory, failures: failures))
        case .sarif: Terminal.document(diff.sarif(workingDirectory: workingDirectory, failures: failures))
        }
        // GitHub and SARIF carry the failures too; every format also says them on standard error.
        Terminal.report(failures)
        if !failures.isEmpty { throw ExitCode(1) }
    }
}

extension DiffCommand {
    private typealias Reading = Result<CatalogDiff.Sides, CatalogDiff.Failure>

    /// The reading `readAhead` started, and the two paths it reads.
    private static let readingAhead = Mutex<(old: String, new: String, sides: Started<Reading>)?>(nil)

    /// What starts reading the two files of `adapt diff OLD NEW ...` (`arguments` without the
    /// program's name) before the arguments are parsed, or nil for any other command line:
    /// parsing keeps one core busy for about 4.5 ms, and reading needs only the paths. Nil too
    /// when either argument after `diff` is an option; `run` takes the reading only when the
    /// paths it parsed are those two (any other command line is parsed, then read, as before), so
    /// what it reads and reports is the same either way.
    static func readAhead(_ arguments: [String]) -> (() -> Void)? {
        guard arguments.count >= 3, arguments[0] == configuration.commandName else { return nil }
        let (old, new) = (arguments[1], arguments[2])
        guard !old.hasPrefix("-"), !new.hasPrefix("-") else { return nil }
        return {
            let sides = Started { reading(old: old, new: new) }
            readingAhead.withLock { $0 = (old, new, sides) }
        }
    }

    /// The reading `readAhead` started, when it reads `old` and `new`; nil otherwise. Taken once,
    /// so that the files are given back once compared.
    private static func takeReadingAhead(old: String, new: String) -> Started<Reading>? {
        readingAhead.withLock { ahead in
            defer { ahead = nil }
            guard let started = ahead, started.old == old, started.new == new else { return nil }
            return started.sides
        }
    }

    private static func reading(old: String, new: String) -> Reading {
        Result { () throws(CatalogDiff.Failure) -> CatalogDiff.Sides in try CatalogDiff.Sides.reading(old: old, new: new) }
    }
}

extension DiffCommand: MachineReadableCommand {
    var writesJSON: Bool { format == .json }
}
