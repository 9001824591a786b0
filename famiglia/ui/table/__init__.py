"""The table scene's parts, coordinated by :class:`famiglia.ui.scenes.table.TableScene`:
``picture`` (zones, perspective, resting places), ``layout`` (window size → rects, long
Streets in two rows), ``sprites`` (cards in motion and their images), ``animator`` and
``playback`` (the core's events → animations and log lines), ``drag`` (gestures → the core's
legal actions), ``gestures`` (the input state machine), ``hits`` (hit testing), ``choosers``
(payments, keeps, amounts), ``flow`` (seat controllers, hand-over, results), ``phrases`` (the one
wording of actions and log lines, in the current language), ``story`` (a turn in one
sentence), ``history`` (a game's last turns replayed for Continue), ``status`` and ``texts``
(what the table says), ``render`` (drawing, with overlays), ``marks`` (chips, names, badges,
outlines on cards), ``buttons``, ``log`` and ``help``; ``views`` says what these helpers may
read of the scene (narrow read-only Protocols, answered by ``state``)."""
