#!/usr/bin/env python3
"""Hostile compiled catalogs: every command that reads a .car, timed on files built to amplify
(one BITMAPKEYS block many entries share, masks of many names over one block, thousands of
variables naming one tree, thousands of references into packed images, one image of noise whose
PNG does not compress beside a flat one of the same size), at two sizes. For each
run: the time and its ratio to `cat` of the same file (measured in the same run), the peak
memory, the bytes written (stdout and output folder) against the input's, and how the time grows
from the small file to the large one against how the input grows (1.0 is linear). With
--baseline ADAPT, an older build runs the same commands beside it (the before of a change).
Run it through Scripts/benchmark hostile-car, which builds adapt and writes the files.

usage: benchmark-hostile-car.py ADAPT FILES_DIR WORK_DIR [--baseline OLD_ADAPT]
"""
import os, resource, shutil, subprocess, sys, time

LIMIT_SECONDS = 60
LIMIT_MEMORY = 4 << 30   # address space per run, so a runaway allocation fails instead of swapping


def run(arguments, work):
    """(seconds, peak RSS in bytes, bytes written, outcome) of one command."""
    out = os.path.join(work, "out")
    shutil.rmtree(out, ignore_errors=True)
    stdout_path = os.path.join(work, "stdout")

    def limits():
        resource.setrlimit(resource.RLIMIT_AS, (LIMIT_MEMORY, LIMIT_MEMORY))

    with open(stdout_path, "wb") as stdout:
        start = time.monotonic()
        process = subprocess.Popen(arguments, stdout=stdout, stderr=subprocess.DEVNULL, cwd=work, preexec_fn=limits)
        deadline = start + LIMIT_SECONDS
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                process.kill()
                _, status, usage = os.wait4(process.pid, 0)
                break
            time.sleep(0.002)
        elapsed = time.monotonic() - start
    written = os.path.getsize(stdout_path)
    for folder, _, files in os.walk(out):
        written += sum(os.path.getsize(os.path.join(folder, name)) for name in files)
    if os.WIFSIGNALED(status):
        outcome = "killed at %d s" % LIMIT_SECONDS if elapsed >= LIMIT_SECONDS else "signal %d" % os.WTERMSIG(status)
    else:
        outcome = "exit %d" % os.WEXITSTATUS(status)
    return elapsed, usage.ru_maxrss * 1024, written, outcome


def cat_time(path, work):
    best = None
    for _ in range(5):
        start = time.monotonic()
        subprocess.run(["cat", path], stdout=subprocess.DEVNULL, check=True)
        elapsed = time.monotonic() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


def commands(adapt, path, name):
    return [
        ("inspect", [adapt, "inspect", path]),
        ("inspect json", [adapt, "inspect", path, "--format", "json"]),
        ("resolve", [adapt, "resolve", path, name, "--idiom", "phone", "--scale", "2"]),
        ("size", [adapt, "size", path]),
        ("thin", [adapt, "thin", path, "--device", "iphone-15", "-o", "out"]),
        ("extract", [adapt, "extract", path, "-o", "out"]),
    ]


def main():
    arguments = sys.argv[1:]
    baseline = None
    if "--baseline" in arguments:
        at = arguments.index("--baseline")
        baseline = os.path.abspath(arguments[at + 1])
        del arguments[at:at + 2]
    adapt, files, work = os.path.abspath(arguments[0]), arguments[1], arguments[2]
    os.makedirs(work, exist_ok=True)
    builds = [("now", adapt)] + ([("before", baseline)] if baseline else [])
    shapes = sorted({name.rsplit("-", 1)[0] for name in os.listdir(files) if name.endswith(".car")})
    print("%-26s %-6s %-13s %-7s %9s %8s %9s %10s %8s  %s" % ("file", "size", "command", "build", "time", "x cat", "peak MB", "written", "x input", "outcome"))
    results = {}
    for shape in shapes:
        asset = "Icon0" if shape.startswith("packed") else "Name0"
        for size in ("small", "large"):
            path = os.path.abspath(os.path.join(files, "%s-%s.car" % (shape, size)))
            length = os.path.getsize(path)
            cat = cat_time(path, work)
            for build, binary in builds:
                for label, command in commands(binary, path, asset):
                    elapsed, peak, written, outcome = run(command, work)
                    results[(shape, size, label, build)] = (elapsed, length)
                    print("%-26s %-6s %-13s %-7s %7.3f s %8.0f %9.1f %10d %8.2f  %s" % (
                        shape, size, label, build, elapsed, elapsed / cat, peak / 1e6, written, written / length, outcome))
    print("\ngrowth from small to large: (time ratio) / (input size ratio); 1.0 is linear, start-up pulls it below")
    for shape in shapes:
        for build, _ in builds:
            cells = []
            for label, _ in commands("", "", ""):
                small, large = results.get((shape, "small", label, build)), results.get((shape, "large", label, build))
                if small and large:
                    cells.append("%s %.2f" % (label, (large[0] / small[0]) / (large[1] / small[1])))
            print("  %-26s %-7s %s" % (shape, build, ", ".join(cells)))
    if "noisy-bitmap" in shapes and "flat-bitmap" in shapes:
        print("\nextract: an image of noise against a flat image of the same size (the PNG writing's worst case; issue 35)")
        for size in ("small", "large"):
            for build, _ in builds:
                noisy = results.get(("noisy-bitmap", size, "extract", build))
                flat = results.get(("flat-bitmap", size, "extract", build))
                if noisy and flat:
                    print("  %-6s %-7s noisy %6.2f s   flat %6.2f s   %5.1fx flat" % (size, build, noisy[0], flat[0], noisy[0] / flat[0]))


main()
