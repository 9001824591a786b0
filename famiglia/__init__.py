"""Famiglia: a desktop edition of Friedemann Friese's two-player card game."""

__version__ = "0.1.0"
