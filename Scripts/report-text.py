#!/usr/bin/env python3
"""The text of an `adapt report` page, one line per block, for docs/report-showcase.txt.

The README's picture of the report is a screenshot; a picture cannot be compared in a test, but
the words it shows can. This prints what a reader of the page sees as text, in page order:
headings, the catalog table, every diagnostic line, asset and file names, device groups and trait
contexts, one table row per line with its cells joined by " | ". Left out: the style sheet, the
script, images (thumbnails are pixels, and their data URIs depend on the encoder) and attributes.
The page itself has no timestamps; run it on a report of a relative catalog path, so no absolute
path appears either. Scripts/make-pictures writes the file, and
Tests/AdaptCLITests/ReportPictureTests.swift checks that the current build's report still says it.

    Scripts/report-text.py report.html > report.txt
"""
import re
import sys
from html.parser import HTMLParser

# Elements that start a new line of text, as a browser lays them out.
BLOCKS = {
    "address", "article", "aside", "blockquote", "br", "caption", "dd", "details", "div", "dl", "dt",
    "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
    "hr", "label", "legend", "li", "main", "nav", "ol", "option", "p", "pre", "section", "select", "summary",
    "table", "tbody", "thead", "tfoot", "tr", "ul",
}
# Elements whose content is not text on the page.
SKIPPED = {"head", "script", "style", "template", "svg", "noscript"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class PageText(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.lines = [[]]
        self.skipping = 0
        # Inside a table cell every block is inline: a row stays on one line.
        self.cell_depth = 0
        self.first_cell = True

    def newline(self):
        if self.lines[-1]:
            self.lines.append([])

    def handle_starttag(self, tag, attrs):
        if tag in SKIPPED:
            self.skipping += 1
        elif self.skipping:
            return
        elif tag in ("td", "th"):
            if not self.first_cell:
                self.lines[-1].append(" | ")
            self.first_cell = False
            self.cell_depth += 1
        elif tag == "tr":
            self.newline()
            self.first_cell = True
        elif tag in BLOCKS:
            if self.cell_depth:
                self.lines[-1].append(" ")
            else:
                self.newline()

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag in SKIPPED:
            self.skipping -= 1

    def handle_endtag(self, tag):
        if tag in SKIPPED:
            self.skipping = max(0, self.skipping - 1)
        elif self.skipping or tag in VOID:
            return
        elif tag in ("td", "th"):
            self.cell_depth = max(0, self.cell_depth - 1)
        elif tag in BLOCKS:
            if self.cell_depth:
                self.lines[-1].append(" ")
            else:
                self.newline()

    def handle_data(self, data):
        if not self.skipping:
            self.lines[-1].append(data)

    def text(self):
        out = []
        for parts in self.lines:
            line = re.sub(r"\s+", " ", "".join(parts)).strip()
            line = re.sub(r"( \| )+$", "", line)
            if line:
                out.append(line)
        return "\n".join(out) + "\n"


def page_text(html):
    parser = PageText()
    parser.feed(html)
    parser.close()
    return parser.text()


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: Scripts/report-text.py REPORT.html")
    with open(sys.argv[1], encoding="utf-8") as page:
        sys.stdout.write(page_text(page.read()))
