"""A networked game's side played by a computer player: the headless ``famiglia host`` and
``famiglia join``, the tests' whole games and the benchmark.

:class:`Autoplay` answers the meeting as a player would who wants to play (a guest asks to
join the table offered, a host lets the first guest in) and makes its seat's moves with any
player ``famiglia arena`` knows; :meth:`Autoplay.step` never waits, so one loop can drive both
sides of a game in one process.
"""

from __future__ import annotations

from famiglia.players.base import Player

from .meeting import JoinAsked, PeerArrived
from .netgame import NetEvent, NetGame, Phase

#: The phases after which a side has nothing more to do on this connection.
SETTLED = frozenset({Phase.OVER, Phase.FAILED, Phase.LOST})


class Autoplay:
    """One side of a networked game played by ``player`` (see the module docstring)."""

    def __init__(self, net: NetGame, player: Player) -> None:
        self.net = net
        self.player = player
        #: Every event this side saw, oldest first.
        self.events: list[NetEvent] = []

    @property
    def settled(self) -> bool:
        """The game is over and verified, failed, or waiting for a lost connection."""
        return self.net.phase in SETTLED

    def step(self) -> list[NetEvent]:
        """Take what arrived, answer the meeting, make this seat's move when it is due."""
        net = self.net
        events = net.poll()
        for event in events:
            if isinstance(event, PeerArrived) and not net.host:
                net.join()
            elif isinstance(event, JoinAsked):
                net.answer(True)
        if net.my_turn:
            assert net.game is not None
            events += net.play(self.player.choose(net.game))
        self.events += events
        return events
