#!/usr/bin/env python3
"""Hostile compile benchmark: `adapt compile` on inputs built to amplify (issue 35, section 3), each
against a plain compile of the same size measured in the same run: wall time and peak memory, and
their ratios to the plain compile's. Peak memory is adapt's own maximum RSS (ru_maxrss from
wait4, which also covers its waited children) and, separately, the largest maximum RSS of any
drawing worker (`adapt-render`, run through a wrapper named by ADAPT_RENDER_WORKER that records
each worker's ru_maxrss). Every run is held to LIMIT_SECONDS.
Run it through Scripts/benchmark hostile-compile, which builds adapt and adapt-render first.

usage: benchmark-hostile-compile.py ADAPT WORK_DIR [SCALE]   (SCALE multiplies the data sets' and layers' sizes; 1 by default)
"""
import json, os, shutil, struct, subprocess, sys, time, zlib

from benchmark_support import INFO

LIMIT_SECONDS = 120
PLATFORM = ["--platform", "iphoneos", "--minimum-deployment-target", "17.0"]
ICON_PLATFORM = ["--platform", "macosx", "--minimum-deployment-target", "26.0", "--app-icon", "AppIcon"]

WORKER_WRAPPER = """#!/usr/bin/env python3
import os, sys
with open(%r, "a") as log:
    log.write("start\\n")
pid = os.fork()
if pid == 0:
    os.execv(%r, [%r] + sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
with open(%r, "a") as log:
    log.write("%%d\\n" %% usage.ru_maxrss)
sys.exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))
"""


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def big_png(path, side):
    """An opaque RGB PNG of `side`² pixels, a gradient row repeated (filter Up): a few hundred KB on
    disk that decodes to 3·side² bytes, streamed so the script never holds the pixels."""
    compressor = zlib.compressobj(1)
    first = b"\0" + bytes((x * 7 + (x >> 3)) & 0xFF for x in range(side * 3))
    rest = b"\2" + b"\0" * (side * 3)
    parts = [compressor.compress(first)]
    for _ in range(side - 1):
        parts.append(compressor.compress(rest))
    parts.append(compressor.flush())
    with open(path, "wb") as handle:
        handle.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)))
        handle.write(chunk(b"IDAT", b"".join(parts)) + chunk(b"IEND", b""))


def small_png(path, side=8):
    raw = b"".join(b"\0" + b"\x80\x40\x20" * side for _ in range(side))
    with open(path, "wb") as handle:
        handle.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def catalog(root):
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(root)
    json.dump({"info": INFO}, open(root + "/Contents.json", "w"))
    return root


def add_set(root, name, entries, key="images"):
    folder = root + "/" + name
    os.makedirs(folder)
    json.dump({key: entries, "info": INFO}, open(folder + "/Contents.json", "w"))
    return folder


def data_sets(count, megabytes):
    def build(work):
        root = catalog(work + "/Data.xcassets")
        for index in range(count):
            folder = add_set(root, "Blob%d.dataset" % index, [{"idiom": "universal", "filename": "blob.bin"}], key="data")
            with open(folder + "/blob.bin", "wb") as handle:
                for _ in range(megabytes):
                    handle.write(os.urandom(1 << 20))
        return [root] + PLATFORM
    return build


def layers_as_icon(side):
    def build(work):
        bundle = work + "/AppIcon.icon"
        shutil.rmtree(bundle, ignore_errors=True)
        os.makedirs(bundle + "/Assets")
        for name in ("back", "front"):
            big_png(bundle + "/Assets/%s.png" % name, side)
        json.dump({"fill": "automatic", "groups": [{"layers": [{"image-name": "front.png", "name": "front"}]},
                                                   {"layers": [{"image-name": "back.png", "name": "back"}]}]},
                  open(bundle + "/icon.json", "w"))
        return [bundle] + ICON_PLATFORM
    return build


def layers_as_image_set(side):
    def build(work):
        root = catalog(work + "/Layers.xcassets")
        for name in ("back", "front"):
            folder = add_set(root, name.capitalize() + ".imageset", [{"idiom": "universal", "scale": "1x", "filename": name + ".png"}])
            big_png(folder + "/%s.png" % name, side)
        return [root] + PLATFORM
    return build


def icon_groups(count):
    def build(work):
        bundle = work + "/AppIcon.icon"
        shutil.rmtree(bundle, ignore_errors=True)
        os.makedirs(bundle + "/Assets")
        small_png(bundle + "/Assets/layer.png", 64)
        groups = [{"layers": [{"image-name": "layer.png", "name": "layer%d" % index}], "shadow": {"kind": "neutral", "opacity": 0.5},
                   "translucency": {"enabled": True, "value": 0.5}} for index in range(count)]
        json.dump({"fill": "automatic", "groups": groups}, open(bundle + "/icon.json", "w"))
        return [bundle] + ICON_PLATFORM
    return build


PLAIN_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="red"/>%s</svg>'


def svg_text(kind):
    if kind == "scaled pattern":
        return ('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><defs><pattern id="p" width="1" height="1" '
                'patternUnits="userSpaceOnUse" patternTransform="scale(20000)"><rect width="1" height="1" fill="red"/></pattern></defs>'
                '<rect width="100" height="100" fill="url(#p)"/></svg>')
    if kind == "filter chain":
        offsets = "".join('<feOffset in="%s" dx="1" result="r%d"/>' % ("SourceGraphic" if i == 0 else "r%d" % (i - 1), i) for i in range(150))
        merge = "<feMerge>" + "".join('<feMergeNode in="r%d"/>' % i for i in range(150)) + "</feMerge>"
        return ('<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000"><filter id="f" x="0" y="0" width="1" height="1">'
                + offsets + merge + '</filter><rect width="1000" height="1000" fill="red" filter="url(#f)"/></svg>')
    if kind == "entity blow-up":
        entities = '<!ENTITY a "aaaaaaaaaa">' + "".join('<!ENTITY %s "%s">' % (n, ("&%s;" % p) * 10) for n, p in zip("bcdefghi", "abcdefgh"))
        return ('<?xml version="1.0"?><!DOCTYPE svg [%s]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&i;</text></svg>'
                % entities)
    raise ValueError(kind)


def svg_set(text):
    def build(work):
        root = catalog(work + "/Vector.xcassets")
        folder = add_set(root, "Vector.imageset", [{"idiom": "universal", "scale": "1x", "filename": "v.svg"}])
        open(folder + "/v.svg", "w").write(text)
        return [root] + PLATFORM
    return build


def plain_svg_of_size(length):
    """A plain SVG padded with a comment to `length` bytes: the same file size, nothing to amplify."""
    padding = max(0, length - len(PLAIN_SVG % ""))
    return PLAIN_SVG % ("<!--" + "x" * max(0, padding - 7) + "-->")


def insets(value):
    def build(work):
        root = catalog(work + "/Sliced.xcassets")
        folder = add_set(root, "Sliced.imageset", [{
            "idiom": "universal", "scale": "2x", "filename": "a.png",
            "resizing": {"mode": "9-part", "center": {"mode": "tile", "width": value, "height": value},
                         "cap-insets": {"left": value, "right": value, "top": value, "bottom": value}},
            "alignment-insets": {"left": value, "right": value, "top": value, "bottom": value}}])
        small_png(folder + "/a.png", 512)
        return [root] + PLATFORM
    return build


def run(adapt, arguments, work, worker_log):
    """(seconds, adapt's peak RSS in MB, the largest worker's peak RSS in MB, workers, exit status) of one compile."""
    out = work + "/Build"
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    open(worker_log, "w").close()
    start = time.monotonic()
    with open(os.devnull, "wb") as devnull, open(work + "/stderr", "wb") as stderr:
        process = subprocess.Popen([adapt, "compile"] + arguments + ["--compile", out], stdout=devnull, stderr=stderr, cwd=work)
        deadline = start + LIMIT_SECONDS
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                process.kill()
                _, status, usage = os.wait4(process.pid, 0)
                break
            time.sleep(0.005)
    elapsed = time.monotonic() - start
    # A worker may end just after adapt: wait (5 s at most) until every worker started has reported.
    settle = time.monotonic() + 5
    while time.monotonic() < settle:
        lines = [line.strip() for line in open(worker_log) if line.strip()]
        if lines.count("start") <= len(lines) - lines.count("start"):
            break
        time.sleep(0.05)
    workers = [int(line) / 1024 for line in lines if line != "start"]
    outcome = "killed" if os.WIFSIGNALED(status) else "exit %d" % os.WEXITSTATUS(status)
    errors = [line.split("error: ", 1)[1] for line in open(work + "/stderr", errors="replace") if "error: " in line]
    if errors:
        outcome += ": " + errors[0].strip()[:70]
    shutil.rmtree(out, ignore_errors=True)
    return elapsed, usage.ru_maxrss / 1024, max(workers, default=0), len(workers), outcome


def main():
    adapt, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    scale = float(sys.argv[3]) if len(sys.argv) > 3 else 1
    os.makedirs(work, exist_ok=True)
    worker = os.path.join(os.path.dirname(adapt), "adapt-render")
    worker_log = work + "/workers.log"
    wrapper = work + "/adapt-render-measured"
    with open(wrapper, "w") as handle:
        handle.write(WORKER_WRAPPER % (worker_log, worker, worker, worker_log))
    os.chmod(wrapper, 0o755)
    os.environ["ADAPT_RENDER_WORKER"] = wrapper
    megabytes, side = max(1, int(64 * scale)), max(16, int(8000 * scale))
    cases = [
        ("8 data sets of %d MB" % megabytes, data_sets(8, megabytes), "1 data set of %d MB" % megabytes, data_sets(1, megabytes)),
        ("two %d² PNG layers in an .icon" % side, layers_as_icon(side), "the same PNGs as image sets", layers_as_image_set(side)),
        ("SVG: scaled pattern", svg_set(svg_text("scaled pattern")), "plain SVG, same size", svg_set(plain_svg_of_size(len(svg_text("scaled pattern"))))),
        ("SVG: filter chain of 150", svg_set(svg_text("filter chain")), "plain SVG, same size", svg_set(plain_svg_of_size(len(svg_text("filter chain"))))),
        ("SVG: entity blow-up", svg_set(svg_text("entity blow-up")), "plain SVG, same size", svg_set(plain_svg_of_size(len(svg_text("entity blow-up"))))),
        ("icon.json of 200 groups", icon_groups(200), "icon.json of 2 groups", icon_groups(2)),
        ("insets of 2^63-1", insets(9223372036854775807), "insets of 8", insets(8)),
    ]
    print("%-40s %9s %8s %9s %8s %9s %7s  %s" % ("input", "time", "x plain", "adapt MB", "x plain", "worker MB", "workers", "outcome"))
    for title, build, plain_title, plain_build in cases:
        folder = work + "/case"
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        plain = run(adapt, plain_build(folder), folder, worker_log)
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        hostile = run(adapt, build(folder), folder, worker_log)
        shutil.rmtree(folder, ignore_errors=True)
        print("%-40s %7.2f s %8s %9.1f %8s %9.1f %7d  %s" % ("  baseline: " + plain_title, plain[0], "", plain[1], "", plain[2], plain[3], plain[4]))
        print("%-40s %7.2f s %7.1fx %9.1f %7.1fx %9.1f %7d  %s" % (
            title, hostile[0], hostile[0] / plain[0], hostile[1], hostile[1] / plain[1], hostile[2], hostile[3], hostile[4]))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
