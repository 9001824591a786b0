"""``famiglia host``, ``famiglia join`` and ``famiglia verify`` as two processes on loopback:
a whole game with a computer player in each copy, the same record on both sides, verified;
a tampered record fails verification (R5.4)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from command_pair import play_pair

from famiglia.net.localserver import LocalMailbox, LocalRelay
from famiglia.rules import Game, write_record

COMMAND = [sys.executable, "-m", "famiglia"]


def verify(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*COMMAND, "verify", str(path)], capture_output=True, text=True,
                          timeout=120, check=False)


def test_two_processes_play_a_whole_game_on_the_same_network_and_verify_it(
        tmp_path: Path) -> None:
    anna, bruno = play_pair(COMMAND, tmp_path, ["--player", "greedy", "--port", "0", "--bind",
                                                "127.0.0.1"], ["--player", "mcts:easy"])
    for key in ("setup", "moves", "result", "fair_deal"):
        assert anna[key] == bruno[key]
    assert anna["players"]["names"] == bruno["players"]["names"] == ["Anna", "Bruno"]
    # each copy's record: its own seat and the friend's on another computer (Past games)
    assert anna["players"]["seats"] == [{"kind": "human"}, {"kind": "remote"}]
    assert bruno["players"]["seats"] == [{"kind": "remote"}, {"kind": "human"}]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(bruno))
    checked = verify(path)
    assert checked.returncode == 0 and "verified" in checked.stdout
    draws = bruno["fair_deal"]["draws"]
    candidates, index = draws[12]
    draws[12] = [candidates, (index + 1) % candidates]
    path.write_text(json.dumps(bruno))
    tampered = verify(path)
    assert tampered.returncode == 1 and "NOT verified" in tampered.stdout


def test_two_processes_play_a_whole_game_through_a_local_mailbox(tmp_path: Path) -> None:
    mailbox, relay = LocalMailbox(), LocalRelay()
    local = ["--rendezvous", mailbox.url, "--relay", relay.url, "--bind", "127.0.0.1"]
    try:
        anna, bruno = play_pair(COMMAND, tmp_path, ["--player", "greedy", "--internet", *local],
                                ["--player", "greedy", *local])
    finally:
        mailbox.close()
        relay.close()
    assert anna["moves"] == bruno["moves"] and anna["fair_deal"] == bruno["fair_deal"]


def test_a_record_without_a_fair_deal_is_not_verified(tmp_path: Path) -> None:
    path = tmp_path / "local.json"
    path.write_text(json.dumps(write_record(Game.new(5))))
    checked = verify(path)
    assert checked.returncode == 1 and "no fair deal" in checked.stdout
