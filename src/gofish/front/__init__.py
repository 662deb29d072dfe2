"""What every front end shares, with no Textual in it: the turn flow (whose move, the computers'
pace, the pass-and-play hand-over, what the table says after a move), the ask picker, the words
said at the seats, and the keys of a Russian keyboard layout.

The Textual app (gofish.tui) and the line mode (gofish.plain) both sit on it, so the table tells
the same story whichever draws it, and its tests run without a screen (tests/front).
"""
