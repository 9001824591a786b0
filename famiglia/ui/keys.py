"""The keys that mean one thing on every screen and in every language, so that a key learnt in
one menu never does something else in another:

- **R**: the rules page (the title, the pause menu, the table);
- **H** (and F1): the help of the screen (the table's gestures and keys);
- **M**: the main menu (the pause menu, the results);
- **Esc**: back, close or resume.

Other shortcuts are letters of their button's label in the player's language (translated
with the context ``hotkey: …``) and never one of these; :func:`shortcut` picks such a letter
for a label, as a question's answer buttons do.
"""

from __future__ import annotations

import pygame

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
