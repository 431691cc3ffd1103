"""Stands in for `companion table FILE` behind the web server: speaks textual-serve's pipe
protocol (the prelude, one data packet) and quits on its "quit" meta packet, as a Textual
app under the web driver does."""

import sys

out = sys.stdout.buffer
payload = b"table-view-started"
out.write(b"__GANGLION__\n" + b"D" + len(payload).to_bytes(4, "big") + payload)
out.flush()
seen = b""
while b'"quit"' not in seen:
    chunk = sys.stdin.buffer.read1(4096)
    if not chunk:
        break
    seen = seen[-64:] + chunk
