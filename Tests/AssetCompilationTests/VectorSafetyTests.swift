import AdaptSupport
@_spi(Compiling) import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import CompiledCatalog
import Testing

/// A vector from a hostile pull request (issue #35): its size is read from its real root and
/// range-checked, entity blow-ups are refused, the files it names are never read (and each is
/// a warning), and a set whose drawing fails hard is drawn no further.
@Suite struct VectorSafetyTests {
    static func compile(_ file: [UInt8], svg: Bool = true, options: CompileOptions? = nil) throws -> Result<CompileProduct, CompileFailure> {
        let fixture = try TemporaryCatalog()
        return try withExtendedLifetime(fixture) {
            let catalog = try ImageSetCompilerVectorTests.catalog(in: fixture, pdf: file, svg: svg)
            do throws(CompileFailure) {
                return .success(try CatalogCompiler(options ?? CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")).compile([catalog]))
            } catch {
                return .failure(error)
            }
        }
    }

    /// A `<svg>` in a comment, a processing instruction, the DOCTYPE or CDATA before the root is
    /// not the root: the real one's 4 x 2 is compiled (before, the comment's 10 x 10 was).
    @Test(arguments: [
        #"<!-- <svg width="10" height="10"> -->"#, #"<?note <svg width="10" height="10"?>"#,
        #"<!DOCTYPE svg [<!-- <svg width="10" height="10"> -->]>"#,
    ])
    func theSizeIsTheRealRootsOnly(prolog: String) throws {
        let svg =
            #"<?xml version="1.0"?>"# + "\n" + prolog + "\n"
            + #"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"><rect width="4" height="2"/></svg>"#
        let product = try Self.compile(Array(svg.utf8)).get()
        let compiled = try CompiledCatalog(bytes: try product.car, path: "svg.car")
        #expect(ImageSetCompilerVectorTests.sizes(compiled) == ["1x": "Logo.svg 4x2", "2x": "Logo.svg 8x4", "3x": "Logo.svg 12x6"])
        // CDATA is no XML before a root (librsvg refuses the file), but it is not the root either.
        let cdata = #"<![CDATA[<svg width="10" height="10">]]><svg width="4" height="2">"#
        #expect(VectorRasterizer.svgSize(Array(cdata.utf8)).map { [$0.width, $0.height] } == [4, 2])
        #expect(VectorRasterizer.svgSize(Array(#"<!-- <svg width="10" height="10"> -->"#.utf8)) == nil, "no root at all")
    }

    /// Sizes past any image, negative or not numbers are an error naming the file; before, the
    /// large ones stopped adapt (signal 4, `Int(1e19)`).
    @Test(arguments: ["1e19", "1e300", "9223372036854775807", "-5", "NaN", "inf"])
    func anSVGWidthBeyondAnyImageIsAnErrorNamingTheFile(width: String) throws {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="10"/>"#
        guard case .failure(let failure) = try Self.compile(Array(svg.utf8)) else {
            Issue.record("an SVG \(width) points wide compiled")
            return
        }
        let finding = try #require(failure.diagnostics.first { $0.rule == .compileRenderer })
        #expect(finding.location?.file.hasSuffix("Logo.imageset/Logo.svg") == true)
        #expect(finding.message.contains("far larger than any image") || finding.message.contains("states no size"), "\(finding.message)")
    }

    /// A page 10^19 points wide (written as an integer, as PDF numbers are) is an error naming the
    /// file, whether the worker or `pdfinfo` measures it.
    @Test(arguments: [true, false]) func aPDFPageBeyondAnyImageIsAnErrorNamingTheFile(worker: Bool) throws {
        let pdf = String(decoding: ImageSetCompilerVectorTests.pdf(width: 77_777, height: 10), as: UTF8.self)
            .replacingOccurrences(of: "/MediaBox [0 0 77777 10]", with: "/MediaBox [0 0 10000000000000000000 10]")
        var options = CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")
        if !worker { options.vectorRenderers.renderWorker = "adapt-test-absent-render" }
        guard case .failure(let failure) = try Self.compile(Array(pdf.utf8), svg: false, options: options) else {
            Issue.record("a page 1e19 points wide compiled")
            return
        }
        let finding = try #require(failure.diagnostics.first { $0.rule == .compileRenderer })
        #expect(finding.location?.file.hasSuffix("Logo.imageset/Logo.pdf") == true)
        #expect(finding.message.contains("1e+19 x 10 points, is far larger than any image"), "\(finding.message)")
    }

    /// An entity blow-up ("billion laughs") is refused before librsvg parses it, naming the file.
    @Test func anEntityBlowUpIsRefusedBeforeTheParser() throws {
        var entities = #"<!ENTITY a "aaaaaaaaaa">"#
        for (name, previous) in zip("bcdefghi", "abcdefgh") { entities += "<!ENTITY \(name) \"" + String(repeating: "&\(previous);", count: 10) + "\">" }
        let svg = #"<?xml version="1.0"?><!DOCTYPE svg [\#(entities)]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&i;&i;</text></svg>"#
        guard case .failure(let failure) = try Self.compile(Array(svg.utf8)) else {
            Issue.record("an entity blow-up compiled")
            return
        }
        let finding = try #require(failure.diagnostics.first { $0.rule == .compileRenderer })
        #expect(finding.location?.file.hasSuffix("Logo.imageset/Logo.svg") == true)
        #expect(finding.message.contains("DOCTYPE declares"), "\(finding.message)")
    }

    /// What a DOCTYPE may declare: a few short, flat internal entities (Adobe Illustrator's
    /// namespaces) pass; nested, parameter, external, long or many-times-used ones do not.
    @Test func onlyShortFlatEntitiesPass() {
        func root(_ doctype: String, _ body: String = "") -> Bool {
            (try? SVGSource.root(Array((#"<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd" ["# + doctype + #"]><svg width="1" height="1">"# + body).utf8))
                .get()) != nil
        }
        #expect(root(#"<!ENTITY ns_svg "http://www.w3.org/2000/svg"><!ENTITY ns_ai "http://ns.adobe.com/AdobeIllustrator/10.0/">"#, "&ns_svg;"))
        #expect(root(""))
        #expect(!root(#"<!ENTITY a "x"><!ENTITY b "&a;&a;">"#))
        #expect(!root(#"<!ENTITY % p "x">"#))
        #expect(!root(#"<!ENTITY x SYSTEM "file:///etc/passwd">"#))
        #expect(!root(#"<!ENTITY x ""# + String(repeating: "x", count: 300) + #"">"#))
        #expect(!root(#"<!ENTITY x ""# + String(repeating: "x", count: 200) + #"">"#, String(repeating: "&x;", count: 10_000)))
    }

    enum Reference: String, CaseIterable {
        case siblingImage, fileURL, parentFolder, xInclude, cssImport, feImage
    }

    /// Each outside resource an SVG names is a warning naming it and the file, and is not drawn:
    /// a green PNG beside the SVG never reaches its pixels (before, librsvg loaded it silently).
    @Test(arguments: Reference.allCases) func anOutsideReferenceIsAWarningAndIsNotDrawn(_ kind: Reference) throws {
        let fixture = try TemporaryCatalog()
        defer { withExtendedLifetime(fixture) {} }
        let green = fixture.path + "/Logo.imageset/green.png"
        let (body, named): (String, String) =
            switch kind {
            case .siblingImage: (#"<image href="green.png" width="4" height="4"/>"#, "green.png")
            case .fileURL: (#"<image xlink:href="file://\#(green)" width="4" height="4"/>"#, "file://" + green)
            case .parentFolder: (#"<image href="../Logo.imageset/green.png" width="4" height="4"/>"#, "../Logo.imageset/green.png")
            case .xInclude: (#"<text><xi:include href="green.png" parse="text"/></text>"#, "green.png")
            case .cssImport: (#"<style>@import "green.css"; rect { fill: blue }</style>"#, "green.css")
            case .feImage: (#"<filter id="f"><feImage href="green.png"/></filter><rect width="4" height="4" filter="url(#f)"/>"#, "green.png")
            }
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xi="http://www.w3.org/2001/XInclude" \
            width="4" height="4">\(body)</svg>
            """
        let catalog = try ImageSetCompilerVectorTests.catalog(in: fixture, pdf: Array(svg.utf8), svg: true)
        try fixture.write(PNGFixture.png(width: 4, height: 4, color: [0, 255, 0]), to: "Logo.imageset/green.png")
        try fixture.write("@import 'green.png';", to: "Logo.imageset/green.css")
        let product = try CatalogCompiler(CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")).compile([catalog])
        let warning = product.diagnostics.first { $0.rule == .compileLeftOut && $0.message.contains("'\(named)'") }
        #expect(warning?.location?.file.hasSuffix("Logo.imageset/Logo.svg") == true, "\(product.diagnostics.map(\.message))")
        #expect(warning?.message.contains("Logo.svg") == true)
        let compiled = try CompiledCatalog(bytes: try product.car, path: "refs.car")
        for rendition in compiled.renditions {
            guard case .pixels(let pixels)? = try compiled.decodedBitmap(of: rendition, atlases: PackedImageCache()) else { continue }
            // B G R A: no pixel with green and without red and blue, as the PNG's are.
            let leaked = stride(from: 0, to: pixels.bytes.count - 3, by: 4).contains {
                pixels.bytes[$0 + 1] > 0 && pixels.bytes[$0] == 0 && pixels.bytes[$0 + 2] == 0
            }
            #expect(!leaked, "the outside PNG's pixels were drawn at \(rendition.key.scale ?? 0)x")
        }
    }

    /// A drawing that fails hard (here over the worker's memory limit: a pattern tile 20,000
    /// pixels a side) stops its set: the worker is asked once, not once a scale, and the set is
    /// reported once.
    @Test func aSetStopsDrawingAfterItsFirstHardFailure() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><defs><pattern id="p" width="1" height="1" \
            patternUnits="userSpaceOnUse" patternTransform="scale(20000)"><rect width="1" height="1" fill="red"/></pattern></defs>\
            <rect width="100" height="100" fill="url(#p)"/></svg>
            """
        var options = CompileOptions(platform: .iphoneos, deploymentTarget: "17.0")
        options.maxPixels = 1 << 20
        // A pool of its own (the same program, by another spelling of its path), to count its requests.
        let worker = RenderWorkers.besideThisProgram.replacingOccurrences(of: "/adapt-render", with: "/./adapt-render")
        options.vectorRenderers.renderWorker = worker
        guard case .failure(let failure) = try Self.compile(Array(svg.utf8), options: options) else {
            Issue.record("a 1.6 GB pattern compiled")
            return
        }
        #expect(RenderWorkers.pool(for: worker).requestCount.load(ordering: .relaxed) == 1)
        let findings = failure.diagnostics.filter { $0.rule == .compileRenderer }
        #expect(findings.count == 1, "\(findings.map(\.message))")
        #expect(findings.first?.location?.file.hasSuffix("Logo.imageset/Logo.svg") == true)
        #expect(findings.first?.message.contains("more memory than --max-pixels") == true, "\(findings.map(\.message))")
    }
}
