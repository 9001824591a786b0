"""User files in platformdirs' folders: settings (config folder); highscores, the running game
and the records of past games, from which the statistics are computed (data folder).

Every file is written atomically, a corrupt or tampered file is set aside under a timestamped
name and reported in plain words, never silently overwritten, and a folder that cannot be
written is reported through the store's ``notice``, never raised; both are written into the
log file too.  Each store writes only what its own reader reads back, with one definition
of each limit (:mod:`.names` for the players' names).
"""
