"""Fit the winning-chances model the analysis and the search player use
(``famiglia/players/chances.py``) from self-play games, and print how well it fits.

    python scripts/fit_chances.py selfplay OUT.jsonl [--games N] [--seed S]
    python scripts/fit_chances.py fit OUT.jsonl [...]
    python scripts/fit_chances.py measure GAMES.jsonl OUT.jsonl [--every N] [--first N]
    python scripts/fit_chances.py calibrate OUT.jsonl

``selfplay`` plays games between two search players at the level whose play the chances
stand for (:data:`famiglia.players.chances.PLAY_LEVEL`) and appends one JSON line per game to
``OUT.jsonl`` (the game record, and from which move on both seats played at that level); run
again, it goes on where the file stops.  A third of the games begin with a few turns of weaker
players (Easy, greedy, random), so the positions include the leads and the blunders that
people's games hold; only the positions after those turns are used.

``fit`` reads such files, replays every game and fits the model's constants by logistic
regression (Newton's method, no dependency beyond the standard library) on the features of
each position after the opening turns against whether seat 0 won (a draw counts half), on
four fifths of the games; it prints the constants to paste into ``chances.py`` and the fit
on the other fifth (log loss, Brier score, a table of predicted against observed win rates).

``measure`` measures the move played at some decisions of games the model was not fitted on,
as the analysis does, and ``calibrate`` checks on those measurements whether a second map
from the chances measured to the results would fit better than the chances themselves.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

from famiglia.players import chances, make_player
from famiglia.players.advice import DEFAULT_LEVEL, EFFORTS, advise
from famiglia.players.chances import PLAY_LEVEL
from famiglia.players.ending import passing_wins
from famiglia.rules import Game, read_record, write_record

#: The weaker players that open a third of the games, and for how many turns at most.
OPENERS = ("mcts:easy", "greedy", "balanced")
OPENING_TURNS = 24


def _player(spec: str, seed: int) -> Any:
    kind, _, level = spec.partition(":")
    return make_player(kind, seed=seed, **({"level": level} if level else {}))


def selfplay_game(seed: int) -> dict[str, Any]:
    """One game of the deal ``seed``: maybe a few opening turns by weaker players, then both
    seats at :data:`PLAY_LEVEL`; its record and the ply from which the level played."""
    rng = random.Random(seed)
    game = Game.new(seed, first_player=seed % 2)
    opening = 0
    if seed % 3 == 0:
        turns = rng.randrange(1, OPENING_TURNS)
        openers = [_player(rng.choice(OPENERS), 2 * seed + seat) for seat in (0, 1)]
        while not game.is_terminal() and game.turn < turns:
            game.push(openers[game.current].choose(game))
        opening = game.ply()
    players = [_player(f"mcts:{PLAY_LEVEL}", 2 * seed + seat + 7) for seat in (0, 1)]
    while not game.is_terminal():
        game.push(players[game.current].choose(game))
    return {"record": write_record(game), "from_ply": opening}


def selfplay(path: Path, games: int, seed: int) -> None:
    done = 0
    if path.exists():
        done = sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line)
    with path.open("a", encoding="utf-8") as out:
        for index in range(done, games):
            out.write(json.dumps(selfplay_game(seed + index), separators=(",", ":")) + "\n")
            out.flush()
            print(f"\r{index + 1}/{games} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)



# ------------------------------------------------------------------ fitting


def read_games(paths: list[Path]) -> list[dict[str, Any]]:
    games = []
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                games.append(json.loads(line))
    return games


def labelled_positions(game_data: dict[str, Any], every: int = 1) -> list[tuple[Game, float]]:
    """The running positions of a self-play game from its ``from_ply`` on (every ``every``-th
    action), each with seat 0's result (a draw half); positions whose chances are certain
    (after the opponent's pass, a seat ahead wins by passing, R5.2) are left out."""
    final = read_record(game_data["record"])
    assert final.result is not None
    winner = final.result.winner
    label = 0.5 if winner is None else float(winner == 0)
    game = Game.from_setup(final.setup)
    found = []
    for ply, move in enumerate(final.move_stack):
        if ply >= game_data["from_ply"] and ply % every == 0 and not passing_wins(game):
            found.append((game.copy(), label))
        game.push(move.action)
    return found


def newton(rows: list[tuple[tuple[float, ...], float]], steps: int = 12) -> list[float]:
    """Logistic regression without an intercept (the features are antisymmetric in the
    seats, so a position and its mirror get chances that add up to one): Newton's method on
    the log loss, labels between 0 and 1."""
    size = len(rows[0][0])
    weights = [0.0] * size
    for _ in range(steps):
        gradient = [0.0] * size
        hessian = [[0.0] * size for _ in range(size)]
        for x, y in rows:
            p = chances.logistic(sum(w * f for w, f in zip(weights, x, strict=True)))
            error, curve = p - y, max(p * (1 - p), 1e-9)
            for i in range(size):
                gradient[i] += error * x[i]
                row = hessian[i]
                for j in range(i, size):
                    row[j] += curve * x[i] * x[j]
        for i in range(size):
            hessian[i][i] += 1e-6
            for j in range(i):
                hessian[i][j] = hessian[j][i]
        step = solve(hessian, gradient)
        weights = [w - s for w, s in zip(weights, step, strict=True)]
    return weights


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the systems are tiny)."""
    size = len(vector)
    rows = [[*row, value] for row, value in zip(matrix, vector, strict=True)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        for r in range(size):
            if r != column:
                factor = rows[r][column] / rows[column][column]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def scores(predicted: list[float], labels: list[float]) -> tuple[float, float]:
    """Mean log loss and Brier score."""
    loss = brier = 0.0
    for p, y in zip(predicted, labels, strict=True):
        p = min(max(p, 1e-6), 1 - 1e-6)
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        brier += (p - y) ** 2
    return loss / len(labels), brier / len(labels)


def reliability(predicted: list[float], labels: list[float], bins: int = 10) -> str:
    """Predicted against observed win rates per tenth of the predictions."""
    groups: list[list[tuple[float, float]]] = [[] for _ in range(bins)]
    for p, y in zip(predicted, labels, strict=True):
        groups[min(bins - 1, int(p * bins))].append((p, y))
    lines = ["predicted  observed  positions"]
    for group in groups:
        if group:
            lines.append(f"{100 * sum(p for p, _ in group) / len(group):8.1f} %"
                         f"{100 * sum(y for _, y in group) / len(group):8.1f} %"
                         f"{len(group):10d}")
    return "\n".join(lines)


def model_row(game: Game) -> tuple[float, ...]:
    """:func:`chances.log_odds`' inputs as one row: each feature times its share of each knot
    (the interpolation between the two knots around the cards still to come)."""
    index, towards = chances.stage(chances.cards_to_come(game))
    shares = [0.0] * len(chances.KNOTS)
    shares[index], shares[index + 1] = 1.0 - towards, towards
    return tuple(value * share for value in chances.features(game) for share in shares)


def fit(paths: list[Path], every: int) -> None:
    """Fit :data:`chances.WEIGHTS` for each of :data:`POWERS` on four fifths of the games;
    print the best on the other fifth, with its fit."""
    games = read_games(paths)
    cut = len(games) * 4 // 5
    train = [pair for data in games[:cut] for pair in labelled_positions(data, every)]
    test = [pair for data in games[cut:] for pair in labelled_positions(data, every)]
    print(f"{len(games)} games: {len(train)} positions to fit, {len(test)} to test",
          file=sys.stderr)
    labels = [label for _, label in test]
    best: tuple[float, float, tuple[tuple[float, ...], ...]] | None = None
    for power in POWERS:
        chances.POWER = power
        weights = newton([(model_row(game), label) for game, label in train])
        knots = len(chances.KNOTS)
        chances.WEIGHTS = tuple(tuple(round(w, 3) for w in weights[k * knots:(k + 1) * knots])
                                for k in range(len(weights) // knots))
        predicted = [chances.logistic(chances.log_odds(game)) for game, _ in test]
        loss, brier = scores(predicted, labels)
        print(f"POWER {power}: log loss {loss:.4f} (a coin: 0.6931), Brier {brier:.4f}",
              flush=True)
        if best is None or loss < best[1]:
            best = (power, loss, chances.WEIGHTS)
    assert best is not None
    chances.POWER, _loss, chances.WEIGHTS = best
    print(f"POWER = {chances.POWER}\nWEIGHTS = (\n"
          + "".join(f"    {row},\n" for row in chances.WEIGHTS) + ")")
    print(reliability([chances.logistic(chances.log_odds(game)) for game, _ in test], labels))


#: The weights of a rank point in the hand tried (:data:`famiglia.players.chances.POWER`).
POWERS = (4.0, 8.0, 12.0, 16.0, 20.0)


# ------------------------------------------------------------------ calibration


def measured_positions(games: list[dict[str, Any]], every: int) -> list[tuple[Game, Any, float]]:
    """Every ``every``-th decision of the games after their opening turns: the position, the
    move played and seat-to-move's result (a draw half)."""
    found = []
    count = 0
    for data in games:
        final = read_record(data["record"])
        assert final.result is not None
        winner = final.result.winner
        game = Game.from_setup(final.setup)
        for ply, move in enumerate(final.move_stack):
            if ply >= data["from_ply"] and len(game.legal_actions()) > 1:
                count += 1
                if count % every == 0:
                    result = 0.5 if winner is None else float(winner == game.current)
                    found.append((game.copy(), move.action, result))
            game.push(move.action)
    return found


def calibration_data(games_path: Path, out: Path, every: int, first: int) -> None:
    """Measure the move played at every ``every``-th decision of the games from the
    ``first``-th on, as the analysis does, and append its chances, the cards still to come
    and the result to ``out``; run again, it goes on where the file stops."""
    positions = measured_positions(read_games([games_path])[first:], every)
    done = 0
    if out.exists():
        done = sum(1 for line in out.read_text(encoding="utf-8").splitlines() if line)
    with out.open("a", encoding="utf-8") as file:
        for index in range(done, len(positions)):
            game, played, result = positions[index]
            found = advise(game, effort=EFFORTS[DEFAULT_LEVEL], played=played)
            option = found.other or found.best
            file.write(json.dumps({"chances": option.chances / 100.0, "result": result,
                                   "left": chances.cards_to_come(game)}) + "\n")
            file.flush()
            print(f"\r{index + 1}/{len(positions)} positions", end="", file=sys.stderr,
                  flush=True)
    print(file=sys.stderr)


def check_calibration(path: Path) -> None:
    """Whether a second logistic map from the measured chances to the results (its log-odds
    scaled by one factor near the end of the game and another at its start) fits the
    results better than the chances themselves: fitted on half of ``path``'s measurements,
    both judged on the other half."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    train, test = rows[0::2], rows[1::2]

    def inputs(row: dict[str, Any]) -> tuple[float, float]:
        p = min(max(row["chances"], LEAST), 1 - LEAST)
        share = min(1.0, row["left"] / chances.KNOTS[-1])
        logit = math.log(p / (1 - p))
        return logit * (1 - share), logit * share

    fitted = newton([(inputs(row), row["result"]) for row in train])
    labels = [row["result"] for row in test]
    for name, (scale_end, scale_start) in (("as measured", (1.0, 1.0)),
                                           ("mapped", (fitted[0], fitted[1]))):
        predicted = [chances.logistic(scale_end * a + scale_start * b)
                     for a, b in (inputs(row) for row in test)]
        loss, brier = scores(predicted, labels)
        print(f"{name} (scales {scale_end:.3f} at the end, {scale_start:.3f} at the start): "
              f"log loss {loss:.4f}, Brier {brier:.4f} on {len(test)} positions")
        print(reliability(predicted, labels))


#: Chances are kept this far from 0 and 1 for their log-odds.
LEAST = 0.001


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("selfplay")
    play.add_argument("out", type=Path)
    play.add_argument("--games", type=int, default=3000)
    play.add_argument("--seed", type=int, default=100_000)
    fitting = commands.add_parser("fit")
    fitting.add_argument("games", type=Path, nargs="+")
    fitting.add_argument("--every", type=int, default=2,
                         help="use every n-th position of a game (default 2)")
    measuring = commands.add_parser("measure")
    measuring.add_argument("games", type=Path)
    measuring.add_argument("out", type=Path)
    measuring.add_argument("--every", type=int, default=7,
                           help="measure every n-th decision (default 7)")
    measuring.add_argument("--first", type=int, default=0,
                           help="skip the file's first games (those the model was fitted on)")
    calibrating = commands.add_parser("calibrate")
    calibrating.add_argument("measured", type=Path)
    args = parser.parse_args()
    if args.command == "selfplay":
        selfplay(args.out, args.games, args.seed)
    elif args.command == "fit":
        fit(args.games, args.every)
    elif args.command == "measure":
        calibration_data(args.games, args.out, args.every, args.first)
    else:
        check_calibration(args.measured)
    return 0


if __name__ == "__main__":
    sys.exit(main())
