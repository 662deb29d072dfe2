"""Limits that keep one noisy connection, or one noisy neighbour, from spoiling the others.

Every player on the host's own machine comes from the loopback address, and anyone on it can
pick another loopback address at will, so nothing here may let one local user lock the others
out of a table:

- A join with a seat's valid secret (or a reserved seat's key) is never refused by a limit: a
  seated player always gets back in, whatever wrong codes anyone else has sent. A secret is
  192 random bits and a key 28: they are not guessed, so accepting them is no oracle.
- Wrong codes and secrets are counted per network (loopback as one, an IPv6 /64, an IPv4
  address): once its attempts are spent, a join without a valid secret from there is refused
  for a while, whether its code is right or not, so the refusal tells a guesser nothing.
- A connection that has not joined is "pending": it must join within ``JOIN_TIMEOUT`` of
  connecting, whatever it sends meanwhile (an absolute deadline, not an idle timer). Pending
  connections are capped per network and overall, and a new one makes the oldest give way
  rather than being refused: an honest client joins within milliseconds of connecting, so the
  connections that give way are the idle ones, and a client that is made to give way is told
  ``timeout`` and simply connects again. Joined connections are not capped here: there is at
  most one per seat (a rejoin replaces the seat's old connection).
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

MESSAGES_PER_SECOND = 20.0  # a person sends one action every few seconds; a bot a few a second
MESSAGE_BURST = 40.0
MAX_ERRORS = 100  # error replies one connection may earn before it is closed
JOIN_TIMEOUT = 15.0  # seconds from connecting to a join, whatever is sent meanwhile
IDLE_TIMEOUT = 90.0  # seconds of silence before a joined connection is dropped (clients ping)
PING_EVERY = 20.0  # how often a client pings when it has nothing else to say
MAX_PENDING = 128  # connections that have not joined yet, from everywhere
MAX_PENDING_PER_NETWORK = 16  # ... and from one network
FAILED_JOINS_PER_MINUTE = 10.0  # wrong codes, secrets or keys from one network
WRITE_BUFFER = 4 * 1024 * 1024  # bytes waiting for a reader that does not read: then it goes
LOOPBACK = "loopback"


def network(address: str) -> str:
    """The key limits are counted under: every loopback address is one (127.0.0.2 is as near
    as 127.0.0.1), an IPv6 address counts as its /64, an IPv4 address as itself."""
    try:
        ip = ipaddress.ip_address(address.partition("%")[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if ip.is_loopback:
        return LOOPBACK
    if isinstance(ip, ipaddress.IPv6Address):
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


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
    """Per network: the connections that have not joined yet, and failed joins."""

    clock: Callable[[], float] = time.monotonic
    most_pending: int = MAX_PENDING
    most_pending_per_network: int = MAX_PENDING_PER_NETWORK
    pending: dict[Hashable, str] = field(default_factory=dict)  # oldest first
    failures: dict[str, TokenBucket] = field(default_factory=dict)

    def arrive(self, who: Hashable, address: str) -> list[Hashable]:
        """``who`` has connected from ``address``: the pending connections that must give way
        to it (the oldest from its network when that is full, the oldest of all when all is)."""
        net = network(address)
        gone: list[Hashable] = []
        same = [w for w, n in self.pending.items() if n == net]
        if len(same) >= self.most_pending_per_network:
            gone.append(same[0])
            del self.pending[same[0]]
        if len(self.pending) >= self.most_pending:
            oldest = next(iter(self.pending))
            gone.append(oldest)
            del self.pending[oldest]
        self.pending[who] = net
        return gone

    def settled(self, who: Hashable) -> None:
        """``who`` has joined, or gone: it no longer counts as pending."""
        self.pending.pop(who, None)

    def may_try(self, address: str) -> bool:
        bucket = self.failures.get(network(address))
        return bucket is None or bucket.has()

    def failed(self, address: str) -> bool:
        """Count a failed join; False once the network has used up its attempts."""
        net = network(address)
        bucket = self.failures.get(net)
        if bucket is None:
            if len(self.failures) > 10_000:  # forget the oldest, never grow without bound
                self.failures.pop(next(iter(self.failures)))
            bucket = self.failures[net] = TokenBucket(
                FAILED_JOINS_PER_MINUTE / 60, FAILED_JOINS_PER_MINUTE, self.clock)
        return bucket.take()
