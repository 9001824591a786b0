"""Play a friend on another computer, in the window: the title's Play a friend opens the setup
(:mod:`.setup`: host or join, on the same network or across the internet, the player's name
and the host's fresh-cards rule); the host waits for a guest and lets them in or not
(:mod:`.host`), the guest finds the table or types its address or code (:mod:`.join`); the
game is played on the table the player knows (:mod:`.table`), the other player's seat playing
like the computer's with the moves that arrive from their computer.  One game's connection,
save and news live in :mod:`.connection`, polled by an app task whatever screen is on top;
:mod:`.words` says what went wrong in plain words.  The networking itself is
:mod:`famiglia.net`; nothing here reads a socket.
"""
