"""The keys that mean one thing on every screen and in every language, so that a key learnt in
one menu never does something else in another:

- **R**: the rules page, on every screen but a question (and the rules page itself);
- **H** (and F1): the help of the table's gestures and keys, at the table (a game, a lesson,
  a replay) and on the hand-over screen covering it; on the help itself they close it;
- **M**: the main menu, on every menu and list (the pause menu, the results, the highscores,
  past games, statistics, settings, the rules, the lessons); not at the table, where Esc
  opens the pause menu first, nor on a question;
- **Esc**: back, close or resume (nothing on the title and the results, which are left on
  purpose).

A question (a dialog with answer buttons) answers only to its own letters, and while a text
field has the focus every letter types.

Other shortcuts are letters of their button's label in the player's language (translated
with the context ``hotkey: …``) and never one of these; :func:`shortcut` picks such a letter
for a label, as a question's answer buttons do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from . import navigation

if TYPE_CHECKING:
    from .app import App

RULES = pygame.K_r
HELP = (pygame.K_h, pygame.K_F1)
MAIN_MENU = pygame.K_m
#: the letters no other button may take
RESERVED = frozenset({RULES, *HELP, MAIN_MENU})


def shortcut(label: str) -> int | None:
    """The key of the first letter of ``label`` that the keyboard has and that is not one of
    the keys :data:`RESERVED` for the same meaning everywhere, or None."""
    for letter in label.lower():
        if not letter.isalpha():
            continue
        try:
            key = pygame.key.key_code(letter)
        except ValueError:
            continue
        if key not in RESERVED:
            return key
    return None


def menu_key(app: App, event: pygame.event.Event, *, rules: bool = True) -> bool:
    """R and M on a menu or list without a button for them: R opens the rules over it
    (unless ``rules`` is False: on the rules page itself), M goes back to the main menu.
    True when the event was one of them."""
    if (event.type != pygame.KEYDOWN
            or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)):
        return False
    if event.key == RULES and rules:
        navigation.open_rules(app)
        return True
    if event.key == MAIN_MENU:
        navigation.to_title(app)
        return True
    return False


def glance_key(app: App, event: pygame.event.Event) -> None:
    """A key on a sheet that any key closes (the table's help, an enlarged card): it closes,
    and R goes on to the rules, H or F1 to the help; M does nothing there."""
    if event.key == MAIN_MENU:
        return
    app.pop()
    if event.key == RULES:
        navigation.open_rules(app)
    elif event.key in HELP:
        navigation.open_table_help(app)
