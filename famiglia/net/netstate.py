"""What one copy of a networked game keeps, and its save: the seats and the table, the joint
draws (both chains, ``famiglia.net.fairdeal``), the moves with the digest of the position after
each and how many draws each needed, the action waiting for its draws, the resignation.

:class:`NetState` holds it; :class:`~famiglia.net.netgame.NetGame` drives it through the
protocol.  The state is kept (:meth:`NetState.to_dict`, through the ``keeper`` callback) before
anything that depends on it is sent, so that a copy killed and started again
(:meth:`NetState.from_dict`) deals and replays the same game, every move through the rules and
every link against its chain, and meets the other copy again from there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Self

from famiglia.rules import Action, Game, parse_action
from famiglia.rules.draws import Chooser, CountingDraws, OutsideDraws, ReplayedDraws

from .fairdeal import ChainCheck, DealRecord, HashChain, JointDraws, verify_deal
from .meeting import GUEST_SEAT, HOST_SEAT
from .moves import position_digest
from .netevents import Phase
from .problems import NetProblem, ProtocolError
from .protocol import Resume, Table
from .session import Session

SAVE_FORMAT = "famiglia-netgame"
SAVE_VERSION = 1


def joint_game(first_player: int, fresh_cards_rule: bool, choose: Chooser) -> Game:
    """A game dealt through the joint source: every draw decided by ``choose`` (R2.2, R2.4).
    Its seed draws nothing: it is 0 in every copy."""
    return Game.new(0, first_player=first_player, fresh_cards_rule=fresh_cards_rule,
                    draws=OutsideDraws(choose))


def _setup_choices() -> int:
    counter = CountingDraws()
    Game.new(draws=counter)
    return len(counter.counts)


#: The draws of the deal that need a choice: the six cards of the Street (R2.4).
SETUP_CHOICES = _setup_choices()


@dataclass(slots=True)
class Pending:
    """An action that draws, waiting for the links of its draws: ``own`` when this copy's
    player made it; ``choices`` how many draws need both links."""

    seat: int
    action: Action
    choices: int
    own: bool


class NetState:
    """One copy's side of a networked game, as it is kept (see the module docstring)."""

    table: Table | None

    def _blank(self, session: Session | None, *, name: str, program: str, host: bool,
               save: Callable[[dict[str, Any]], None] | None) -> None:
        self.session: Session | None = session
        self.name, self.program = name, program
        self.host = host
        self.seat = HOST_SEAT if host else GUEST_SEAT
        self.peer_name: str | None = None
        self.phase = Phase.MEETING
        self.problem: NetProblem | None = None
        self.game: Game | None = None
        self.draws: JointDraws | None = None
        self.table = None
        self.first_player = 0
        self.resigned: int | None = None
        #: A seat whose player gave up, the resignation waiting for the moves in flight.
        self.resigning: int | None = None
        self.peer_secret: bytes | None = None
        self.deal: DealRecord | None = None
        #: Called with :meth:`to_dict` whenever the state must be kept (its owner may set it).
        self.keeper = save
        self._pending: Pending | None = None
        self._position_due: int | None = None
        self._digests: list[str] = []
        self._choices: list[int] = []
        self._secret_sent = False
        self._peer_resume: Resume | None = None
        #: This copy's move that waited for its draws when the connection broke and that the
        #: other copy applied: it comes back from there.
        self._resent_own: Action | None = None


    @property
    def peer_seat(self) -> int:
        return 1 - self.seat

    def follower(self) -> Game:
        """A second copy of the game, for a table that shows each move some time after this
        copy made or checked it: dealt as this one was, its draws read from this copy's as
        they are made (the same cards: no order exists in either), and the moves so far
        played on it.  Its owner plays each :class:`Moved` and :class:`Resigned` on it."""
        game, draws, table = self.game, self.draws, self.table
        if game is None or draws is None or table is None:
            raise RuntimeError("a game that was never dealt has nothing to follow")
        shown = joint_game(self.first_player, table.fresh_cards_rule,
                           ReplayedDraws(draws.draws, first=1))
        for _step in shown.replay_moves(game.move_stack):
            pass
        if self.resigned is not None:
            shown.resign(self.resigned)
        return shown
    def _after_move(self, choices: int) -> None:
        assert self.game is not None
        self._digests.append(position_digest(self.game))
        self._choices.append(choices)
        self._keep()
    def _keep(self) -> None:
        if self.keeper is not None and self.game is not None:
            self.keeper(self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        """This copy's side of the game, JSON-ready: enough to deal it again, replay it and
        go on (its own secret included: keep it to this machine)."""
        game, draws, table = self.game, self.draws, self.table
        assert game is not None and draws is not None and table is not None
        pending = self._pending
        return {
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "host": self.host,
            "name": self.name, "peer_name": self.peer_name, "program": self.program,
            "fresh_cards_rule": table.fresh_cards_rule, "first_player": self.first_player,
            "chain_length": draws.own.length, "secret": draws.own.secret.hex(),
            "peer_end": draws.peer.end.hex(),
            "peer_links": [link.hex() for link in draws.peer.links], "sent": draws.sent,
            "moves": [str(move.action) for move in game.move_stack],
            "resigned": self.resigned, "resigning": self.resigning,
            "pending": str(pending.action) if pending is not None and pending.own else None,
            "peer_secret": None if self.peer_secret is None else self.peer_secret.hex(),
        }

    @classmethod
    def from_dict(cls, data: Any, *,
                  save: Callable[[dict[str, Any]], None] | None = None) -> Self:
        """The game :meth:`to_dict` kept, dealt and replayed again (every move through the
        rules, every link against its chain), waiting to :meth:`resume`; ``ValueError`` says
        what is wrong with ``data``."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise ValueError("not a networked game")
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"a networked game of version {data.get('version')!r}")
        try:
            return cls._restore(data, save)
        except (KeyError, TypeError, AttributeError, LookupError, ProtocolError) as error:
            raise ValueError(f"the networked game is damaged: {error}") from None

    @classmethod
    def _restore(cls, data: dict[str, Any],
                 save: Callable[[dict[str, Any]], None] | None) -> Self:
        self = cls.__new__(cls)
        host, names = data["host"], (data["name"], data["peer_name"])
        if not isinstance(host, bool) or not all(isinstance(n, str) for n in names):
            raise ValueError("the networked game's seats are damaged")
        self._blank(None, name=names[0], program=str(data["program"]), host=host, save=save)
        self.peer_name = names[1]
        fresh, first, length = data["fresh_cards_rule"], data["first_player"], data["chain_length"]
        if not isinstance(fresh, bool) or first not in (0, 1) or type(length) is not int:
            raise ValueError("the networked game's table is damaged")
        self.table, self.first_player = Table(fresh, length), first
        peer = ChainCheck(bytes.fromhex(data["peer_end"]), length)
        for number, link in enumerate(data["peer_links"], start=1):
            peer.accept(number, bytes.fromhex(link))
        draws = JointDraws(HashChain(bytes.fromhex(data["secret"]), length), peer, host=host)
        sent = data["sent"]
        if type(sent) is not int or not 0 <= sent <= length:
            raise ValueError("the count of links revealed is damaged")
        draws.sent = sent
        self.draws = draws
        if draws.next_index(2) != first:
            raise ValueError("the first draw did not decide who starts")
        game = self.game = joint_game(first, fresh, draws.next_index)
        self._digests = [position_digest(game)]
        for notation in data["moves"]:
            action = parse_action(notation)
            choices = len(game.draw_choices(action))
            game.push(action)
            self._digests.append(position_digest(game))
            self._choices.append(choices)
        resigned = data["resigned"]
        if resigned is not None:
            game.resign(resigned)
            self.resigned = resigned
        resigning = data["resigning"]
        if resigning not in (None, 0, 1) or (resigning is not None and game.is_terminal()):
            raise ValueError("the resignation is damaged")
        self.resigning = resigning
        if data["pending"] is not None:
            action = parse_action(data["pending"])
            if game.current != self.seat or game.is_terminal():
                raise ValueError("the move waiting for its draws is not this player's")
            self._pending = Pending(self.seat, action, len(game.draw_choices(action)),
                                     own=True)
        if data["peer_secret"] is not None:
            self.peer_secret = bytes.fromhex(data["peer_secret"])
            self._secret_sent = True
            self.deal = draws.record(self.peer_secret)
            verify_deal(self.deal)
            self.phase = Phase.OVER
        else:
            self.phase = Phase.LOST
        return self

    def partial_deal(self) -> dict[str, Any]:
        """The fair-deal part of the record of a game that stopped before both secrets were
        out: the commitments and the draws, this copy's secret, the other's unknown."""
        draws = self.draws
        assert draws is not None
        own, peer = draws.own, draws.peer
        ends = (own.end.hex(), peer.end.hex()) if self.host else (peer.end.hex(), own.end.hex())
        secrets = (own.secret.hex(), None) if self.host else (None, own.secret.hex())
        return {"chain_length": own.length, "commitments": list(ends), "secrets": list(secrets),
                "draws": [list(draw) for draw in draws.draws]}
