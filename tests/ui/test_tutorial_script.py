"""Every lesson's scripted deal and steps checked against the rules core: each deal is a
consistent position (R1, R2), each move the lesson asks for and each scripted reply of the
opponent is legal when it comes, the coach speaks only on the player's turn or after the game,
every card a step names lies where the coach points, and every fact a step's words state (the
draw pile's count, the reshuffle, the final round, the scores, the tie-break …) is what the
core says at that moment."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from famiglia.rules import Brute, Game, Refresh, Take
from famiglia.ui.table.places import Place
from famiglia.ui.tutorial.lessons import LESSONS
from famiglia.ui.tutorial.script import Do, Lesson, Point, Reply, Say, Step, resolve


def codes(cards: Any) -> list[str]:
    return [card.code for card in cards]


def fact(game: Game, name: str) -> Any:
    """What the core says about one fact a step states."""
    view = game.view(0)
    result = game.result
    facts = {
        "draw_pile": lambda: len(game.draw_pile),
        "reshuffled": lambda: game.reshuffled,
        "final_round": lambda: game.last_turn is not None,
        "over": lambda: game.is_terminal(),
        "scores": lambda: game.scores,
        "reason": lambda: result.reason if result else None,
        "winner": lambda: result.winner if result else None,
        "decided_by": lambda: result.decided_by if result else None,
        "exchanges_left": lambda: game.exchanges_left,
        "takeable": lambda: tuple(sorted({game.street[take.street].code
                                          for take in game.legal_actions()
                                          if isinstance(take, Take)})),
        "fresh": lambda: tuple(card.card.code for card in view.street if card.fresh),
        "lowered": lambda: next((card.card.code, card.rank) for card in view.street
                                if card.rank != card.card.rank),
        "refresh_allowed": lambda: any(isinstance(action, Refresh)
                                       for action in game.legal_actions()),
    }
    return facts[name]()


def zone_codes(game: Game, point: Point) -> list[str]:
    """The codes of the core's zone a point names (the player is seat 0)."""
    zones = {Place.STREET: game.street, Place.HAND: game.hands[0],
             Place.PLAY: game.play_areas[0], Place.THEIR_PLAY: game.play_areas[1]}
    return codes(zones[point.place]) if isinstance(point.place, Place) else []


def walk(lesson: Lesson, game: Game) -> Iterator[Step]:
    """Each step of ``lesson`` while ``game`` stands as it does when the step comes; the
    steps' moves are played on ``game``."""
    for step in lesson.steps:
        yield step
        if isinstance(step, Do):
            game.apply(resolve(step.expect[0], game))
        elif isinstance(step, Reply):
            game.apply(resolve(step.action, game))


def lesson_of(key: str) -> Lesson:
    return next(lesson for lesson in LESSONS if lesson.key == key)


def steps() -> list[tuple[str, int]]:
    return [(lesson.key, index) for lesson in LESSONS for index in range(len(lesson.steps))]


def test_the_lessons_cover_the_rules_in_order() -> None:
    """The order of the lessons: goal and cards, a free 0 (R3.4a), a pair (R3.4b/c), the Mercenary
    (R3.4b), refreshing (R3.1, R3.1d), the Accountant (R3.2), the Brute (R3.3), the draw pile
    running out and the final round (R4.2, R5.1), passing twice and the score (R5.2, R5.3);
    then playing well: pairs as money, when to refresh and what a Brute buys."""
    assert [lesson.key for lesson in LESSONS] == [
        "goal", "free_zero", "pair", "mercenary", "refresh", "accountant", "brute",
        "running_out", "the_end", "pairs", "timing"]
    assert len({lesson.key for lesson in LESSONS}) == len(LESSONS)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.key)
def test_every_step_is_legal_and_says_what_the_core_shows(lesson: Lesson) -> None:
    game = lesson.deal.game()
    for step in walk(lesson, game):
        if isinstance(step, Reply):
            assert game.current == 1, f"{lesson.key}: the opponent replies only in its turn"
            assert resolve(step.action, game) in game.legal_actions()
            continue
        assert game.current == 0 or game.is_terminal(), (
            f"{lesson.key}: the coach speaks only while the player is to move (or after the "
            f"game): {step.text}")
        for name, value in step.facts.items():
            assert fact(game, name) == value, f"{lesson.key}, {name}: {step.text}"
        pointed: dict[str, set[str]] = {}
        for point in step.points:
            if point.position is not None:
                assert point.position < len(game.street)
                pointed.setdefault(game.street[point.position].code, set()).add(point.place)
                continue
            if point.code is None:
                continue
            assert point.code in zone_codes(game, point), (
                f"{lesson.key}: {point.code} is not in {point.place} ({step.text})")
            pointed.setdefault(point.code, set()).add(point.place)
        for name, code in step.cards.items():
            if f"{{{name}}}" in step.text or f"{{{name}_vp}}" in step.text:
                assert code in pointed, f"{lesson.key}: the text names {code} unpointed"
            else:  # named only by the sentence for another move: on the table all the same
                assert code in codes(game.street) + codes(game.hands[0])
        if isinstance(step, Do):
            legal = game.legal_actions()
            for notation in step.expect:
                assert resolve(notation, game) in legal, f"{lesson.key}: {notation}"
            assert len(legal) > len(step.expect), (
                f"{lesson.key}: a step with no other legal move teaches no choice")


#: How a take-back sentence's clause begins when it only repeats what to do, or what follows
#: from doing it.
COMMAND = re.compile(r"(take|drag|refresh|play|bring|lower|keep|pass|then)\b", re.IGNORECASE)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.key)
def test_every_take_back_sentence_says_why(lesson: Lesson) -> None:
    """The sentence for another move (and for a near miss) gives the reason the lesson wants
    its move: a clause that is neither a command, nor what follows from it ("then you can
    take it"), nor in the step's own words ("it is worth 10 VP", "you hold only one Brute
    1"), not only the instruction again."""
    for step in lesson.steps:
        if not isinstance(step, Do):
            continue
        for sentence in (step.why, step.almost):
            if sentence is None:
                continue
            clauses = [clause.strip() for clause in re.split(r"[:.;]\s+|, then ", sentence)]
            reasons = [clause for clause in clauses if len(clause.split()) >= 3
                       and not COMMAND.match(clause)
                       and clause.rstrip(".").lower() not in step.text.lower()]
            assert reasons, f"{lesson.key}: {sentence!r} gives no reason"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.key)
def test_every_lesson_ends_on_the_players_turn_or_the_games_end(lesson: Lesson) -> None:
    """At the end the coach shows the summary: nobody waits on a scripted move."""
    game = lesson.deal.game()
    for _step in walk(lesson, game):
        pass
    assert game.current == 0 or game.is_terminal()


def test_the_end_is_won_on_the_tie_break() -> None:
    """R5.2: two passes end the game; R5.3: 73 VP each, and the single most valuable card
    (Famiglia 4, 15 VP, against at most 10 VP) decides."""
    lesson = lesson_of("the_end")
    game = lesson.deal.game()
    for _step in walk(lesson, game):
        pass
    result = game.result
    assert result is not None and result.reason == "double_pass"
    assert result.scores == (73, 73) and result.winner == 0
    assert result.decided_by == "tie_break" and result.tie_break_vp == (15, 10)
    assert "F4" in codes(game.hands[0]) and max(card.vp for card in game.owned(1)) == 10


def test_the_draw_pile_lesson_reshuffles_and_ends_in_the_final_round() -> None:
    """R4.2: the first exhaustion reshuffles the discard pile (with the card just discarded);
    R3.1a: the next refresh puts its card under the pile; R5.1: the second exhaustion in the
    start player's turn gives the other player one more turn, then the game ends."""
    lesson = lesson_of("running_out")
    game = lesson.deal.game()
    assert game.first_player == 0 and len(game.draw_pile) == 2 and codes(game.discard) == ["A2"]
    game.apply("refresh 1")
    assert game.reshuffled and sorted(codes(game.draw_pile)) == ["A2", "B2"]
    game.apply("refresh 0")
    assert game.last_turn is not None and not game.draw_pile
    assert codes(game.street)[-1] == "A3"  # the card put under the pile came back


def test_the_refresh_lessons_say_what_r3_1_says() -> None:
    """R3.1: a refresh only while the Street holds no 0, repeated as long as that holds (the
    coach's "you could refresh once more" stands where the core allows one); R3.1b: the
    reshuffle in the middle of a turn leaves that turn one more refresh, and none after it
    (the final round, R3.1c).  The sentences name these conditions, not "nothing you can
    take"."""
    refresh = lesson_of("refresh")
    assert "nothing you can take" not in " ".join(
        step.text for step in refresh.steps if isinstance(step, Do | Say))
    assert "again" in refresh.summary and "no 0" in refresh.summary
    again = [step for step in refresh.steps if isinstance(step, Say)
             and step.facts.get("refresh_allowed")]
    assert again and "refresh once more" in again[0].text
    running_out = lesson_of("running_out")
    game = running_out.deal.game()
    said = []
    for step in walk(running_out, game):
        if isinstance(step, Say) and "refresh" in step.text:
            said.append((step.text, fact(game, "refresh_allowed")))
    assert said[0][1] and "only one refresh" in said[0][0] and "still make that one" in said[0][0]


def test_a_pair_kept_pays_for_the_next_rank_a_single_card_does_not() -> None:
    """R3.4b/c: the pairs lesson's take (an Accountant 1 with the Mercenary standing in,
    keeping the Mercenary) leaves a pair of Accountants 1 that pays for the Accountant 2 in the
    next turn; the free Famiglia 0 it turns down would leave nothing to pay for it."""
    def next_turn_takes(first: str) -> set[str]:
        game = lesson_of("pairs").deal.game()
        game.apply(first)
        game.apply("pass")
        return {game.street[action.street].code for action in game.legal_actions()
                if isinstance(action, Take)}

    assert "A2" in next_turn_takes("take 1 A0+M1 keep M1")
    assert "A2" not in next_turn_takes("take 0")
    kept = lesson_of("pairs").deal.game()
    kept.apply("take 1 A0+M1 keep M1")
    assert "M1" in codes(kept.hands[0]), "the Mercenary stays to stand in again"


def test_the_brute_buys_the_most_valuable_card_and_a_refresh_would_lose_it() -> None:
    """R3.3: of everything the Brute of the timing lesson brings within reach, the Famiglia 3
    it aims at is worth the most; R3.1d: a refresh instead would let the player take only the
    new cards, never the Famiglia 3 (nor, in the later turn, the Famiglia 2 the lesson
    takes)."""
    lesson = lesson_of("timing")
    start = lesson.deal.game()
    best: dict[str, int] = {}
    for brute in [action for action in start.legal_actions() if isinstance(action, Brute)]:
        game = start.copy()
        game.apply(brute)
        worth = [game.street[action.street].vp for action in game.legal_actions()
                 if isinstance(action, Take)]
        best[str(brute)] = max(worth, default=0)
    assert best["brute B2 4 -2"] == max(best.values()) == 10
    for refresh in [action for action in start.legal_actions() if isinstance(action, Refresh)]:
        game = start.copy()
        game.apply(refresh)
        assert "F3" not in [game.street[action.street].code for action in game.legal_actions()
                            if isinstance(action, Take)]
    game = lesson.deal.game()
    for step in walk(lesson, game):
        if isinstance(step, Do) and step.expect[0].startswith("take @F2"):
            for refresh in [a for a in game.legal_actions() if isinstance(a, Refresh)]:
                after = game.copy()
                after.apply(refresh)
                assert "F2" not in [after.street[a.street].code for a in after.legal_actions()
                                    if isinstance(a, Take)]
            break
    else:
        raise AssertionError("the timing lesson takes the Famiglia 2 in its second turn")
