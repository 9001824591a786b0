"""User files (highscores, settings, the running game) in platformdirs' folders.

Every file is written atomically, and a corrupt or tampered file is set aside under a
timestamped name and reported, never silently overwritten.
"""
