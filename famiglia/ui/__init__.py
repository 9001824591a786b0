"""The desktop game: pygame-ce only lives here.  It changes the game only by sending actions
to :mod:`famiglia.rules` and shows the core's events as animations."""
