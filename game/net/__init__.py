"""Network tables: friends on other machines at one table (docs/network.md).

- :mod:`.protocol`: the versioned JSON messages, their limits, codes and tokens;
- :mod:`.table`: the authoritative table (seats, tokens, the match, bots and stand-ins, the clock),
  with no I/O;
- :mod:`.host`: tables served over WebSocket on an event loop of its own thread;
- :mod:`.client`: one connection on a thread of its own, read by the app once a frame;
- :mod:`.discovery`: tables advertised and found on the local network (mDNS/DNS-SD).

This package sits below the app and above the bots and engines (pyproject.toml's layers): it
knows games only through their fronts, and a match only as the object the app hands it.
"""
