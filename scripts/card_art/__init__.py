"""The drawing of Famiglia's card art, run by ``scripts/build_assets.py``.

From the ground up: :mod:`.geometry` (colours and point lists), :mod:`.style` (the card's size
and each family's and back's look), :mod:`.pen` (drawing in card units, supersampled),
:mod:`.patterns` (the family patterns), :mod:`.emblems` (family symbols and ability icons),
:mod:`.traits` (who each gangster is), :mod:`.portrait` and :mod:`.props` (his portrait and what
he holds), :mod:`.furniture` (frame, pennants, banner, badges), :mod:`.cards` (whole faces and
backs, finished to card size) and :mod:`.sheet` (the contact sheet).
"""
