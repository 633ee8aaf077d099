"""What the Python benchmark scripts share."""
import json
import os
import shutil
import struct
import time
import zlib

INFO = {"author": "xcode", "version": 1}


def rgb_png(width, height, pixel):
    """A small 8-bit RGB PNG whose every pixel is `pixel` (3 bytes)."""
    raw = b"".join(b"\0" + pixel * width for _ in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def generate(path, build):
    """A catalog at `path` written by `build(path)`, once: a finished one (marked `.complete`) is reused."""
    marker = path + "/.complete"
    if os.path.exists(marker):
        return
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    json.dump({"info": INFO}, open(path + "/Contents.json", "w"))
    build(path)
    open(marker, "w").close()


def timed(command, quiet=False):
    """Wall time, peak RSS (MB) and exit status of one command, measured on that process alone.
    Standard output is discarded; standard error too when `quiet`."""
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        if quiet:
            os.dup2(devnull, 2)
        os.execvp(command[0], command)
    _, status, usage = os.wait4(pid, 0)
    return time.monotonic() - start, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)
