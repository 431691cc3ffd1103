"""What the command line prints, and the exit status it ends with.

A line printed after a save can fail (a full disk behind `> file`, a
terminal gone): that is "saved, could not print" with its own status, never
a traceback, so that a script that repeats a failed command never plays a
batch twice. The statuses are a documented table (docs/guide.md):

    0    done
    1    refused or failed: nothing was played, saved or changed
    2    the command line itself is wrong (argparse's usage message)
    3    saved, but what was saved could not be printed: do not repeat it
    4    in the save, but the disk reported a problem making it safe: do
         not repeat it; check the disk
    130  interrupted (Ctrl+C)
"""

from __future__ import annotations

import os
import sys

from companion.core.text import printable

OK = 0
FAILED = 1
USAGE = 2
SAVED_NOT_PRINTED = 3
SAVED_BUT = 4
INTERRUPTED = 130


class OutputError(OSError):
    """Standard output could not take a line (not a closed pipe: that is BrokenPipeError)."""

    def __init__(self, cause: OSError) -> None:
        super().__init__(cause.errno, cause.strerror or str(cause))
        self.cause = cause


def print_line(text: str = "", *, err: bool = False) -> None:
    """Print one line, flushed. Names and typed text come from people and files:
    never a raw escape sequence. A failing standard output raises OutputError
    (BrokenPipeError as itself) and is pointed at the null device, so that the
    interpreter's last flush cannot fail again."""
    stream = sys.stderr if err else sys.stdout
    try:
        print(printable(text), file=stream, flush=True)
    except BrokenPipeError:
        raise
    except OSError as exc:
        silence(stream)
        if err:
            return  # nowhere left to say anything
        raise OutputError(exc) from None


def silence(stream) -> None:
    """Point a failing stream at the null device (its unwritten buffer is dropped),
    so that flushing it at exit cannot fail."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
    except (OSError, ValueError):
        pass


def say_error(text: str) -> None:
    """A message on standard error, if it can still take one."""
    try:
        print_line(text, err=True)
    except OSError:
        silence(sys.stderr)
