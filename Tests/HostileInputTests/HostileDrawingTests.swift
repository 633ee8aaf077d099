import AdaptSupport
import CatalogFixtures
import Foundation
import Testing

/// `adapt compile` on vectors built to make the renderer allocate without bound (issue #35): each
/// ends as an error naming its file, with the drawing worker held to the memory `--max-pixels`
/// allows, and adapt itself run under a 3 GB address-space cap so that a regression fails here
/// instead of taking the machine. Before, each drew (1.6 GB, 600 MB) and compiled.
@Suite struct HostileDrawingTests {
    enum Drawing: String, CaseIterable {
        /// A pattern tile scaled to 20,000 pixels a side: one 1.6 GB surface.
        case scaledPattern
        /// A filter chain keeping 150 results of 1,000 x 1,000 pixels: 600 MB.
        case filterChain
        /// Entities nested nine deep: 10^9 bytes of text from 600.
        case entityBlowUp

        var svg: String {
            switch self {
            case .scaledPattern:
                return """
                    <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><defs><pattern id="p" width="1" height="1" \
                    patternUnits="userSpaceOnUse" patternTransform="scale(20000)"><rect width="1" height="1" fill="red"/></pattern></defs>\
                    <rect width="100" height="100" fill="url(#p)"/></svg>
                    """
            case .filterChain:
                let offsets = (0..<150).map { #"<feOffset in="\#($0 == 0 ? "SourceGraphic" : "r\($0 - 1)")" dx="1" result="r\#($0)"/>"# }
                let merge = "<feMerge>" + (0..<150).map { #"<feMergeNode in="r\#($0)"/>"# }.joined() + "</feMerge>"
                return """
                    <svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000"><filter id="f" x="0" y="0" width="1" height="1">\
                    \(offsets.joined())\(merge)</filter><rect width="1000" height="1000" fill="red" filter="url(#f)"/></svg>
                    """
            case .entityBlowUp:
                var entities = #"<!ENTITY a "aaaaaaaaaa">"#
                for (name, previous) in zip("bcdefghi", "abcdefgh") {
                    entities += "<!ENTITY \(name) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
                }
                return
                    #"<?xml version="1.0"?><!DOCTYPE svg [\#(entities)]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&i;</text></svg>"#
            }
        }
    }

    @Test(arguments: Drawing.allCases) func aDrawingPastItsMemoryIsAnErrorNamingTheFile(_ drawing: Drawing) throws {
        let fixture = try TemporaryCatalog()
        // One scale, so that the one drawing decides: at 2x the pattern passes cairo's size limit anyway.
        try fixture.addSet("Hostile.imageset", entries: [["idiom": "universal", "scale": "1x", "filename": "hostile.svg"]])
        try fixture.write(drawing.svg, to: "Hostile.imageset/hostile.svg")
        let run = try HostileAdapt.run(
            [
                "compile", fixture.path, "--compile", fixture.root + "/Build", "--platform", "iphoneos", "--minimum-deployment-target", "17.0",
                "--max-pixels", "1000000",
            ], in: fixture.root, limits: "ulimit -v 3000000", deadline: 120)
        #expect(!run.timedOut)
        #expect(run.status == 1, "\(run.stderr)")
        let error = run.stderr.split(separator: "\n").first { $0.contains("error:") && $0.contains("Hostile.imageset/hostile.svg") }
        #expect(error != nil, "\(run.stderr)")
        let expected = drawing == .entityBlowUp ? "DOCTYPE declares" : "more memory than --max-pixels"
        #expect(error?.contains(expected) == true, "\(run.stderr)")
    }
}
