import FuzzSupport

/// Any bytes through the PNG inspector with a full decode through libpng (and the header-only
/// walk): a report, never a crash, never unbounded memory (libFuzzer's `-rss_limit_mb`, set by
/// `Scripts/fuzz`, turns a runaway allocation into a failure). A file the header walk already
/// calls broken is never called sound by the full check, which does strictly more.
let full = PNGInspector()
let headerOnly = PNGInspector(headerOnly: true)

Fuzz.run { start, count in
    let bytes = Fuzz.bytes(start, count)
    let quick = headerOnly.inspect(bytes: bytes, path: "fuzz.png")
    let thorough = full.inspect(bytes: bytes, path: "fuzz.png")
    if quick.hasErrors {
        Fuzz.require(thorough.hasErrors, "the header walk finds \(quick.problems) but the full check finds no error")
    }
    return 0
}
