"""The fair deal (R2.2, R2.3, R4.2, R5.4 between two computers): both chains decide each draw,
every link is checked against the chain, a forged or biased draw is caught, the verifier
checks a whole game from its record, and the joint draws are uniform."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from famiglia.net.fairdeal import (
    CHAIN_LENGTH,
    ChainCheck,
    DealRecord,
    HashChain,
    JointDraws,
    chain_end,
    draw_index,
    verify_deal,
)
from famiglia.net.problems import Cause, ProtocolError
from famiglia.net.protocol import Reveal
from famiglia.rules.cards import NON_START
from famiglia.rules.draws import OutsideDraws

#: Who starts (R2.3), then the six cards of the Street (R2.4) from the 52 of the pile (R2.2).
SETUP = [2, 52, 51, 50, 49, 48, 47]


def secret(n: int) -> bytes:
    return hashlib.sha256(b"test secret %d" % n).digest()


def pair(host_secret: bytes, guest_secret: bytes,
         length: int = CHAIN_LENGTH) -> tuple[JointDraws, JointDraws]:
    host, guest = HashChain(host_secret, length), HashChain(guest_secret, length)
    return (JointDraws(host, ChainCheck(guest.end, length), host=True),
            JointDraws(guest, ChainCheck(host.end, length), host=False))


def exchange(one: JointDraws, two: JointDraws, count: int) -> None:
    sent_one, sent_two = one.reveal(count), two.reveal(count)
    one.receive(sent_two)
    two.receive(sent_one)


def test_each_link_hashes_to_the_one_before_and_the_first_to_the_commitment() -> None:
    chain = HashChain(secret(1), 5)
    assert chain.end == chain_end(secret(1), 5)
    assert hashlib.sha256(chain.link(1)).digest() == chain.end
    for draw in range(2, 6):
        assert hashlib.sha256(chain.link(draw)).digest() == chain.link(draw - 1)
    assert chain.link(5) == secret(1)
    with pytest.raises(ValueError):
        chain.link(6)


def test_both_copies_derive_the_same_draws_r2_2_r2_3() -> None:
    host, guest = pair(secret(1), secret(2))
    exchange(host, guest, len(SETUP))
    assert host.indices(SETUP) == guest.indices(SETUP)
    assert host.draws == guest.draws


def test_no_draw_is_decided_before_both_links_are_known() -> None:
    host, guest = pair(secret(1), secret(2))
    guest.receive(host.reveal(1))
    with pytest.raises(LookupError):
        guest.next_index(2)
    host.receive(guest.reveal(1))
    assert host.ready == guest.ready == 1


def test_joint_draws_drive_the_cores_outside_draws_r5_4() -> None:
    host, guest = pair(secret(3), secret(4))
    exchange(host, guest, 6)
    piles = []
    for joint in (host, guest):
        source = OutsideDraws(joint.next_index)
        pile = list(NON_START)
        source.arrange(pile)
        piles.append(source.take(pile[::-1], 0, 6)[0])
    assert piles[0] == piles[1]
    assert host.draws == guest.draws == [(52 - k, index) for k, (_, index)
                                         in enumerate(host.draws)]


def test_a_forged_link_is_caught() -> None:
    host, guest = pair(secret(1), secret(2))
    exchange(host, guest, 2)
    forged = Reveal(3, (hashlib.sha256(b"anything").hexdigest(),))
    with pytest.raises(ProtocolError) as caught:
        guest.receive(forged)
    assert caught.value.problem.cause is Cause.FORGED_LINK


def test_a_link_revealed_again_must_be_the_same() -> None:
    host, guest = pair(secret(1), secret(2))
    exchange(host, guest, 3)
    guest.receive(host.resend(2, 2))  # after a reconnection: accepted, nothing changes
    with pytest.raises(ProtocolError) as caught:
        guest.receive(Reveal(2, (guest.own.link(2).hex(),)))
    assert caught.value.problem.cause is Cause.FORGED_LINK


def test_a_link_out_of_turn_is_refused() -> None:
    host, guest = pair(secret(1), secret(2))
    with pytest.raises(ProtocolError) as caught:
        guest.receive(Reveal(2, (host.own.link(2).hex(),)))
    assert caught.value.problem.cause is Cause.UNEXPECTED


def test_a_cheater_grinding_links_for_a_card_it_wants_is_caught() -> None:
    """The guest wants the Street's first card to be the last candidate: it tries links until
    one decides that, and sends it instead of its chain's link."""
    host, guest = pair(secret(5), secret(6))
    exchange(host, guest, 1)
    host.indices([2])
    host_link = host.own.link(2)
    wanted = next(bytes([n]) * 32 for n in range(256)
                  if draw_index(2, host_link, bytes([n]) * 32, 52) == 51)
    with pytest.raises(ProtocolError) as caught:
        host.receive(Reveal(2, (wanted.hex(),)))
    assert caught.value.problem.cause is Cause.FORGED_LINK
    assert host.ready == 0 and len(host.peer.links) == 1  # the forged link decided nothing


def test_the_record_of_a_whole_game_verifies() -> None:
    host, guest = pair(secret(7), secret(8))
    counts = SETUP + list(range(46, 1, -1)) + list(range(30, 1, -1))
    exchange(host, guest, len(counts))
    host.indices(counts)
    guest.indices(counts)
    record = host.record(guest.own.secret)
    assert record == guest.record(host.own.secret)
    verify_deal(record)
    assert DealRecord.from_dict(record.to_dict()) == record


def test_a_record_whose_draw_was_changed_fails_verification() -> None:
    host, guest = pair(secret(7), secret(8))
    exchange(host, guest, len(SETUP))
    host.indices(SETUP)
    record = host.record(guest.own.secret)
    candidates, index = record.draws[3]
    changed = DealRecord(record.chain_length, record.commitments, record.secrets,
                         (*record.draws[:3], (candidates, (index + 1) % candidates),
                          *record.draws[4:]))
    with pytest.raises(ProtocolError, match="draw 4") as caught:
        verify_deal(changed)
    assert caught.value.problem.cause is Cause.BAD_DEAL


def test_a_secret_that_does_not_lead_to_the_commitment_is_caught() -> None:
    host, guest = pair(secret(1), secret(2))
    exchange(host, guest, 2)
    with pytest.raises(ProtocolError) as caught:
        host.record(secret(3))
    assert caught.value.problem.cause is Cause.BAD_DEAL
    record = host.record(secret(2))
    swapped = DealRecord(record.chain_length, record.commitments,
                         (record.secrets[0], secret(3).hex()), record.draws)
    with pytest.raises(ProtocolError, match="guest's secret"):
        verify_deal(swapped)


@pytest.mark.parametrize("data", [None, {}, {"format": "famiglia-fair-deal/1"},
                                  {"format": "famiglia-fair-deal/1", "chain_length": 2,
                                   "commitments": ["ab" * 32] * 2, "secrets": ["ab" * 32] * 2,
                                   "draws": [[2, 0]] * 3}])
def test_a_damaged_deal_record_is_refused(data: object) -> None:
    with pytest.raises(ValueError):
        DealRecord.from_dict(data)


@pytest.mark.parametrize("candidates", [2, 7, 52])
def test_the_joint_draws_are_uniform_chi_square(candidates: int) -> None:
    """Over many setups' worth of draws, each index comes up as often as chance allows: the
    chi-square statistic stays under its 0.999 quantile (fixed secrets: deterministic)."""
    counts: Counter[int] = Counter()
    draws = 200 * candidates
    for game in range(draws // 100):
        host, guest = pair(secret(1000 + game), secret(5000 + game), 100)
        exchange(host, guest, 100)
        counts.update(host.indices([candidates] * 100))
    expected = draws / candidates
    chi_square = sum((counts[index] - expected) ** 2 / expected for index in range(candidates))
    quantile_999 = {2: 10.83, 7: 22.46, 52: 86.66}[candidates]
    assert chi_square < quantile_999
    assert set(counts) == set(range(candidates))


def test_a_draw_needs_two_to_fifty_two_candidates() -> None:
    assert draw_index(1, secret(1), secret(2), 52) in range(52)
    for candidates in (0, 1, 53):
        with pytest.raises(ValueError):
            draw_index(1, secret(1), secret(2), candidates)
