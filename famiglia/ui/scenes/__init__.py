"""One module per scene: title, table, hand-over, results, pause, settings, rules help, solo
setup and highscores."""
