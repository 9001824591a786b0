"""A fair deal with no trusted party: joint draws from two hash chains (R2.2, R2.3, R4.2, R5.4).

Each copy picks a secret ``s`` and builds its chain ``L0 = s``, ``L(i+1) = SHA-256(Li)`` up to
``LN``, the *chain end*, which it sends as its commitment before any card is drawn.  Draw ``k``
(numbered from 1: who starts, then the Street, then every later draw that has more than one
candidate) is decided by the two links ``L(N-k)`` of the host's and the guest's chain: each side
reveals its link, the other checks that it hashes to the link revealed before it (or to the
chain end), and the index among the ``n`` candidates is derived from both links by rejection
sampling (no modulo bias).  A link is fixed by the commitment long before the draw and cannot
be computed from the links revealed so far, so neither side can steer a draw nor foresee one
before the other's link arrives.  At the end both secrets are revealed: hashed ``N`` times each
must give its commitment, and every draw of the game can be checked by anyone from the
:class:`DealRecord`.

What it does not prevent: the side whose link arrives second learns the draw first and could
stop answering instead of revealing (the session reports that as a withheld reveal, and the
game so far is kept).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .problems import Cause, ProtocolError
from .protocol import HEX64, Reveal

T = TypeVar("T")

#: Links per chain: more draws than any game needs (who starts, 51 choices from the first pile
#: and at most 39 from the reshuffled one, its 40 cards of rank 1 or more, R4.2).
CHAIN_LENGTH = 128
#: The longest chain a peer may ask for (hashing it stays a matter of milliseconds).
MAX_CHAIN = 1024
#: The most candidates of a draw (the 52 cards of the first draw pile, R2.2).
MAX_CANDIDATES = 52
DEAL_FORMAT = "famiglia-fair-deal/1"
_DOMAIN = b"famiglia draw/1"
_LIMIT = 1 << 64


def chain_step(link: bytes) -> bytes:
    """The next link of a chain: SHA-256 of this one."""
    return hashlib.sha256(link).digest()


def chain_end(secret: bytes, length: int) -> bytes:
    """The link ``length`` steps after ``secret``: the commitment of a chain of that length."""
    link = secret
    for _ in range(length):
        link = chain_step(link)
    return link


def draw_index(draw: int, host_link: bytes, guest_link: bytes, candidates: int) -> int:
    """The index (in ``range(candidates)``) of draw number ``draw`` decided by the two links:
    64-bit blocks of SHA-256 over both, the first block below the largest multiple of
    ``candidates`` taken modulo it (rejection sampling: every index equally likely)."""
    if not 2 <= candidates <= MAX_CANDIDATES:
        raise ValueError(f"a draw has 2 to {MAX_CANDIDATES} candidates, not {candidates}")
    limit = _LIMIT - _LIMIT % candidates
    block = 0
    while True:
        digest = hashlib.sha256(_DOMAIN + draw.to_bytes(4, "big") + block.to_bytes(4, "big")
                                + host_link + guest_link).digest()
        for at in range(0, 32, 8):
            value = int.from_bytes(digest[at:at + 8], "big")
            if value < limit:
                return value % candidates
        block += 1


class HashChain:
    """This copy's own chain: its secret, its commitment and the link of each draw."""

    __slots__ = ("_links", "length", "secret")

    def __init__(self, secret: bytes, length: int = CHAIN_LENGTH) -> None:
        if len(secret) != 32 or not 1 <= length <= MAX_CHAIN:
            raise ValueError("a chain is a 32-byte secret and 1 to 1024 links")
        self.secret = secret
        self.length = length
        links = [secret]
        for _ in range(length):
            links.append(chain_step(links[-1]))
        self._links = links

    @classmethod
    def fresh(cls, length: int = CHAIN_LENGTH) -> HashChain:
        """A chain of a new secret from the system's secure random source."""
        return cls(secrets.token_bytes(32), length)

    @property
    def end(self) -> bytes:
        """The commitment: the last link."""
        return self._links[-1]

    def link(self, draw: int) -> bytes:
        """The link revealed for draw ``draw`` (1 to ``length``)."""
        if not 1 <= draw <= self.length:
            raise ValueError(f"the chain has links for draws 1 to {self.length}, not {draw}")
        return self._links[self.length - draw]


class ChainCheck:
    """The other copy's chain as far as it is known: its commitment and every link revealed,
    each checked against the one before it."""

    __slots__ = ("end", "length", "links")

    def __init__(self, end: bytes, length: int = CHAIN_LENGTH) -> None:
        self.end = end
        self.length = length
        #: The links revealed, for draws 1, 2, 3 …
        self.links: list[bytes] = []

    def accept(self, draw: int, link: bytes) -> None:
        """Take the link of draw ``draw``: a link already known must be the same, the next one
        must hash to the one before it; anything else is :class:`ProtocolError`."""
        known = len(self.links)
        if draw <= known:
            if link != self.links[draw - 1]:
                raise ProtocolError(Cause.FORGED_LINK, f"draw {draw} was revealed differently "
                                                       "before")
            return
        if draw != known + 1 or draw > self.length:
            raise ProtocolError(Cause.UNEXPECTED, f"the link of draw {draw} came when draw "
                                                  f"{known + 1} was next")
        previous = self.links[-1] if self.links else self.end
        if chain_step(link) != previous:
            raise ProtocolError(Cause.FORGED_LINK, f"the link of draw {draw} does not hash to "
                                                   "the link before it")
        self.links.append(link)

    def check_secret(self, secret: bytes) -> None:
        """The revealed secret must lead to every link revealed and to the commitment."""
        if len(secret) != 32 or chain_end(secret, self.length) != self.end:
            raise ProtocolError(Cause.BAD_DEAL, "the secret does not lead to the commitment")
        rest = self.length - len(self.links)
        if self.links and chain_end(secret, rest) != self.links[-1]:
            raise ProtocolError(Cause.BAD_DEAL, "the secret does not lead to the links revealed")


class JointDraws:
    """Both chains of one game and the draws they decided.

    ``host``: whether this copy is the host (the host's link comes first in every draw).
    :meth:`reveal` gives this copy's next links to send, :meth:`receive` checks the other's,
    and :meth:`next_index` (a chooser for :class:`famiglia.rules.draws.OutsideDraws`) decides
    the next draw once both links are known."""

    __slots__ = ("draws", "host", "own", "peer", "sent")

    def __init__(self, own: HashChain, peer: ChainCheck, *, host: bool) -> None:
        if own.length != peer.length:
            raise ValueError("both chains have the same length")
        self.own, self.peer, self.host = own, peer, host
        #: How many of this copy's links were revealed.
        self.sent = 0
        #: Every draw decided: (candidates, index), draw 1 first.
        self.draws: list[tuple[int, int]] = []

    def reveal(self, count: int) -> Reveal:
        """The message revealing this copy's links for the next ``count`` draws not yet
        revealed."""
        first = self.sent + 1
        links = tuple(self.own.link(draw).hex() for draw in range(first, first + count))
        self.sent += count
        return Reveal(first, links)

    def resend(self, first: int, count: int) -> Reveal:
        """This copy's links for draws ``first`` … again (after a reconnection)."""
        if first < 1 or first + count - 1 > self.sent:
            raise ValueError("only links already revealed are sent again")
        return Reveal(first, tuple(self.own.link(draw).hex()
                                   for draw in range(first, first + count)))

    def receive(self, reveal: Reveal) -> None:
        """Check and keep the other copy's links (:class:`ProtocolError` for a forged one)."""
        for offset, link in enumerate(reveal.links):
            self.peer.accept(reveal.first + offset, bytes.fromhex(link))

    @property
    def ready(self) -> int:
        """How many draws both links are known for and not yet used."""
        return min(self.sent, len(self.peer.links)) - len(self.draws)

    def next_index(self, candidates: int) -> int:
        """Decide the next draw among ``candidates`` from both links of its number."""
        if self.ready < 1:
            raise LookupError("a draw was asked for before both links of it were revealed")
        draw = len(self.draws) + 1
        own, peer = self.own.link(draw), self.peer.links[draw - 1]
        host_link, guest_link = (own, peer) if self.host else (peer, own)
        index = draw_index(draw, host_link, guest_link, candidates)
        self.draws.append((candidates, index))
        return index

    def pick(self, candidates: Sequence[T]) -> T:
        """The candidate the next draw picks."""
        return candidates[self.next_index(len(candidates))]

    def indices(self, counts: Sequence[int]) -> list[int]:
        """The indices of the next draws, one for each number of candidates in ``counts``."""
        return [self.next_index(count) for count in counts]

    def record(self, peer_secret: bytes) -> DealRecord:
        """The deal of the game for its record, once the other copy revealed its secret
        (:class:`ProtocolError` when that secret does not verify its links)."""
        self.peer.check_secret(peer_secret)
        own, peer = self.own.secret, peer_secret
        host, guest = (own, peer) if self.host else (peer, own)
        host_end, guest_end = ((self.own.end, self.peer.end) if self.host
                               else (self.peer.end, self.own.end))
        return DealRecord(self.own.length, (host_end.hex(), guest_end.hex()),
                          (host.hex(), guest.hex()), tuple(self.draws))


@dataclass(frozen=True, slots=True)
class DealRecord:
    """What a third party needs to check every draw of a networked game: the chains' length,
    both commitments and both secrets (host first), and each draw's number of candidates and
    index.  Its JSON form is the ``"fair_deal"`` part of the game's record."""

    chain_length: int
    commitments: tuple[str, str]
    secrets: tuple[str, str]
    draws: tuple[tuple[int, int], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"format": DEAL_FORMAT, "chain_length": self.chain_length,
                "commitments": list(self.commitments), "secrets": list(self.secrets),
                "draws": [list(draw) for draw in self.draws]}

    @classmethod
    def from_dict(cls, data: Any) -> DealRecord:
        """The inverse of :meth:`to_dict`; anything else is a ``ValueError``."""
        if not isinstance(data, dict) or data.get("format") != DEAL_FORMAT:
            raise ValueError("not the record of a fair deal")
        length = data.get("chain_length")
        if type(length) is not int or not 1 <= length <= MAX_CHAIN:
            raise ValueError(f"chain_length is 1 to {MAX_CHAIN}")
        pairs = []
        for key in ("commitments", "secrets"):
            value = data.get(key)
            if (not isinstance(value, list) or len(value) != 2
                    or not all(isinstance(item, str) and HEX64.fullmatch(item) for item in value)):
                raise ValueError(f"{key} are two 64-digit hexadecimal values")
            pairs.append((value[0], value[1]))
        draws = data.get("draws")
        if not isinstance(draws, list) or len(draws) > length:
            raise ValueError(f"draws is a list of at most {length} draws")
        checked = []
        for draw in draws:
            if (not isinstance(draw, list) or len(draw) != 2
                    or not all(type(value) is int for value in draw)):
                raise ValueError("each draw is [candidates, index]")
            checked.append((draw[0], draw[1]))
        return cls(length, pairs[0], pairs[1], tuple(checked))


def verify_deal(record: DealRecord) -> None:
    """Check every draw of ``record``: each secret leads to its commitment, and each draw's
    index is the one its two links decide among its candidates.  :class:`ProtocolError`
    (``BAD_DEAL``) names the first thing that fails.  Whether the candidates are those of the
    game's own draws is checked by replaying the game with these indices."""
    for role, secret, commitment in zip(("host", "guest"), record.secrets, record.commitments,
                                        strict=True):
        if chain_end(bytes.fromhex(secret), record.chain_length).hex() != commitment:
            raise ProtocolError(Cause.BAD_DEAL, f"the {role}'s secret does not lead to its "
                                                "commitment")
    host = bytes.fromhex(record.secrets[0])
    guest = bytes.fromhex(record.secrets[1])
    host_links = _chain_links(host, record.chain_length)
    guest_links = _chain_links(guest, record.chain_length)
    for number, (candidates, index) in enumerate(record.draws, start=1):
        if not 2 <= candidates <= MAX_CANDIDATES or not 0 <= index < candidates:
            raise ProtocolError(Cause.BAD_DEAL, f"draw {number} has index {index} among "
                                                f"{candidates} candidates")
        decided = draw_index(number, host_links[number], guest_links[number], candidates)
        if decided != index:
            raise ProtocolError(Cause.BAD_DEAL, f"draw {number} took index {index}; its links "
                                                f"decide {decided}")


def _chain_links(secret: bytes, length: int) -> list[bytes]:
    """The links of a chain by draw number (index 0 unused: the commitment)."""
    links = [secret]
    for _ in range(length):
        links.append(chain_step(links[-1]))
    return links[::-1]

