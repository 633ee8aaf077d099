extension HTMLReport {
    /// The page's only style sheet (inline). Colours are variables, switched by `prefers-color-scheme`;
    /// thumbnails sit on a checkerboard so transparency shows in either scheme.
    static let stylesheet = """
        :root{color-scheme:light dark;--bg:#fff;--fg:#1d1d1f;--muted:#6e6e73;--line:#d2d2d7;--card:#f5f5f7;--accent:#0a66d8;--bad:#c4161c;--badbg:#fde8e8;--warn:#9a6700;--check:#e3e3e8}
        @media (prefers-color-scheme:dark){:root{--bg:#141416;--fg:#f5f5f7;--muted:#a1a1a6;--line:#3a3a3e;--card:#1f1f23;--accent:#5ea1ff;--bad:#ff6b6b;--badbg:#4a1518;--warn:#e3b341;--check:#2c2c30}}
        *{box-sizing:border-box}
        body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif}
        header{padding:16px 24px;border-bottom:1px solid var(--line);position:sticky;top:0;background:var(--bg);z-index:2}
        h1{font-size:22px;margin:0 0 6px}h2{font-size:19px;margin:28px 0 10px;border-bottom:1px solid var(--line);padding-bottom:4px}h3{font-size:16px;margin:18px 0 8px}
        h3 small{color:var(--muted);font-weight:normal}
        nav a{margin-right:14px}a{color:var(--accent)}
        a:focus-visible,input:focus-visible,select:focus-visible,summary:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
        main{padding:0 24px 40px}
        form{margin-top:8px;display:flex;gap:16px;flex-wrap:wrap;align-items:center}
        input,select{font:inherit;color:var(--fg);background:var(--card);border:1px solid var(--line);border-radius:6px;padding:4px 8px}
        table{border-collapse:collapse;margin:8px 0}caption{text-align:left;font-weight:600;padding:4px 0}
        th,td{border:1px solid var(--line);padding:4px 8px;vertical-align:top;text-align:left}
        thead th{background:var(--card)}.numbers td{text-align:right;font-variant-numeric:tabular-nums}
        .quiet{color:var(--muted)}code{font-size:13px}
        .badge{font-size:12px;padding:0 6px;border-radius:8px;border:1px solid currentColor}.badge.error,li.error{color:var(--bad)}.badge.warning{color:var(--warn)}
        details.rule{margin:4px 0}details.rule ul{margin:4px 0 8px}
        article.asset{border:1px solid var(--line);border-radius:10px;padding:4px 14px 12px;margin:14px 0;background:var(--bg)}
        ul.variants{list-style:none;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:10px}
        ul.variants figure{margin:0;padding:8px;background:var(--card);border-radius:8px;width:164px;text-align:center}
        figcaption{font-size:12px;overflow-wrap:anywhere}.attrs,.slot{color:var(--muted)}
        img,.t,.big{background-color:var(--check);background-image:linear-gradient(45deg,rgba(128,128,128,.25) 25%,transparent 25%,transparent 75%,rgba(128,128,128,.25) 75%),linear-gradient(45deg,rgba(128,128,128,.25) 25%,transparent 25%,transparent 75%,rgba(128,128,128,.25) 75%);background-size:12px 12px;background-position:0 0,6px 6px}
        img{max-width:128px;max-height:128px;width:auto;height:auto;display:block;margin:0 auto 4px;object-fit:contain}
        .big{display:flex;align-items:center;justify-content:center;width:96px;height:96px;margin:0 auto 4px;border-radius:6px;font-weight:600;color:var(--muted)}
        .t{display:inline-block;width:40px;height:40px;vertical-align:middle;background-size:contain;background-repeat:no-repeat;background-position:center;border-radius:4px;font-size:10px;text-align:center;line-height:40px;color:var(--muted)}
        .t.swatch,.big.swatch{background-image:none;border:1px solid var(--line)}
        .mirrored{transform:scaleX(-1)}
        .choice{display:inline-flex;align-items:center;gap:6px;margin:2px 8px 2px 0}.file{font-size:12px;overflow-wrap:anywhere;max-width:220px}
        td.nomatch,.nomatch,.nomatch-key{background:var(--badbg);color:var(--bad)}
        td.nomatch{outline:2px solid var(--bad);outline-offset:-2px}
        td.na{background:repeating-linear-gradient(135deg,transparent 0 6px,var(--card) 6px 12px)}
        .scroll{overflow-x:auto}
        table.grid th[scope=row]{max-width:260px;font-weight:normal;font-size:12px}
        details summary{cursor:pointer}
        svg.chart{max-width:100%;height:auto;display:block}svg.chart rect{fill:var(--accent)}svg.chart text{fill:var(--fg);font-size:13px}

        """

    /// The page's only script (inline, a few lines): the filters, and `data-images-ok` on `<body>`
    /// (every `<img>` decoded), which the browser test reads.
    static let script = """
        (function () {
          "use strict";
          var body = document.body;
          function checkImages() {
            var images = Array.prototype.slice.call(document.images);
            var broken = images.filter(function (image) { return !(image.complete && image.naturalWidth > 0); });
            body.setAttribute("data-images-count", String(images.length));
            body.setAttribute("data-images-broken", String(broken.length));
            body.setAttribute("data-images-ok", broken.length === 0 ? "true" : "false");
          }
          if (document.readyState === "complete") { checkImages(); } else { window.addEventListener("load", checkImages); }
          var form = document.getElementById("filters");
          var assetInput = document.getElementById("asset-filter");
          var deviceSelect = document.getElementById("device-filter");
          var status = document.getElementById("filter-status");
          form.hidden = false;
          form.addEventListener("submit", function (event) { event.preventDefault(); });
          function has(element, device) { return (" " + element.getAttribute("data-devices") + " ").indexOf(" " + device + " ") >= 0; }
          function apply() {
            var query = assetInput.value.trim().toLowerCase();
            var device = deviceSelect.value;
            var shown = 0;
            document.querySelectorAll("[data-asset]").forEach(function (element) {
              var match = !query || element.getAttribute("data-asset").indexOf(query) >= 0;
              element.style.display = match ? "" : "none";
              if (match && element.tagName === "ARTICLE") { shown += 1; }
            });
            document.querySelectorAll(".devicegroup[data-devices]").forEach(function (element) {
              element.style.display = !device || has(element, device) ? "" : "none";
            });
            document.querySelectorAll("table.grid").forEach(function (table) {
              var heads = table.tHead.rows[0].cells;
              for (var column = 1; column < heads.length; column += 1) {
                var hide = device && !has(heads[column], device);
                for (var row = 0; row < table.rows.length; row += 1) {
                  table.rows[row].cells[column].style.display = hide ? "none" : "";
                }
              }
            });
            status.textContent = shown + " asset" + (shown === 1 ? "" : "s") + " shown";
          }
          assetInput.addEventListener("input", apply);
          deviceSelect.addEventListener("change", apply);
        })();

        """
}
