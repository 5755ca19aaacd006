"""Rate limits: a token bucket per connection or seat, failed joins per address."""

from __future__ import annotations

from collections import OrderedDict, deque
from dataclasses import dataclass, field


@dataclass
class Bucket:
    """Up to ``burst`` at once, refilled at ``rate`` per second."""

    rate: float
    burst: float
    level: float = -1.0
    last: float = 0.0

    def allow(self, now: float, cost: float = 1.0) -> bool:
        if self.level < 0:
            self.level, self.last = self.burst, now
        self.level = min(self.burst, self.level + (now - self.last) * self.rate)
        self.last = now
        if self.level < cost:
            return False
        self.level -= cost
        return True


@dataclass
class FailedJoins:
    """Failed joins (wrong code, bad token) per address in a sliding window; an
    address with ``most`` failures in ``window`` seconds is refused until they age."""

    most: int = 10
    window: float = 60.0
    addresses: int = 10_000  # how many addresses are remembered (the oldest are forgotten)
    _seen: OrderedDict[str, deque[float]] = field(default_factory=OrderedDict)

    def _recent(self, address: str, now: float) -> deque[float]:
        times = self._seen.get(address)
        if times is None:
            return deque()
        while times and times[0] <= now - self.window:
            times.popleft()
        return times

    def blocked(self, address: str, now: float) -> bool:
        return len(self._recent(address, now)) >= self.most

    def fail(self, address: str, now: float) -> None:
        times = self._recent(address, now)
        times.append(now)
        self._seen[address] = times
        self._seen.move_to_end(address)
        while len(self._seen) > self.addresses:
            self._seen.popitem(last=False)
