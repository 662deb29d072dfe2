"""Start-up costs the app itself can avoid.

Importing Textual and gofish makes a few hundred thousand objects that live as long as the
process (modules, classes, functions, style tables). Python's collector counts them towards its
next full pass, and the first one fell in the middle of the first frame (30-70 ms, a third of
the time gofish took over a bare Textual app). Frozen, they are never walked again: the full
passes that still come, at start-up and during play, look only at what the game made since.
"""

from __future__ import annotations

import gc

_frozen = False


def freeze_imports() -> None:
    """Keep what exists now (what the imports made) out of the collector's passes, once per
    process: a second app in the same process (tests) would freeze the first app's garbage."""
    global _frozen
    if not _frozen:
        _frozen = True
        gc.freeze()
