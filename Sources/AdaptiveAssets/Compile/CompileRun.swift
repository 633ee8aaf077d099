import AdaptSupport
import AssetCatalog
@_spi(Compiling) import AssetCompilation
import AssetThinning
import AssetValidation
import CompiledCatalog
import DeviceProfiles

/// `adapt compile`: actool's command line run end to end. Reads the catalogs, compiles them
/// (`CatalogCompiler`), writes `Assets.car` and the files beside it into `--compile DIR`
/// (`CompileOutput`), writes the partial Info.plist, and answers with actool's result document.
///
/// ```swift
/// let arguments = try ActoolArguments(parsing: ["Assets.xcassets", "--compile", "Build", "--platform", "iphoneos",
///                                               "--minimum-deployment-target", "17.0", "--app-icon", "AppIcon"])
/// let result = CompileRun(arguments).run()
/// result.document.rendered(as: arguments.outputFormat, sections: arguments.sections)
/// ```
package struct CompileRun {
    package let arguments: ActoolArguments
    /// The run's time budget (`--timeout`, or the default that grows with the renditions
    /// planned), counted from when the run is made; shared with the watchdog that ends the process.
    package let deadline: CompileDeadline
    /// Renditions encoded so far of all (`CompileOptions.progress`), for a progress line.
    package var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

    package init(_ arguments: ActoolArguments) {
        self.arguments = arguments
        deadline = CompileDeadline(seconds: arguments.timeout)
    }

    /// Refuses, as a usage error, a command line no compile can follow: no catalog, no
    /// `--compile` or `--platform`, a `--filter-for-device-model` that names no known device.
    package func checkUsage() throws(ActoolUsageError) {
        try arguments.checkCompileInputs()
        if let model = arguments.filterForDeviceModel, let database = try? DeviceDatabase.builtIn(), database.profile(matching: model) == nil {
            throw .unknownDeviceModel(model, flag: arguments.deviceFilterFlag)
        }
    }

    package struct Result: Sendable {
        /// Every finding, in adapt's own form (`path:line:column: severity: message [rule-id]`).
        package var diagnostics: [Diagnostic] = []
        /// The paths written (empty when the compile failed: nothing was written).
        package var outputFiles: [String] = []
        package var document = ActoolResultDocument()
        package var renditionCount = 0

        package var failed: Bool { diagnostics.contains { $0.severity == .error } }

        /// adapt's own document (`--format json`): `{"outputFiles": [...], "renditions": N, "diagnostics": [...]}`.
        package var json: JSONValue {
            .object([
                "outputFiles": .array(outputFiles.sorted().map { .string($0) }),
                "renditions": .number(String(renditionCount)),
                "diagnostics": .array(diagnostics.map(\.json)),
            ])
        }
    }

    /// The version adapt answers `--version` with: actool's document shape, adapt's numbers.
    package static var version: ActoolResultDocument.Version {
        ActoolResultDocument.Version(bundle: AdaptVersion.current, short: AdaptVersion.current)
    }

    package func run() -> Result {
        var result = Result()
        if arguments.printsVersion {
            result.document.version = Self.version
            return result
        }
        // What the build system asks before it lays out the asset packs: no platform needed.
        if arguments.printsAssetTagCombinations {
            var catalogs: [Catalog] = []
            for input in arguments.inputs where input.pathExtension == "xcassets" || input.pathExtension == "xcstickers" {
                do { catalogs.append(try CatalogReader().read(at: input)) } catch { result.diagnostics.append(error.diagnostic) }
            }
            for catalog in catalogs { result.diagnostics += catalog.diagnostics.filter { $0.severity == .error } }
            if !result.failed { result.document.assetTagCombinations = AssetPackSpecification.tagCombinations(catalogs) }
            var answered = finish(result)
            answered.document.outputFiles = nil // it compiles nothing
            return answered
        }
        for ignored in arguments.ignoredFlags {
            result.document.runMessages.append(
                .init(
                    severity: .notice,
                    description: "\(ignored.flag.rawValue) is accepted and changes nothing in what adapt compile writes"))
        }
        // Flags that change actool's output which adapt does not apply yet: said, never dropped quietly.
        let notApplied: [(ActoolFlag, Bool)] = [
            (.printContents, arguments.printsContents)
        ]
        for (flag, given) in notApplied where given {
            result.document.runMessages.append(.init(severity: .warning, description: "\(flag.rawValue) is accepted, but adapt compile does not apply it yet"))
        }
        if arguments.filterForDeviceOSVersion != nil, arguments.filterForDeviceModel == nil {
            result.document.runMessages.append(
                .init(severity: .warning, description: "--filter-for-device-os-version changes nothing without --filter-for-device-model, whose OS it names"))
        }
        var options: CompileOptions
        do {
            options = try compileOptions()
        } catch {
            result.diagnostics.append(error)
            return finish(result)
        }
        var catalogs: [Catalog] = []
        for input in arguments.inputs {
            if input.pathExtension == "icon" {
                do throws(IconComposerDocument.Failure) {
                    options.iconComposerIcons.append(try IconComposerDocument(path: input))
                } catch {
                    result.diagnostics.append(Diagnostic(.compileUnreadable, error.message, at: SourceLocation(file: error.file)))
                }
                continue
            }
            guard input.pathExtension == "xcassets" || input.pathExtension == "xcstickers" else {
                result.diagnostics.append(
                    Diagnostic(
                        .compileLeftOut, "\(input.lastPathComponent) is not compiled: an .iconset is compiled inside an asset catalog, not yet on its own",
                        at: SourceLocation(file: input)))
                continue
            }
            do {
                catalogs.append(try CatalogReader().read(at: input))
            } catch {
                result.diagnostics.append(error.diagnostic)
            }
        }
        guard !result.failed, !overran(&result) else { return finish(result) }
        // What actool rejects is what `adapt validate` calls an error: the same rules run here,
        // their warnings reported as actool reports its own. Images are walked, not decoded:
        // the compile decodes each one itself.
        if let database = try? DeviceDatabase.builtIn() {
            let validation = Validator(devices: database, imageChecks: .walk).validate(catalogs)
            result.diagnostics += validation.diagnostics.filter { $0.severity != .note }
            guard !result.failed else { return finish(result) }
        }
        // On-demand resources: the tagged sets go into their asset packs, compiled after the main file.
        var assetPacks: [(pack: AssetPackSpecification, catalogs: [Catalog])] = []
        if arguments.enableOnDemandResources {
            if let path = arguments.assetPackOutputSpecifications {
                do {
                    let split = AssetPackSpecification.split(catalogs, into: try AssetPackSpecification.read(at: path))
                    catalogs = split.main
                    assetPacks = split.packs
                    result.diagnostics += split.unmatched
                } catch {
                    result.diagnostics.append(error)
                }
                guard !result.failed else { return finish(result) }
            } else if !AssetPackSpecification.tagCombinations(catalogs).isEmpty {
                result.document.runMessages.append(
                    .init(
                        severity: .warning,
                        description: "--enable-on-demand-resources YES without --asset-pack-output-specifications: the tagged sets are compiled into Assets.car"
                    ))
            }
        }
        guard !overran(&result) else { return finish(result) }
        var createdFolder = false
        var lock: CompileOutput.FolderLock?
        // The lock ends with the run (deferred first, so it is released after the folder is taken away).
        defer { lock?.release() }
        if let folder = arguments.compileDirectory {
            // The renditions wait in the output folder (an unlinked file), never in another place.
            do {
                createdFolder = try CompileOutput.prepare(folder)
                lock = try CompileOutput.FolderLock(folder)
            } catch {
                if createdFolder { rmdir(folder) }
                result.diagnostics.append(Diagnostic(.compileOutput, error.message, at: SourceLocation(file: error.path)))
                return finish(result)
            }
            options.spoolFolder = folder
        }
        // A folder this run made and then wrote nothing into is taken away again.
        defer { if createdFolder, result.outputFiles.isEmpty, let folder = arguments.compileDirectory { rmdir(folder) } }
        let product: CompileProduct
        do throws(CompileFailure) {
            product = try CatalogCompiler(options).compile(catalogs)
        } catch {
            result.diagnostics.appendNew(error.diagnostics)
            return finish(result)
        }
        // The catalogs' own findings came with the validation already.
        result.diagnostics.appendNew(product.diagnostics)
        result.renditionCount = product.renditionCount
        guard let folder = arguments.compileDirectory, !overran(&result) else { return finish(result) }
        // The packs compile before anything is written: a pack that fails leaves no file.
        let packs = compileAssetPacks(assetPacks, options: options, into: &result)
        guard !result.failed, !overran(&result) else { return finish(result) }
        // Every output of the run is written at once, all or nothing: a partial Info.plist that
        // may not be replaced leaves no new Assets.car in the bundle either.
        var destinations = [
            CompileOutput.Destination(
                [CompileOutput.File(name: CompileOutput.catalogName) { emit in try product.writeCatalog(emit) }]
                    + product.looseFiles.map { CompileOutput.File(name: $0.name, bytes: $0.bytes) }, into: folder)
        ]
        for (pack, product) in packs {
            destinations.append(
                CompileOutput.Destination(
                    [CompileOutput.File(name: CompileOutput.catalogName) { emit in try product.writeCatalog(emit) }], into: pack.bundlePath))
        }
        if let plistPath = arguments.partialInfoPlist {
            var plist = PartialInfoPlist(
                platform: options.platform, appIcon: product.appIconName, alternateIcons: product.alternateAppIcons,
                accentColor: product.accentColorName, widgetBackgroundColor: product.widgetBackgroundColorName,
                iconFiles: Self.iconFiles(of: product, platform: options.platform),
                alternateIconFiles: [:], launchImages: product.launchImages?.propertyList)
            plist.topShelfImages = product.topShelfImages
            destinations.append(
                CompileOutput.Destination(
                    [CompileOutput.File(name: plistPath.lastPathComponent, bytes: Array(plist.propertyList.xml.utf8))], into: plistPath.parentFolder))
        }
        // The dependency info is not among the outputs it lists: the list is of what the compile produced for the app.
        let outputs = destinations.flatMap(\.paths)
        if let dependencyPath = arguments.dependencyInfo {
            var info = DependencyInfo(version: "adapt compile \(AdaptVersion.current)", outputs: outputs.sorted(), catalogs: catalogs)
            info.inputs = Set(info.inputs + options.iconComposerIcons.flatMap(\.inputFiles)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            destinations.append(
                CompileOutput.Destination([CompileOutput.File(name: dependencyPath.lastPathComponent, bytes: info.bytes)], into: dependencyPath.parentFolder))
        }
        do {
            _ = try CompileOutput.write(destinations)
            result.outputFiles = outputs
        } catch {
            result.diagnostics.append(Diagnostic(.compileOutput, error.message, at: SourceLocation(file: error.path)))
        }
        return finish(result)
    }

    /// Whether the time budget is spent; if so, says so in `result`.
    private func overran(_ result: inout Result) -> Bool {
        guard deadline.isPast else { return false }
        result.diagnostics.append(deadline.diagnostic)
        return true
    }

    /// Compiles each asset pack's sets (for `<bundle-path>/Assets.car`), with the main file's
    /// platform and devices and none of its app-wide options (the app icon and colours are the
    /// main bundle's). A pack that fails adds its findings.
    private func compileAssetPacks(
        _ packs: [(pack: AssetPackSpecification, catalogs: [Catalog])], options: CompileOptions, into result: inout Result
    ) -> [(AssetPackSpecification, CompileProduct)] {
        var compiled: [(AssetPackSpecification, CompileProduct)] = []
        for (pack, catalogs) in packs {
            var packOptions = options
            packOptions.appIcon = nil
            packOptions.alternateAppIcons = []
            packOptions.accentColor = nil
            packOptions.widgetBackgroundColor = nil
            packOptions.launchImage = nil
            packOptions.spoolFolder = nil
            let product: CompileProduct
            do throws(CompileFailure) {
                product = try CatalogCompiler(packOptions).compile(catalogs)
            } catch {
                result.diagnostics += error.diagnostics
                continue
            }
            result.diagnostics += product.diagnostics
            result.renditionCount += product.renditionCount
            compiled.append((pack, product))
        }
        return compiled
    }

    /// The document: the files written, then every finding as actool reports content (the
    /// catalog, the set, a type and the message) or, without a catalog, as a message about the run.
    private func finish(_ result: Result) -> Result {
        var result = result
        result.document.outputFiles = result.outputFiles.sorted()
        for diagnostic in result.diagnostics {
            let severity: ActoolResultDocument.Severity =
                switch diagnostic.severity {
                case .error: .error
                case .warning: .warning
                case .note: .notice
                }
            let file = diagnostic.location?.file ?? ""
            if let catalog = arguments.inputs.first(where: { file == $0 || file.hasPrefix($0 + "/") }) {
                let item = file == catalog ? "" : "." + file.dropFirst(catalog.count)
                result.document.documentMessages.append(
                    .init(
                        severity: severity, catalog: catalog, affectedItems: item.isEmpty ? [] : [item],
                        type: diagnostic.code, message: diagnostic.message))
            } else {
                result.document.runMessages.append(.init(severity: severity, description: diagnostic.message, path: file.isEmpty ? nil : file))
            }
        }
        return result
    }

    /// The partial Info.plist's icon files: the Mac's `.icns`, or the loose iOS icons by base
    /// name, the iPad's list being the iPhone's followed by its own (each name once: `AppIcon20x20`
    /// is both an iPhone and an iPad file).
    static func iconFiles(of product: CompileProduct, platform: CompilePlatform) -> PartialInfoPlist.IconFiles {
        if platform.platform == .macos { return PartialInfoPlist.IconFiles(primary: product.macIconFile.map { [$0] } ?? []) }
        let phone = product.iconFiles[.phone] ?? []
        let pad = product.iconFiles[.pad].map { padFiles in phone + padFiles.filter { !phone.contains($0) } }
        return PartialInfoPlist.IconFiles(primary: phone, pad: pad)
    }

    /// What the arguments ask of the compiler; the device of `--filter-for-device-model` from the
    /// device database.
    private func compileOptions() throws(Diagnostic) -> CompileOptions {
        // The command refuses both as usage errors first (`checkUsage`); a library caller gets them here.
        guard let platform = arguments.platform else {
            throw Diagnostic(.compileOutput, "--platform is required (one of \(CompilePlatform.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        var options = CompileOptions(platform: platform, deploymentTarget: arguments.minimumDeploymentTarget ?? "")
        options.targetDevices = arguments.targetDevices.map(\.rawValue)
        options.progress = progress
        options.planned = { [deadline] renditions in deadline.plan(renditions: renditions) }
        options.appIcon = arguments.appIcon
        options.alternateAppIcons = arguments.alternateAppIcons
        options.includeAllAppIcons = arguments.includeAllAppIcons
        options.accentColor = arguments.accentColor
        options.launchImage = arguments.launchImage
        options.standaloneIcons = arguments.standaloneIconBehavior
        options.widgetBackgroundColor = arguments.widgetBackgroundColor
        if let maxPixels = arguments.maxPixels { options.maxPixels = maxPixels }
        if let model = arguments.filterForDeviceModel {
            let database: DeviceDatabase
            do { database = try DeviceDatabase.builtIn() } catch { throw error.diagnostic }
            guard let device = database.profile(matching: model) else {
                throw Diagnostic(.compileOutput, ActoolUsageError.unknownDeviceModel(model, flag: arguments.deviceFilterFlag).message)
            }
            options.device = device
        }
        if let text = arguments.filterForDeviceOSVersion {
            guard let version = OSVersion(text) else {
                throw Diagnostic(.compileOutput, "--filter-for-device-os-version \(text) is not a version such as 17.0")
            }
            // The device as it is on that OS: what an older one does not offer yet (dark before iOS 13) is not kept.
            options.device = options.device?.running(version)
        }
        return options
    }
}

extension [Diagnostic] {
    /// Appends the findings of `more` this list does not hold yet, compared as values (rule,
    /// severity, message, subject, place), in their order: a finding is reported once.
    fileprivate mutating func appendNew(_ more: [Diagnostic]) {
        var known = Set(self)
        for diagnostic in more where known.insert(diagnostic).inserted { append(diagnostic) }
    }
}
