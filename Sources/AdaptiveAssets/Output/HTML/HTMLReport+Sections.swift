import AdaptSupport

extension HTMLReport {
    /// 1. Per catalog: assets, variants, bytes; then every diagnostic, grouped by rule, linked to its asset.
    func overview(_ html: inout HTMLBuilder) {
        html.raw("<section id=\"overview\" aria-labelledby=\"overview-title\">\n<h2 id=\"overview-title\">Overview</h2>\n")
        html.raw("<table class=\"numbers\"><caption>Catalogs</caption><thead><tr><th scope=\"col\">Catalog</th><th scope=\"col\">Assets</th>")
        html.raw("<th scope=\"col\">Variants</th><th scope=\"col\">Bytes</th></tr></thead><tbody>\n")
        for catalog in report.catalogs {
            html.raw("<tr><th scope=\"row\">")
            html.text(catalog.path)
            html.raw("</th><td>\(catalog.assets)</td><td>\(catalog.variants)</td>")
            html.raw("<td>")
            html.text(SizeReport.formatted(catalog.bytes))
            html.raw("</td></tr>\n")
        }
        html.raw("</tbody></table>\n")
        let diagnostics = report.diagnostics
        let errors = diagnostics.count { $0.diagnostic.severity == .error }
        html.raw("<h3 id=\"diagnostics\">Diagnostics: \(counted(errors, "error")), \(diagnostics.count - errors) other</h3>\n")
        if diagnostics.isEmpty { html.raw("<p class=\"quiet\">The validator found nothing.</p>\n") }
        var order: [String] = []
        var byRule: [String: [ReportV1.LocatedDiagnostic]] = [:]
        for located in diagnostics {
            if byRule[located.diagnostic.code] == nil { order.append(located.diagnostic.code) }
            byRule[located.diagnostic.code, default: []].append(located)
        }
        for rule in order {
            let list = byRule[rule]!
            let severity = list.map(\.diagnostic.severity).max()!
            html.raw("<details class=\"rule \(severity.rawValue)\" open><summary><code>")
            html.text(rule)
            html.raw("</code> <span class=\"badge \(severity.rawValue)\">\(severity.rawValue)</span> \(list.count)</summary>\n<ul>\n")
            for located in list {
                let asset = located.asset.map { report.assets[$0] }
                html.raw("<li class=\"\(located.diagnostic.severity.rawValue)\"")
                if let asset {
                    html.raw(" data-asset=\"")
                    html.attribute(asset.name.lowercased())
                    html.raw("\"")
                }
                html.raw(">")
                if let asset {
                    html.raw("<a href=\"#\(asset.id)\">")
                    html.text(asset.name)
                    html.raw("</a>: ")
                }
                html.text(located.diagnostic.message)
                if let location = located.diagnostic.location {
                    html.raw(" <span class=\"quiet\">")
                    html.text(location.description)
                    html.raw("</span>")
                }
                html.raw("</li>\n")
            }
            html.raw("</ul></details>\n")
        }
        html.raw("</section>\n")
    }

    /// 2. Per asset: its variants, then what each group of devices shows in each trait context.
    func contactSheet(_ html: inout HTMLBuilder, _ images: ImageStyles) {
        html.raw("<section id=\"contact-sheet\" aria-labelledby=\"contact-sheet-title\">\n<h2 id=\"contact-sheet-title\">Contact sheet</h2>\n")
        html.raw("<p class=\"quiet\">Each asset's variants, then a grid: columns are devices grouped where they pick the same files, ")
        html.raw("rows are trait contexts (window, appearance, contrast, layout direction) grouped where every column shows the same. ")
        html.raw("A mirrored thumbnail is shown mirrored; <span class=\"nomatch-key\">no match</span> cells stand out.</p>\n")
        var catalog = -1
        for sheet in report.assets {
            if sheet.catalog != catalog {
                catalog = sheet.catalog
                if report.catalogs.count > 1 {
                    html.raw("<h3 class=\"catalog\">")
                    html.text(report.catalogs[catalog].name)
                    html.raw("</h3>\n")
                }
            }
            assetSheet(&html, sheet, images)
        }
        html.raw("</section>\n")
    }

    private func assetSheet(_ html: inout HTMLBuilder, _ sheet: ReportV1.AssetSheet, _ images: ImageStyles) {
        html.raw("<article class=\"asset\" id=\"\(sheet.id)\" data-asset=\"")
        html.attribute(sheet.name.lowercased())
        html.raw("\" aria-labelledby=\"\(sheet.id)-title\">\n<h3 id=\"\(sheet.id)-title\">")
        html.text(sheet.name)
        html.raw(" <small>")
        html.text(sheet.type)
        html.raw("</small></h3>\n<ul class=\"variants\">\n")
        for card in sheet.variants {
            html.raw("<li><figure>")
            thumbnail(&html, card, images, large: true)
            html.raw("<figcaption><b>")
            html.text(card.label)
            html.raw("</b>")
            if let slot = card.slot {
                html.raw("<br><span class=\"slot\">")
                html.text(slot)
                html.raw("</span>")
            }
            html.raw("<br><span class=\"attrs\">")
            html.text(card.attributes.joined(separator: " "))
            html.raw("</span></figcaption></figure></li>\n")
        }
        html.raw("</ul>\n")
        guard !sheet.columns.isEmpty else {
            html.raw("<p class=\"quiet\">Kept whole by thinning; the selection rule does not choose among its entries.</p>\n</article>\n")
            return
        }
        html.raw("<div class=\"scroll\"><table class=\"grid\"><caption>What each device shows: ")
        html.text(sheet.name)
        html.raw("</caption>\n<thead><tr><th scope=\"col\">Trait context</th>")
        for column in sheet.columns {
            html.raw("<th scope=\"col\" data-devices=\"")
            html.attribute(column.joined(separator: " "))
            html.raw("\">")
            devices(&html, column)
            html.raw("</th>")
        }
        html.raw("</tr></thead>\n<tbody>\n")
        for row in sheet.rows {
            html.raw("<tr><th scope=\"row\">")
            html.text(contextLabel(row.contexts))
            html.raw("</th>")
            for cell in row.cells {
                switch cell {
                case .notApplicable: html.raw("<td class=\"na\"><span class=\"quiet\">—</span></td>")
                case .noMatch: html.raw("<td class=\"nomatch\"><strong>no match</strong></td>")
                case .shown(let choices):
                    html.raw("<td>")
                    for choice in choices { chosen(&html, sheet, choice, images) }
                    html.raw("</td>")
                }
            }
            html.raw("</tr>\n")
        }
        html.raw("</tbody></table></div>\n</article>\n")
    }

    /// A small thumbnail for a grid cell or a change: a CSS background, so each image is embedded once.
    func chosen(_ html: inout HTMLBuilder, _ sheet: ReportV1.AssetSheet, _ choice: ReportV1.Choice, _ images: ImageStyles) {
        let card = sheet.variants[choice.variant]
        let label = card.label + (choice.mirrored ? " (mirrored)" : "") + (choice.slot.map { ", slot " + $0 } ?? "")
        html.raw("<span class=\"choice\">")
        if let image = card.image, let name = images.classes[image] {
            html.raw("<span class=\"t \(name)\(choice.mirrored ? " mirrored" : "")\" role=\"img\" aria-label=\"")
            html.attribute(label)
            html.raw("\"></span>")
        } else if let color = card.color {
            html.raw("<span class=\"t swatch \(images.swatches[color] ?? "")\" role=\"img\" aria-label=\"")
            html.attribute(label)
            html.raw("\"></span>")
        } else {
            html.raw("<span class=\"t placeholder\" aria-hidden=\"true\">")
            html.text(card.label.pathExtension.uppercased())
            html.raw("</span>")
        }
        html.raw("<span class=\"file\">")
        html.text(label)
        html.raw("</span></span>")
    }

    /// A variant's own thumbnail: an `<img>` with alt text.
    private func thumbnail(_ html: inout HTMLBuilder, _ card: ReportV1.VariantCard, _ images: ImageStyles, large: Bool) {
        let alt = card.label + (card.attributes.isEmpty ? "" : ": " + card.attributes.joined(separator: " "))
        if let image = card.image, let source = images.source(of: image, in: report) {
            let thumbnail = report.images[image].thumbnail
            html.raw("<img src=\"\(source)\" alt=\"")
            html.attribute(alt)
            html.raw("\"")
            if let thumbnail { html.raw(" width=\"\(thumbnail.width)\" height=\"\(thumbnail.height)\"") }
            html.raw(">")
        } else if let color = card.color {
            html.raw("<span class=\"big swatch \(images.swatches[color] ?? "")\" role=\"img\" aria-label=\"")
            html.attribute(alt)
            html.raw("\"></span>")
        } else {
            let kind = card.label.pathExtension.isEmpty ? "—" : card.label.pathExtension.uppercased()
            html.raw("<span class=\"big placeholder\" role=\"img\" aria-label=\"")
            html.attribute(alt + " (no preview)")
            html.raw("\">")
            html.text(kind)
            html.raw("</span>")
        }
    }

    /// A device group's name: the first device, the rest behind a disclosure.
    func devices(_ html: inout HTMLBuilder, _ ids: [String]) {
        let names = ids.map { deviceNames[$0] ?? $0 }
        if names.count == 1 {
            html.text(names[0])
            return
        }
        html.raw("<details><summary>")
        html.text(names[0])
        html.raw(" +\(names.count - 1)</summary>")
        html.text(names.dropFirst().joined(separator: ", "))
        html.raw("</details>")
    }

    /// "every context", or the windows and the appearances a row covers.
    func contextLabel(_ indices: [Int]) -> String {
        if let known = contextFacts.labels.withLock({ $0[indices] }) { return known }
        let label = makeContextLabel(indices)
        contextFacts.labels.withLock { $0[indices] = label }
        return label
    }

    private func makeContextLabel(_ indices: [Int]) -> String {
        let facts = contextFacts
        let contexts = indices.map { report.contexts[$0] }
        if indices.count == report.contexts.count { return "every context" }
        var windows: [String] = []
        var appearancesOf: [String: Set<ContextAppearance>] = [:]
        for context in contexts {
            if appearancesOf[context.window] == nil { windows.append(context.window) }
            appearancesOf[context.window, default: []].insert(ContextAppearance(context))
        }
        let allAppearances = facts.appearances
        let first = appearancesOf[windows[0]]!
        guard windows.allSatisfy({ appearancesOf[$0] == first }) else {
            return contexts.map(\.label).joined(separator: "; ")
        }
        let allWindows = facts.windows
        let windowPart = Set(windows) == allWindows ? "every window" : windows.joined(separator: ", ")
        if first == allAppearances { return windowPart }
        // Factor the appearances into style × contrast × direction when they are a product.
        let styles = Set(first.map(\.style))
        let contrasts = Set(first.map(\.contrast))
        let directions = Set(first.map(\.direction))
        if styles.count * contrasts.count * directions.count == first.count {
            let allStyles = facts.styles
            let allContrasts = facts.contrasts
            let allDirections = facts.directions
            var words: [String] = []
            if styles != allStyles { words.append(styles.sorted().joined(separator: "/")) }
            if contrasts != allContrasts { words.append(contrasts.sorted().reversed().joined(separator: "/") + " contrast") }
            if directions != allDirections { words.append(directions.map { $0 == "rightToLeft" ? "rtl" : "ltr" }.sorted().joined(separator: "/")) }
            return windowPart + ": " + words.joined(separator: ", ")
        }
        return windowPart + ": " + first.map(\.label).sorted().joined(separator: "; ")
    }
}
