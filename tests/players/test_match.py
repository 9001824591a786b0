"""Strength in miniature: a short seat-swapped match at a low iteration count shows the search
player beating random play.  Figures at the real levels come from ``famiglia arena``; this
asserts on wins only, never on timings."""

from __future__ import annotations

from famiglia.arena import play_one, tally, tasks


def test_a_small_search_beats_random_from_both_seats() -> None:
    """R5.3 winners over three deals, each played from both seats (R2.3 start player
    alternating with the deal)."""
    match = tasks("mcts:30", "no_pass_random", 6, seed=40)
    assert sorted(seat for *_, seat in match) == [0, 0, 0, 1, 1, 1]
    stats = tally([play_one(*task) for task in match])
    assert stats.games == 6
    assert stats.wins >= 5
    assert stats.mean_margin > 10


def test_a_small_search_beats_the_easiest_gangster_more_often_than_greedy_does() -> None:
    """S3–S5: on the same deals against level 1 (variant a), the search player wins at least
    as many games as the greedy player."""
    match = tasks("mcts:60", "gangster:1a", 4, seed=70)
    search = tally([play_one(*task) for task in match])
    greedy = tally([play_one("greedy", *task[1:]) for task in match])
    assert search.games == greedy.games == 4
    assert search.wins >= greedy.wins
    assert search.mean_margin > greedy.mean_margin
