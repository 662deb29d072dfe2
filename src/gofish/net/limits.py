"""Limits that keep one noisy connection from slowing the others down."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

MESSAGES_PER_SECOND = 20.0  # a person sends one action every few seconds; a bot a few a second
MESSAGE_BURST = 40.0
MAX_ERRORS = 100  # error replies one connection may earn before it is closed
JOIN_TIMEOUT = 15.0  # seconds to send a join after connecting
IDLE_TIMEOUT = 90.0  # seconds of silence before a joined connection is dropped (clients ping)
PING_EVERY = 20.0  # how often a client pings when it has nothing else to say
MAX_CONNECTIONS = 256
MAX_CONNECTIONS_PER_ADDRESS = 32
FAILED_JOINS_PER_MINUTE = 10.0  # wrong codes or secrets from one address
WRITE_BUFFER = 4 * 1024 * 1024  # bytes waiting for a reader that does not read: then it goes


@dataclass
class TokenBucket:
    """``rate`` tokens a second up to ``burst``; ``take`` says whether one was left."""

    rate: float
    burst: float
    clock: Callable[[], float] = time.monotonic
    tokens: float = field(init=False)
    stamp: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens = self.burst
        self.stamp = self.clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def has(self, n: float = 1.0) -> bool:
        self._refill()
        return self.tokens >= n

    def take(self, n: float = 1.0) -> bool:
        self._refill()
        if self.tokens >= n:
            self.tokens -= n
            return True
        return False


@dataclass
class AddressBook:
    """Per remote address: open connections and failed joins (so guessing codes is slow)."""

    clock: Callable[[], float] = time.monotonic
    most: int = MAX_CONNECTIONS
    most_per_address: int = MAX_CONNECTIONS_PER_ADDRESS
    open: dict[str, int] = field(default_factory=dict)
    failures: dict[str, TokenBucket] = field(default_factory=dict)

    def connect(self, address: str) -> bool:
        if sum(self.open.values()) >= self.most or \
                self.open.get(address, 0) >= self.most_per_address:
            return False
        self.open[address] = self.open.get(address, 0) + 1
        return True

    def disconnect(self, address: str) -> None:
        left = self.open.get(address, 0) - 1
        if left > 0:
            self.open[address] = left
        else:
            self.open.pop(address, None)

    def may_try(self, address: str) -> bool:
        bucket = self.failures.get(address)
        return bucket is None or bucket.has()

    def failed(self, address: str) -> bool:
        """Count a failed join; False once the address has used up its attempts."""
        bucket = self.failures.get(address)
        if bucket is None:
            if len(self.failures) > 10_000:  # forget the oldest, never grow without bound
                self.failures.pop(next(iter(self.failures)))
            bucket = self.failures[address] = TokenBucket(
                FAILED_JOINS_PER_MINUTE / 60, FAILED_JOINS_PER_MINUTE, self.clock)
        return bucket.take()
