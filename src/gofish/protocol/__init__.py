"""The formats that cross a boundary: the bot protocol, the shared table's wire messages, and
the checks every piece of outside JSON goes through.

- ``messages``: the bot protocol's lines (encode, decode, build and read each message).
- ``seat_state``: ``SeatState``, one seat's view rebuilt from the events it was shown.
- ``lines``: reading a stream line by line without ever holding a huge line in memory.
- ``wire``: the network table's messages (the bot protocol plus a handshake and a view).

It sits just above the engine: the computer players (``gofish.ai.external`` drives an outside
bot), the store, the network table and the ``gofish bot`` command build on it, never the
reverse. docs/bot-protocol.md describes every message.
"""
