"""A networked game from one copy's side: the meeting, the deal, every move and draw, the end
and its verification, and picking the game up again after a lost connection.

:class:`NetGame` sits on a :class:`~famiglia.net.session.Session`.  Its owner (the table in the
window, or the headless command) calls :meth:`NetGame.poll` every frame or loop and gets back
what happened (:data:`NetEvent`); it answers with its player's choices: :meth:`join` or
:meth:`answer` in the meeting, :meth:`play` for each action of its own seat, :meth:`chat`,
:meth:`resign`.  Nothing here waits.

The game draws through the joint source (``famiglia.rules.draws.OutsideDraws`` deciding each
draw from both chains, ``famiglia.net.fairdeal``).  An action is tried on a copy first: that
dry run says how many draws it needs (:meth:`Game.draw_choices`).  An action that draws
nothing goes as a :class:`~famiglia.net.protocol.Move` with the digest of the position after
it.  One that draws goes without a digest, followed by the mover's links for its draws; the
other copy answers with its own links, each side applies the action once both links of every
draw are in, and the mover sends the digest of the position after it as a
:class:`~famiglia.net.protocol.Position`.  The other copy's every move is checked by our own
core before it is shown (``famiglia.net.moves``).

Each copy keeps its state (``famiglia.net.netstate``: :meth:`NetGame.to_dict`, written by the
owner's ``save`` callback) before it sends anything that depends on it, so after a lost
connection, or a copy killed and started again (:meth:`NetGame.from_dict`), the two meet with
:class:`Resume` and the copy ahead sends what the other lacks: no move is lost or played twice.
There is no undo: a move once sent is the other copy's too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from famiglia.rules import Action, parse_action

from .fairdeal import verify_deal
from .meeting import Meeting, Started
from .moves import check_position, checked_move, position_digest, resume_plan
from .netevents import (
    ChatReceived,
    ConnectionLost,
    Dealt,
    Failed,
    Finished,
    Moved,
    NetEvent,
    Phase,
    Resigned,
    Resumed,
)
from .netstate import SETUP_CHOICES, NetState, Pending, joint_game
from .problems import Cause, NetProblem, ProtocolError
from .protocol import (
    Chat,
    DeclineReason,
    Goodbye,
    Hello,
    Message,
    Move,
    Phrase,
    Position,
    Resign,
    Resume,
    Reveal,
    Secret,
    Table,
)
from .session import Session

#: The causes after which the game waits for the other copy to come back.
RESUMABLE = frozenset({Cause.CONNECTION, Cause.TIMEOUT})


class NetGame(NetState):
    """One copy's side of a networked game (see the module docstring): the state it keeps
    (:class:`~famiglia.net.netstate.NetState`) driven through the protocol."""

    _meeting: Meeting | None = None

    def __init__(self, session: Session, *, name: str, program: str,
                 table: Table | None = None,
                 save: Callable[[dict[str, Any]], None] | None = None,
                 secret: bytes | None = None) -> None:
        """A new game: ``table`` is the host's offer (the fresh-cards rule, R3.1d); a guest
        passes none.  ``save`` is called with :meth:`to_dict` whenever the state must be kept
        (before anything that depends on it is sent); ``secret`` as for
        :class:`~famiglia.net.meeting.Meeting`."""
        self._blank(session, name=name, program=program, host=table is not None, save=save)
        self.table = table
        self._meeting = Meeting(session, name=name, program=program, table=table,
                                secret=secret)
    # ------------------------------------------------------------------ the owner's side
    @property
    def my_turn(self) -> bool:
        """Whether this copy's player may act now."""
        return (self.phase is Phase.PLAYING and self.game is not None and self._pending is None
                and self.resigning is None and self._resent_own is None
                and self._position_due is None and not self.game.is_terminal()
                and self.game.current == self.seat)
    @property
    def waiting_for_draw(self) -> bool:
        """An action was made and waits for the links of its draws."""
        return self._pending is not None

    def join(self) -> None:
        """The guest's player asks to play at the table offered."""
        assert self._meeting is not None
        self._meeting.join()

    def answer(self, accept: bool, reason: DeclineReason = DeclineReason.DECLINED) -> None:
        """The host's player lets the guest in, or not."""
        assert self._meeting is not None
        self._meeting.answer(accept, reason)

    def play(self, action: Action | str) -> list[NetEvent]:
        """This copy's player makes ``action`` (``IllegalAction`` when the rules refuse it,
        ``RuntimeError`` when it is not its turn); what happened at once (the move, unless it
        waits for the other copy's links)."""
        if not self.my_turn:
            raise RuntimeError("it is not this player's turn")
        game = self.game
        assert game is not None
        choices = len(game.draw_choices(action))
        chosen = parse_action(action) if isinstance(action, str) else action
        notation = str(chosen)
        if not choices:
            events = game.apply(chosen)
            self._after_move(0)
            self._link.send(Move(game.ply(), notation, self._digests[-1]))
            return [Moved(self.seat, chosen, events), *self._maybe_end()]
        self._pending = Pending(self.seat, chosen, choices, own=True)
        reveal = self._reveal_for(choices)
        self._keep()
        self._link.send(Move(game.ply() + 1, notation, None))
        if reveal is not None:
            self._link.send(reveal)
        self._link.await_reveal()
        return self._try_pending()

    def chat(self, phrase: Phrase) -> None:
        self._link.send(Chat(phrase))

    def resign(self) -> None:
        """This copy's player gives up (R5: the other wins).  Moves may be on their way from
        the other copy: the resignation takes effect once the other copy answers with its
        secret, after every move it sent before it learnt of it, so that both copies end at
        the same move (:class:`Resigned` comes from :meth:`poll`)."""
        if self.game is None or self.game.is_terminal() or self.resigning is not None:
            return
        self.resigning = self.seat
        self._keep()
        self._link.send(Resign())

    def close(self) -> None:
        """The player leaves: goodbye, without a problem."""
        if self.session is not None:
            self.session.close()

    @property
    def _link(self) -> Session:
        assert self.session is not None, "no connection yet"
        return self.session

    # ------------------------------------------------------------------ polling

    def poll(self) -> list[NetEvent]:
        """Everything that happened since the last call; never waits."""
        out: list[NetEvent] = []
        if self.phase in (Phase.FAILED, Phase.LOST, Phase.OVER) or self.session is None:
            return out
        for item in self.session.poll():
            if self.phase in (Phase.FAILED, Phase.LOST):
                break
            if isinstance(item, NetProblem):
                out += self._trouble(item)
                break
            try:
                out += self._receive(item)
            except ProtocolError as error:
                self._link.close(error.problem.cause)
                out += self._trouble(error.problem)
                break
        return out

    def _trouble(self, problem: NetProblem) -> list[NetEvent]:
        """A problem of the connection: lost (the game waits) or a failure (it stops)."""
        if self.phase is Phase.OVER:
            return []
        resumable = problem.cause in RESUMABLE and self.game is not None
        if self.phase is Phase.RESUMING and self._peer_resume is None:
            resumable = True  # whoever came was not the other copy: wait on
        if self.phase is Phase.ENDING and problem.cause in RESUMABLE:
            resumable = True
        self.problem = problem
        self._drop_in_flight()
        if resumable:
            self.phase = Phase.LOST
            return [ConnectionLost(problem)]
        self.phase = Phase.FAILED
        return [Failed(problem)]

    def _drop_in_flight(self) -> None:
        """The connection is gone: the other copy's move waiting for its draws, and the
        position due after its last one, come again when it is back (this copy's own move
        waiting for its draws is kept, to be sent again)."""
        self._pending = None if self._pending and not self._pending.own else self._pending
        self._position_due = None

    def _receive(self, message: Message) -> list[NetEvent]:
        if isinstance(message, Goodbye):
            cause = message.problem
            if cause is None and self.phase in (Phase.ENDING, Phase.OVER):
                return []
            return self._trouble(NetProblem(cause or Cause.CONNECTION,
                                            "the other copy left" if cause is None
                                            else f"the other copy stopped: {cause}"))
        if isinstance(message, Chat):
            return [ChatReceived(message.phrase)]
        if self.phase is Phase.MEETING:
            return self._meet(message)
        if self.phase is Phase.RESUMING:
            return self._resume_message(message)
        if isinstance(message, Reveal):
            assert self.draws is not None
            self.draws.receive(message)
            return self._deal() if self.phase is Phase.DEALING else self._try_pending()
        if self.phase is Phase.DEALING:
            raise ProtocolError(Cause.UNEXPECTED, f"a {message.kind} message before the deal")
        if isinstance(message, Move):
            return self._remote_move(message)
        if isinstance(message, Position):
            return self._position(message)
        if isinstance(message, Resign):
            if self.resigned == self.peer_seat or self.resigning == self.peer_seat:
                return []  # told again after a reconnection
            if self.game is None or self.game.is_terminal() or self.resigning is not None:
                raise ProtocolError(Cause.UNEXPECTED, "a resignation after the end")
            self.resigning = self.peer_seat
            self._keep()
            return self._maybe_end()
        if isinstance(message, Secret):
            return self._peer_secret(message)
        raise ProtocolError(Cause.UNEXPECTED, f"a {message.kind} message during the game")

    # ------------------------------------------------------------------ the meeting and deal

    def _meet(self, message: Message) -> list[NetEvent]:
        assert self._meeting is not None
        events = self._meeting.receive(message)
        self.peer_name = self._meeting.peer_name
        self.table = self._meeting.table
        out: list[NetEvent] = []
        for event in events:
            if isinstance(event, Started):
                self.first_player, self.draws = event.first_player, event.draws
                self.phase = Phase.DEALING
                self._meeting = None
                self._link.send(self.draws.reveal(SETUP_CHOICES))
                self._link.await_reveal()
                out += self._deal()
            else:
                out.append(event)
        return out

    def _deal(self) -> list[NetEvent]:
        """Deal once both links of the Street's draws are in (R2.4), then check each other's
        deal by its digest."""
        draws = self.draws
        assert draws is not None and self.table is not None
        if self.game is not None or draws.ready < SETUP_CHOICES:
            return []
        self._link.reveal_settled()
        self.game = joint_game(self.first_player, self.table.fresh_cards_rule,
                               draws.next_index)
        self._digests = [position_digest(self.game)]
        self._position_due = 0
        self.phase = Phase.PLAYING
        self._keep()
        self._link.send(Position(0, self._digests[0]))
        return [Dealt()]

    # ------------------------------------------------------------------ moves and draws

    def _reveal_for(self, choices: int) -> Reveal | None:
        """This copy's links still unrevealed for the next ``choices`` draws."""
        draws = self.draws
        assert draws is not None
        missing = len(draws.draws) + choices - draws.sent
        return draws.reveal(missing) if missing > 0 else None

    def _remote_move(self, move: Move) -> list[NetEvent]:
        game = self.game
        assert game is not None
        if self._pending is not None or self._position_due is not None:
            raise ProtocolError(Cause.OUT_OF_SEQUENCE, f"move {move.ply} came before the "
                                                       "last one was settled")
        if move.ply != game.ply() + 1:
            raise ProtocolError(Cause.OUT_OF_SEQUENCE, f"move {move.ply} came when move "
                                                       f"{game.ply() + 1} was next")
        if game.is_terminal():
            raise ProtocolError(Cause.UNEXPECTED, "a move after the end of the game")
        action, choices = checked_move(game, move.move)
        seat = game.current
        if seat == self.seat:
            # only this copy's own move that the other copy applied before the connection
            # broke comes back, exactly as it was made
            if self._resent_own != action:
                raise ProtocolError(Cause.UNEXPECTED, f"a move for this copy's seat: "
                                                      f"{move.move!r}")
            self._resent_own = None
        if (move.digest is None) != (choices > 0):
            raise ProtocolError(Cause.DIVERGED, f"{move.move!r} draws {choices} times here; "
                                                "its digest says otherwise")
        if not choices:
            trial = game.copy()
            trial.push(action)
            if position_digest(trial) != move.digest:
                raise ProtocolError(Cause.DIVERGED, f"the position after {move.move!r} "
                                                    f"(move {move.ply}) differs")
            events = game.apply(action)
            self._after_move(0)
            return [Moved(seat, action, events), *self._maybe_end()]
        self._pending = Pending(seat, action, choices, own=False)
        reveal = self._reveal_for(choices)
        self._keep()
        if reveal is not None:
            self._link.send(reveal)
        self._link.await_reveal()
        return self._try_pending()

    def _try_pending(self) -> list[NetEvent]:
        """Apply the action waiting for its draws once both links of each are in."""
        pending, draws, game = self._pending, self.draws, self.game
        if pending is None or draws is None or game is None or draws.ready < pending.choices:
            return []
        self._link.reveal_settled()
        self._pending = None
        events = game.apply(pending.action)
        self._after_move(pending.choices)
        if pending.own:
            self._link.send(Position(game.ply(), self._digests[-1]))
        else:
            self._position_due = game.ply()
        out: list[NetEvent] = [Moved(pending.seat, pending.action, events)]
        return out + self._maybe_end()
    def _position(self, position: Position) -> list[NetEvent]:
        if self._position_due is None or position.ply != self._position_due:
            raise ProtocolError(Cause.OUT_OF_SEQUENCE, f"the position of move {position.ply} "
                                                       "was not due")
        assert self.game is not None
        check_position(self.game, position)
        self._position_due = None
        return self._maybe_end()

    def _resign_now(self) -> list[NetEvent]:
        """The resignation waiting takes effect (nothing is in flight any more)."""
        game, seat = self.game, self.resigning
        assert game is not None and seat is not None
        self.resigning = None
        self.resigned = seat
        events = game.resign(seat)
        self._keep()
        return [Resigned(seat, events)]

    # ------------------------------------------------------------------ the end

    def _maybe_end(self) -> list[NetEvent]:
        """Once the game is over and settled, reveal this copy's secret (R5.4: nothing is
        hidden any more), and verify the other's when it is in.  The other copy's resignation
        takes effect here, once this copy's moves in flight are settled."""
        game = self.game
        if game is None or self._position_due is not None or self._pending is not None:
            return []
        out: list[NetEvent] = []
        if self.resigning == self.peer_seat and not game.is_terminal():
            out = self._resign_now()
        if not game.is_terminal():
            return out
        if self.phase is Phase.PLAYING:
            self.phase = Phase.ENDING
        if not self._secret_sent:
            assert self.draws is not None
            self._secret_sent = True
            self._link.send(Secret(self.draws.own.secret.hex()))
        return out + self._verify()

    def _peer_secret(self, message: Secret) -> list[NetEvent]:
        game = self.game
        secret = bytes.fromhex(message.secret)
        if self.peer_secret == secret:
            return []  # told again after a reconnection
        out: list[NetEvent] = []
        if (self.resigning == self.seat and game is not None and not game.is_terminal()
                and self._pending is None and self._position_due is None):
            out = self._resign_now()  # the other copy settled every move it sent before
        if game is None or not game.is_terminal() or self.peer_secret is not None:
            raise ProtocolError(Cause.UNEXPECTED, "a secret before the end of the game")
        self.peer_secret = secret
        return out + self._maybe_end()

    def _verify(self) -> list[NetEvent]:
        if self.peer_secret is None or not self._secret_sent or self.phase is Phase.OVER:
            return []
        assert self.draws is not None
        deal = self.draws.record(self.peer_secret)
        verify_deal(deal)
        self.deal = deal
        self.phase = Phase.OVER
        self._keep()
        self._link.close()
        return [Finished(deal)]

    # ------------------------------------------------------------------ resuming

    def resume(self, session: Session) -> None:
        """Meet the other copy again over a new connection (after :class:`ConnectionLost`,
        after this copy was started again from its save, or when a new connection came while
        the old one seemed alive: the old one is closed)."""
        if self.game is None:
            raise RuntimeError("a game that was never dealt cannot be resumed")
        if self.session is not None and self.session is not session:
            self.session.close()
            self._drop_in_flight()
        self.session = session
        self.phase = Phase.RESUMING
        self._peer_resume = None
        self.problem = None
        assert self.draws is not None
        session.send(Hello(self.name, self.program))
        session.send(Resume(self.game.ply(), len(self.draws.peer.links)))

    def _resume_message(self, message: Message) -> list[NetEvent]:
        if isinstance(message, Hello) and self._peer_resume is None:
            if message.name != self.peer_name:
                raise ProtocolError(Cause.UNEXPECTED, "someone else came back")
            return []
        if not isinstance(message, Resume) or self._peer_resume is not None:
            raise ProtocolError(Cause.UNEXPECTED, f"a {message.kind} message while resuming")
        self._peer_resume = message
        game, draws = self.game, self.draws
        assert game is not None and draws is not None
        plan = resume_plan(game.ply(), draws.sent, message)
        if plan.links_from is not None:
            self._link.send(draws.resend(plan.links_from, draws.sent - plan.links_from + 1))
        if plan.moves_from is not None:
            for ply in range(plan.moves_from, game.ply() + 1):
                self._resend(ply)
        if self.resigned == self.seat:
            self._link.send(Resign())
        self.phase = Phase.PLAYING
        pending = self._pending
        if pending is not None and pending.own and message.ply == game.ply():
            self._link.send(Move(game.ply() + 1, str(pending.action), None))
            self._link.await_reveal()
        elif pending is not None and pending.own and plan.behind:
            self._pending, self._resent_own = None, pending.action
        out: list[NetEvent] = [Resumed()]
        if game.is_terminal():
            self._secret_sent = False
            out += self._maybe_end()
        return out + self._try_pending()

    def _resend(self, ply: int) -> None:
        """Move ``ply`` again, for the other copy that lacks it."""
        game = self.game
        assert game is not None
        moves = game.move_stack
        drew = self._choices[ply - 1] > 0
        self._link.send(Move(ply, str(moves[ply - 1].action),
                               None if drew else self._digests[ply]))
        if drew:
            self._link.send(Position(ply, self._digests[ply]))
