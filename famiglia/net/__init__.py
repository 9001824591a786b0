"""Play a friend on another computer: the protocol between two copies of the game, the fair
deal that neither copy can rig, and the transports that carry them (no pygame, no UI).

- :mod:`~famiglia.net.protocol`: versioned, numbered, bounded JSON messages;
- :mod:`~famiglia.net.problems`: every refusal by cause, for the table to put in words;
- :mod:`~famiglia.net.fairdeal`: commitments to hash chains, joint draws, their verification;
- :mod:`~famiglia.net.moves`: the other copy's moves checked by our own core, position digests;
- :mod:`~famiglia.net.session`: one connection's numbering, heartbeat and deadlines;
- :mod:`~famiglia.net.meeting`: how two copies meet: names, the table, join, commitments and
  who starts;
- :mod:`~famiglia.net.netgame`: one copy's side of a networked game, driven through the protocol
  (:mod:`~famiglia.net.netevents`: what it tells its owner; :mod:`~famiglia.net.netstate`: what
  it keeps, and its save);
- :mod:`~famiglia.net.transport`: the one interface of the transports — :mod:`~famiglia.net.lan`
  (TCP on the same network), :mod:`~famiglia.net.discovery` (zeroconf DNS-SD) and
  :mod:`~famiglia.net.rendezvous` (magic-wormhole across the internet, Twisted in a thread).

The arrows point one way: this package uses the rules core's public API, and the UI polls the
queues these fill, so a frame never waits on the network.
"""
