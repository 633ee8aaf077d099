"""What the Python benchmark scripts share."""
import os
import time


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
