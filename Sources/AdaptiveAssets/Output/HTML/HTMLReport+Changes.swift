extension HTMLReport {
    /// 3. Per group of devices: what changes on rotation and on entering split view, before → after.
    func traitChanges(_ html: inout HTMLBuilder, _ images: ImageStyles) {
        html.raw(
            "<section id=\"trait-changes\" aria-labelledby=\"trait-changes-title\">\n<h2 id=\"trait-changes-title\">Trait changes: rotation and split view</h2>\n"
        )
        let quiet = report.traitChanges.filter { $0.rotation.isEmpty && $0.multitasking.isEmpty }
        if !quiet.isEmpty {
            html.raw("<p class=\"devicegroup\" data-devices=\"")
            html.attribute(quiet.flatMap(\.devices).joined(separator: " "))
            html.raw("\">No asset changes file on rotation or in split view on ")
            devices(&html, quiet.flatMap(\.devices))
            html.raw("</p>\n")
        }
        for group in report.traitChanges where !(group.rotation.isEmpty && group.multitasking.isEmpty) {
            html.raw("<div class=\"devicegroup\" data-devices=\"")
            html.attribute(group.devices.joined(separator: " "))
            html.raw("\">\n<h3>")
            devices(&html, group.devices)
            html.raw("</h3>\n")
            changeTable(&html, "On rotation (portrait → landscape)", group.rotation, images)
            changeTable(&html, "On entering split view or slide over", group.multitasking, images)
            html.raw("</div>\n")
        }
        html.raw("</section>\n")
    }

    private func changeTable(_ html: inout HTMLBuilder, _ title: String, _ changes: [ReportV1.Change], _ images: ImageStyles) {
        guard !changes.isEmpty else {
            html.raw("<p class=\"quiet\">")
            html.text(title)
            html.raw(": nothing changes.</p>\n")
            return
        }
        html.raw("<table class=\"changes\"><caption>")
        html.text(title)
        html.raw(
            "</caption><thead><tr><th scope=\"col\">Asset</th><th scope=\"col\">Before</th><th scope=\"col\">After</th><th scope=\"col\">When</th></tr></thead><tbody>\n"
        )
        for change in changes {
            let sheet = report.assets[change.asset]
            html.raw("<tr data-asset=\"")
            html.attribute(sheet.name.lowercased())
            html.raw("\"><th scope=\"row\"><a href=\"#\(sheet.id)\">")
            html.text(sheet.name)
            html.raw("</a></th>")
            for (choices, window) in [(change.before, change.from), (change.after, change.to)] {
                html.raw("<td>")
                if choices.isEmpty { html.raw("<span class=\"nomatch\"><strong>no match</strong></span>") }
                for choice in choices { chosen(&html, sheet, choice, images) }
                html.raw("<br><span class=\"quiet\">")
                html.text(window)
                html.raw("</span></td>")
            }
            html.raw("<td>")
            html.text(change.everyAppearance ? "in every appearance" : change.appearances.joined(separator: "; "))
            html.raw("</td></tr>\n")
        }
        html.raw("</tbody></table>\n")
    }

    /// 4. The bytes each device's slice holds: a bar chart (inline SVG) and a table, identical slices grouped.
    func downloadSize(_ html: inout HTMLBuilder) {
        let sizes = report.sizes
        html.raw("<section id=\"download-size\" aria-labelledby=\"download-size-title\">\n<h2 id=\"download-size-title\">Download size per device</h2>\n")
        html.raw("<p>Unthinned: ")
        html.text(SizeReport.formatted(sizes.bytesBefore))
        html.raw(". Each device downloads only its slice (what <code>adapt thin</code> writes); devices with identical slices are grouped.</p>\n")
        let largest = max(sizes.groups.map(\.bytes).max() ?? 0, 1)
        let rowHeight = 26
        let labelWidth = 300
        let barWidth = 560
        let height = sizes.groups.count * rowHeight + 8
        html.raw(
            "<svg class=\"chart\" role=\"img\" aria-labelledby=\"chart-title\" viewBox=\"0 0 \(labelWidth + barWidth + 170) \(height)\" width=\"\(labelWidth + barWidth + 170)\" height=\"\(height)\">"
        )
        html.raw("<title id=\"chart-title\">Bytes each group of devices downloads</title>\n")
        for (position, group) in sizes.groups.enumerated() {
            let y = position * rowHeight + 4
            let width = max(1, group.bytes * barWidth / largest)
            html.raw("<g class=\"devicegroup\" data-devices=\"")
            html.attribute(group.devices.map(\.id).joined(separator: " "))
            html.raw("\">")
            html.raw("<text x=\"\(labelWidth - 8)\" y=\"\(y + 17)\" text-anchor=\"end\">")
            html.text(group.devices[0].name + (group.devices.count > 1 ? " +\(group.devices.count - 1)" : ""))
            html.raw("</text>")
            html.raw("<rect x=\"\(labelWidth)\" y=\"\(y)\" width=\"\(width)\" height=\"\(rowHeight - 6)\" rx=\"3\"></rect>")
            html.raw("<text x=\"\(labelWidth + width + 6)\" y=\"\(y + 17)\">")
            html.text(SizeReport.formatted(group.bytes))
            html.raw("</text></g>\n")
        }
        html.raw("</svg>\n")
        let types = Array(Set(sizes.groups.flatMap { $0.bytesByType.filter { $0.bytes > 0 }.map(\.type) })).sorted()
        html.raw(
            "<div class=\"scroll\"><table class=\"numbers sizes\"><caption>Bytes per slice, by asset type</caption><thead><tr><th scope=\"col\">Devices</th><th scope=\"col\">Bytes</th>"
        )
        for type in types {
            html.raw("<th scope=\"col\">")
            html.text(type)
            html.raw("</th>")
        }
        html.raw("<th scope=\"col\">Variants kept</th></tr></thead><tbody>\n")
        for group in sizes.groups {
            let byType = Dictionary(group.bytesByType.map { ($0.type, $0.bytes) }, uniquingKeysWith: +)
            html.raw("<tr class=\"devicegroup\" data-devices=\"")
            html.attribute(group.devices.map(\.id).joined(separator: " "))
            html.raw("\"><th scope=\"row\">")
            devices(&html, group.devices.map(\.id))
            html.raw("</th><td>\(group.bytes)</td>")
            for type in types { html.raw("<td>\(byType[type] ?? 0)</td>") }
            html.raw("<td>\(group.keptVariants)</td></tr>\n")
        }
        html.raw("</tbody></table></div>\n</section>\n")
    }
}
