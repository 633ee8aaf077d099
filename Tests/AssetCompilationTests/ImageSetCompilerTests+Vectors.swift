import AdaptSupport
@_spi(Compiling) import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import CompiledCatalog
import Testing

/// PDF image sets: rasterised by poppler's `pdftocairo`, a separate program, at each scale the
/// platform keeps; a bitmap entry at a scale replaces the rasterisation there; a missing, failing
/// or slow renderer is an error naming the set and the file.
@Suite struct ImageSetCompilerVectorTests {
    /// A one-page PDF of `width` x `height` points, filled with opaque red, turned by `rotate`.
    static func pdf(width: Int, height: Int, rotate: Int = 0) -> [UInt8] {
        let content = "1 0 0 rg 0 0 \(width) \(height) re f\n"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Rotate \(rotate) /Contents 4 0 R >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)endstream",
        ]
        var text = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets {
            let digits = String(offset)
            text += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
        }
        text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Array(text.utf8)
    }

    /// A set of `Logo.pdf` (universal, no scale), or `Logo.svg` with `svg`, and, optionally, a
    /// green 2x PNG beside it.
    static func catalog(
        in fixture: TemporaryCatalog, pdf: [UInt8], svg: Bool = false, withPNG: Bool = false, preservesVector: Bool = false,
        entry more: [String: JSONValue] = [:]
    ) throws -> Catalog {
        let file = svg ? "Logo.svg" : "Logo.pdf"
        var entry: [String: JSONValue] = ["idiom": "universal", "filename": .string(file)]
        entry.merge(more) { $1 }
        var entries: [JSONValue] = [.object(JSONObject(entry.sorted { $0.key < $1.key }.map { JSONObject.Member(key: $0.key, value: $0.value) }))]
        if withPNG { entries.append(["idiom": "universal", "scale": "2x", "filename": "green@2x.png"]) }
        try fixture.addSet("Logo.imageset", entries: entries, properties: preservesVector ? ["preserves-vector-representation": true] : nil)
        try fixture.write(pdf, to: "Logo.imageset/" + file)
        if withPNG { try fixture.write(PNGFixture.png(width: 7, height: 7, color: [0, 255, 0]), to: "Logo.imageset/green@2x.png") }
        return try fixture.read()
    }

    static func sizes(_ compiled: CompiledCatalog) -> [String: String] {
        var sizes: [String: String] = [:]
        for rendition in compiled.renditions where rendition.layout != .packedImage {
            sizes["\(rendition.key.scale ?? 0)x"] = "\(rendition.renditionName) \(rendition.width)x\(rendition.height)"
        }
        return sizes
    }

    @Test func aPDFIsRasterisedAtEachScaleOfThePlatform() throws {
        let fixture = try TemporaryCatalog()
        defer { withExtendedLifetime(fixture) {} }
        let catalog = try Self.catalog(in: fixture, pdf: Self.pdf(width: 10, height: 5))
        let phone = try CatalogCompiler(CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")).compile([catalog])
        let compiled = try CompiledCatalog(bytes: try phone.car, path: "phone.car")
        #expect(Self.sizes(compiled) == ["1x": "Logo.pdf 10x5", "2x": "Logo.pdf 20x10", "3x": "Logo.pdf 30x15"])
        // The page's red, premultiplied B G R A, in every pixel.
        let rendition = try #require(compiled.renditions.first { $0.layout != .packedImage && $0.key.scale == 3 })
        guard case .pixels(let pixels)? = try compiled.decodedBitmap(of: rendition, atlases: PackedImageCache()) else {
            Issue.record("the 3x rendition does not decode")
            return
        }
        #expect(pixels.format == .argb)
        #expect(pixels.bytes.count == 30 * 15 * 4)
        #expect(stride(from: 0, to: pixels.bytes.count, by: 4).allSatisfy { Array(pixels.bytes[$0..<$0 + 4]) == [0, 0, 255, 255] })

        let mac = try CatalogCompiler(CompileOptions(platform: .macosx, deploymentTarget: "14.0")).compile([catalog])
        #expect(Self.sizes(try CompiledCatalog(bytes: try mac.car, path: "mac.car")) == ["1x": "Logo.pdf 10x5", "2x": "Logo.pdf 20x10"])
    }

    /// Rule 2.1: a bitmap entry with the same traits and a scale replaces the PDF at that scale.
    @Test func aBitmapAtAScaleReplacesTheRasterisation() throws {
        let fixture = try TemporaryCatalog()
        defer { withExtendedLifetime(fixture) {} }
        let catalog = try Self.catalog(in: fixture, pdf: Self.pdf(width: 10, height: 5), withPNG: true)
        let product = try CatalogCompiler(CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")).compile([catalog])
        let compiled = try CompiledCatalog(bytes: try product.car, path: "phone.car")
        #expect(Self.sizes(compiled) == ["1x": "Logo.pdf 10x5", "2x": "green@2x.png 7x7", "3x": "Logo.pdf 30x15"])
    }

    /// A page turned a quarter (`/Rotate 90`) is drawn turned: its width and height swap.
    @Test func aTurnedPageIsRasterisedTurned() throws {
        let fixture = try TemporaryCatalog()
        defer { withExtendedLifetime(fixture) {} }
        let catalog = try Self.catalog(in: fixture, pdf: Self.pdf(width: 10, height: 5, rotate: 90))
        let product = try CatalogCompiler(CompileOptions(platform: .macosx, deploymentTarget: "14.0")).compile([catalog])
        #expect(Self.sizes(try CompiledCatalog(bytes: try product.car, path: "mac.car")) == ["1x": "Logo.pdf 5x10", "2x": "Logo.pdf 10x20"])
    }

    /// Without poppler's programs: an error naming the set and the file, saying how to install them.
    @Test func aMissingRendererSaysHowToInstallIt() throws {
        let fixture = try TemporaryCatalog()
        defer { withExtendedLifetime(fixture) {} }
        let catalog = try Self.catalog(in: fixture, pdf: Self.pdf(width: 10, height: 5))
        var options = CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")
        options.vectorRenderers.renderWorker = "adapt-test-absent-render"
        options.vectorRenderers.pdfinfo = "adapt-test-absent-pdfinfo"
        options.vectorRenderers.pdftocairo = "adapt-test-absent-pdftocairo"
        do throws(CompileFailure) {
            _ = try CatalogCompiler(options).compile([catalog])
            Issue.record("a PDF compiled without its renderer")
        } catch {
            let finding = try #require(error.diagnostics.first { $0.rule == .compileRenderer })
            // Once for the file, not once per scale.
            #expect(error.diagnostics.filter { $0.rule == .compileRenderer }.count == 1)
            #expect(finding.location?.file.hasSuffix("Logo.imageset/Logo.pdf") == true)
            #expect(finding.message.contains("'Logo'") && finding.message.contains("apt-get install poppler-utils"), "\(finding.message)")
        }
    }

    /// A file poppler cannot open is an error naming it; nothing is written.
    @Test func aDamagedPDFIsAnErrorNamingIt() throws {
        let fixture = try TemporaryCatalog()
        defer { withExtendedLifetime(fixture) {} }
        let catalog = try Self.catalog(in: fixture, pdf: Array("%PDF-1.4\nnot a page\n".utf8))
        do throws(CompileFailure) {
            _ = try CatalogCompiler(CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")).compile([catalog])
            Issue.record("a damaged PDF compiled")
        } catch {
            #expect(error.diagnostics.contains { $0.rule == .compileRenderer && $0.location?.file.hasSuffix("Logo.pdf") == true })
        }
    }

    /// `--max-pixels` is checked on the page's size at each scale before anything is drawn.
    @Test func aPageLargerThanTheLimitIsRefusedBeforeItIsDrawn() throws {
        let fixture = try TemporaryCatalog()
        defer { withExtendedLifetime(fixture) {} }
        let catalog = try Self.catalog(in: fixture, pdf: Self.pdf(width: 10, height: 5))
        var options = CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")
        options.maxPixels = 100
        do throws(CompileFailure) {
            _ = try CatalogCompiler(options).compile([catalog])
            Issue.record("a 30 x 15 rasterisation compiled under a 100-pixel limit")
        } catch {
            let refused = error.diagnostics.filter { $0.rule == .compileTooLarge }
            // 1x (50 pixels) is within the limit; 2x (200) and 3x (450) are not.
            #expect(refused.count == 2)
            #expect(refused.allSatisfy { $0.location?.file.hasSuffix("Logo.pdf") == true })
        }
    }

    // MARK: The worker

    /// `adapt-render` draws what `pdftocairo` and `rsvg-convert` draw, pixel for pixel: the same
    /// catalog compiled through the worker and through the per-image programs gives the same
    /// renditions (acextract's PDF and a corpus SVG, at 1x to 3x).
    @Test func theWorkerDrawsThePixelsOfThePerImagePrograms() throws {
        let pdf = try FileSystem.readRegularFile(try Corpus.root + "/compiled/acextract/Images.xcassets/pdf/v_universal.imageset/facebook.pdf", limit: 1 << 20)
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="9" height="7"><circle cx="4.5" cy="3.5" r="3.2" fill="seagreen" opacity="0.8"/></svg>"#
        // The worker this test compares is the build's own, beside the test program.
        #expect(RenderWorkers.besideThisProgram.hasSuffix("/adapt-render"))
        for (file, isSVG) in [(pdf, false), (Array(svg.utf8), true)] {
            let fixture = try TemporaryCatalog()
            defer { withExtendedLifetime(fixture) {} }
            let catalog = try Self.catalog(in: fixture, pdf: file, svg: isSVG)
            var programs = CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")
            programs.vectorRenderers.renderWorker = "adapt-test-absent-render"
            let drawnByWorker = try CompiledCatalog(
                bytes: try CatalogCompiler(CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")).compile([catalog]).car, path: "worker.car")
            let drawnByPrograms = try CompiledCatalog(bytes: try CatalogCompiler(programs).compile([catalog]).car, path: "programs.car")
            #expect(drawnByWorker.renditions.count { $0.layout != .packedImage } == 3)
            for scale in [1, 2, 3] {
                let fromWorker = try #require(drawnByWorker.renditions.first { $0.layout != .packedImage && $0.key.scale == UInt16(scale) })
                let fromPrograms = try #require(drawnByPrograms.renditions.first { $0.layout != .packedImage && $0.key.scale == UInt16(scale) })
                guard case .pixels(let workerPixels)? = try drawnByWorker.decodedBitmap(of: fromWorker, atlases: PackedImageCache()),
                    case .pixels(let programPixels)? = try drawnByPrograms.decodedBitmap(of: fromPrograms, atlases: PackedImageCache())
                else {
                    Issue.record("\(isSVG ? "SVG" : "PDF") at \(scale)x does not decode")
                    continue
                }
                #expect(workerPixels.width == programPixels.width && workerPixels.height == programPixels.height)
                #expect(workerPixels.bytes == programPixels.bytes, "\(isSVG ? "SVG" : "PDF") at \(scale)x: the worker's pixels differ")
            }
        }
    }

    /// A worker that answers nonsense is stopped and the image fails; one that cannot be started
    /// gives no reply, so the per-image programs are tried.
    @Test func aWorkerThatAnswersNonsenseIsStoppedAndTheImageFails() throws {
        // `cat` echoes the request back: not a reply.
        let reply = RenderWorkers(program: "cat").render(RenderRequest(kind: .svg, path: "x.svg", scale: 1, width: 1, height: 1, maxPixels: 1), seconds: 5)
        #expect(reply?.status == .failed)
        #expect(RenderWorkers(program: "adapt-test-absent-render").render(RenderRequest(kind: .pdf, path: "x.pdf", scale: 1, maxPixels: 1), seconds: 5) == nil)
    }

    /// A worker that does not answer in time is killed rather than waited for.
    @Test func aWorkerPastItsTimeLimitIsStopped() throws {
        guard case .success(let worker) = WorkerProcess.start("sleep", ["30"]) else {
            Issue.record("sleep did not start")
            return
        }
        #expect(worker.send(RenderRequest(kind: .pdf, path: "x.pdf", scale: 1, maxPixels: 1).bytes, seconds: 1))
        #expect(worker.receive(4, until: WorkerProcess.now() + 1) == nil)
        #expect(!worker.send([0], seconds: 1), "a stopped worker takes no more requests")
    }

    /// Requests and replies read back as they were written, and a header that is not one is refused.
    @Test func theWorkersMessagesReadBack() throws {
        let request = RenderRequest(kind: .svg, path: "Ünïcode/Logo.svg", scale: 3, width: 30, height: 15, maxPixels: 1 << 40)
        let bytes = request.bytes
        let header = Array(bytes.prefix(RenderRequest.headerLength))
        #expect(RenderRequest.pathLength(header: header) == bytes.count - RenderRequest.headerLength)
        #expect(RenderRequest(header: header, path: Array(bytes.dropFirst(RenderRequest.headerLength))) == request)
        #expect(RenderRequest.pathLength(header: Array(RenderReply(status: .drawn).bytes.prefix(RenderRequest.headerLength))) == nil)
        let reply = RenderReply(status: .drawn, width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6, 7, 8])
        let replyHeader = Array(reply.bytes.prefix(RenderReply.headerLength))
        #expect(RenderReply.lengths(header: replyHeader, maxPixels: 2)! == (0, 8))
        #expect(RenderReply.lengths(header: replyHeader, maxPixels: 1) == nil, "more pixels than asked for")
        #expect(RenderReply(header: replyHeader, message: [], pixels: Array(reply.bytes.dropFirst(RenderReply.headerLength))) == reply)
    }

    /// A program still running at the time limit is killed, and the run says so.
    @Test func aProgramPastItsTimeLimitIsKilled() throws {
        #expect(Subprocess.run("sleep", ["20"], seconds: 1).outcome == .timedOut)
        #expect(Subprocess.run("adapt-test-absent-program", [], seconds: 1).outcome == .notFound)
        let echoed = Subprocess.run("printf", ["%s", "a b"], seconds: 10)
        #expect(echoed.outcome == .exited(0) && echoed.output == Array("a b".utf8))
    }

    // MARK: Kept vectors, slicing, insets

    /// `preserves-vector-representation`: the file itself, as a vector rendition at no scale,
    /// beside its rasterisations; each of them marked as drawn from a vector (bit 2, as Xcode 7.3
    /// marked its rasterised PDFs) and as one whose vector is kept (bit 11).
    @Test(arguments: [false, true])
    func aSetThatPreservesItsVectorKeepsTheFile(svg: Bool) throws {
        let file =
            svg
            ? Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="5"><rect width="10" height="5"/></svg>"#.utf8) : Self.pdf(width: 10, height: 5)
        let fixture = try TemporaryCatalog()
        defer { withExtendedLifetime(fixture) {} }
        let catalog = try Self.catalog(in: fixture, pdf: file, svg: svg, preservesVector: true)
        let product = try CatalogCompiler(CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")).compile([catalog])
        let compiled = try CompiledCatalog(bytes: try product.car, path: "kept.car")
        let vector = try #require(compiled.renditions.first { $0.layout == .vector })
        #expect(vector.renditionName == "Logo")
        #expect(vector.pixelFormat == (svg ? .svg : .pdf))
        #expect(vector.key.scale == 0 && vector.width == 0)
        #expect(vector.flags.isVectorBased && vector.flags.preservesVectorRepresentation)
        #expect(try compiled.rawData(of: vector) == file)
        let bitmaps = compiled.renditions.filter { $0.layout != .vector && $0.layout != .packedImage }
        #expect(bitmaps.map { $0.key.scale ?? 0 }.sorted() == [1, 2, 3])
        #expect(bitmaps.allSatisfy { $0.flags.isVectorBased && $0.flags.preservesVectorRepresentation })
    }

    /// Without the property, the bitmaps alone (Xcode 9 and later), still marked as drawn from a vector.
    @Test func aSetThatDoesNotPreserveItsVectorHasBitmapsOnly() throws {
        let fixture = try TemporaryCatalog()
        defer { withExtendedLifetime(fixture) {} }
        let catalog = try Self.catalog(in: fixture, pdf: Self.pdf(width: 10, height: 5))
        let product = try CatalogCompiler(CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")).compile([catalog])
        let compiled = try CompiledCatalog(bytes: try product.car, path: "bitmaps.car")
        // Each rasterisation is small enough to be packed: the atlases are left out.
        let bitmaps = compiled.renditions.filter { $0.layout != .packedImage }
        #expect(bitmaps.count == 3)
        #expect(!bitmaps.contains { $0.layout == .vector })
        #expect(bitmaps.allSatisfy { $0.flags.isVectorBased && !$0.flags.preservesVectorRepresentation })
    }

    /// A sliced vector: caps and centre in points, so each rasterisation is cropped in its own
    /// pixels (3 + 2 + 3 points across a 10-point page: 8, 16 and 24 pixels wide), with three slices.
    @Test func aSlicedVectorIsSlicedAtEachScale() throws {
        let fixture = try TemporaryCatalog()
        defer { withExtendedLifetime(fixture) {} }
        let resizing: JSONValue = [
            "mode": "3-part-horizontal", "center": ["mode": "tile", "width": 2], "cap-insets": ["left": 3, "right": 3],
        ]
        let catalog = try Self.catalog(in: fixture, pdf: Self.pdf(width: 10, height: 5), entry: ["resizing": resizing])
        let product = try CatalogCompiler(CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")).compile([catalog])
        #expect(!product.diagnostics.contains { $0.rule == .compileLeftOut }, "\(product.diagnostics)")
        let compiled = try CompiledCatalog(bytes: try product.car, path: "sliced.car")
        #expect(Self.sizes(compiled) == ["1x": "Logo.pdf 8x5", "2x": "Logo.pdf 16x10", "3x": "Logo.pdf 24x15"])
        let threeX = try #require(compiled.renditions.first { $0.layout != .packedImage && $0.key.scale == 3 })
        // Packed: the reference states the three-part layout its atlas part has.
        #expect(threeX.layout == .internalReference)
        #expect(threeX.properties.contains { if case .internalReference(_, RenditionLayout(rawValue: 20), _) = $0 { true } else { false } })
        #expect(CompileAgreementTests.slices(threeX) == ["9x15+0+0", "6x15+9+0", "9x15+15+0"])
    }

    /// Alignment insets on a vector are in points: each rasterisation's metrics hold them in its
    /// pixels, and the size inside them.
    @Test func aVectorsAlignmentInsetsAreScaled() throws {
        let fixture = try TemporaryCatalog()
        defer { withExtendedLifetime(fixture) {} }
        let insets: JSONValue = ["top": 1, "left": 2, "bottom": 0, "right": 3]
        let catalog = try Self.catalog(in: fixture, pdf: Self.pdf(width: 10, height: 5), entry: ["alignment-insets": insets])
        let product = try CatalogCompiler(CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")).compile([catalog])
        let compiled = try CompiledCatalog(bytes: try product.car, path: "inset.car")
        let twoX = try #require(compiled.renditions.first { $0.layout != .packedImage && $0.key.scale == 2 })
        #expect(CompileAgreementTests.metrics(twoX) == [1, 4, 2, 6, 0, 10, 8])
    }

    // MARK: SVG

    /// An SVG of 10 x 5 px whose left half is opaque red: rasterised at 1x to 3x, each pixel red
    /// or clear as the geometry says (the edges fall on pixel boundaries, so no anti-aliasing).
    @Test func anSVGIsRasterisedAtEachScaleWithItsPixels() throws {
        let svg = #"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10px" height="5"><rect width="5" height="5" fill="red"/></svg>"#
        let fixture = try TemporaryCatalog()
        defer { withExtendedLifetime(fixture) {} }
        let catalog = try Self.catalog(in: fixture, pdf: Array(svg.utf8), svg: true, withPNG: true)
        let product = try CatalogCompiler(CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")).compile([catalog])
        let compiled = try CompiledCatalog(bytes: try product.car, path: "svg.car")
        #expect(Self.sizes(compiled) == ["1x": "Logo.svg 10x5", "2x": "green@2x.png 7x7", "3x": "Logo.svg 30x15"])
        let rendition = try #require(compiled.renditions.first { $0.layout != .packedImage && $0.key.scale == 3 })
        guard case .pixels(let pixels)? = try compiled.decodedBitmap(of: rendition, atlases: PackedImageCache()) else {
            Issue.record("the 3x rendition does not decode")
            return
        }
        #expect(pixels.format == .argb)
        for y in 0..<15 {
            for x in 0..<30 {
                let at = y * pixels.rowBytes + x * 4
                let expected: [UInt8] = x < 15 ? [0, 0, 255, 255] : [0, 0, 0, 0]
                #expect(Array(pixels.bytes[at..<at + 4]) == expected, "pixel \(x), \(y)")
            }
        }
    }

    /// Without a width and height, an SVG's size is its viewBox's.
    @Test func anSVGWithoutASizeTakesItsViewBox() throws {
        let svg = #"<svg viewBox="0 0 8 4" xmlns="http://www.w3.org/2000/svg"><rect width="8" height="4" fill="blue"/></svg>"#
        let fixture = try TemporaryCatalog()
        defer { withExtendedLifetime(fixture) {} }
        let catalog = try Self.catalog(in: fixture, pdf: Array(svg.utf8), svg: true)
        let product = try CatalogCompiler(CompileOptions(platform: .macosx, deploymentTarget: "14.0")).compile([catalog])
        #expect(Self.sizes(try CompiledCatalog(bytes: try product.car, path: "mac.car")) == ["1x": "Logo.svg 8x4", "2x": "Logo.svg 16x8"])
    }

    @Test func aMissingSVGRendererSaysHowToInstallIt() throws {
        let fixture = try TemporaryCatalog()
        defer { withExtendedLifetime(fixture) {} }
        let catalog = try Self.catalog(in: fixture, pdf: Array(#"<svg width="4" height="4"/>"#.utf8), svg: true)
        var options = CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")
        options.vectorRenderers.renderWorker = "adapt-test-absent-render"
        options.vectorRenderers.rsvgConvert = "adapt-test-absent-rsvg-convert"
        do throws(CompileFailure) {
            _ = try CatalogCompiler(options).compile([catalog])
            Issue.record("an SVG compiled without its renderer")
        } catch {
            let finding = try #require(error.diagnostics.first { $0.rule == .compileRenderer })
            #expect(finding.location?.file.hasSuffix("Logo.imageset/Logo.svg") == true)
            #expect(finding.message.contains("'Logo'") && finding.message.contains("apt-get install librsvg2-bin"), "\(finding.message)")
        }
    }

    /// An SVG whose root states no usable size is an error naming it, before any renderer runs.
    @Test func anSVGWithoutAnySizeIsAnError() throws {
        let fixture = try TemporaryCatalog()
        defer { withExtendedLifetime(fixture) {} }
        let catalog = try Self.catalog(in: fixture, pdf: Array(#"<svg width="50%" height="4"/>"#.utf8), svg: true)
        do throws(CompileFailure) {
            _ = try CatalogCompiler(CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")).compile([catalog])
            Issue.record("an SVG without a size compiled")
        } catch {
            #expect(error.diagnostics.contains { $0.rule == .compileRenderer && $0.message.contains("states no size") })
        }
    }
}
