"""One module per scene: title, new game, solo setup, table, replay, hand-over, results,
highscores, past games, statistics, settings, rules help, pause, lessons and the dialogs.  A
scene opens another only through :mod:`famiglia.ui.navigation`."""
