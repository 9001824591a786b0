"""Play a friend (on another computer), over the title: your name, whether you host a table or
join one, how the two computers connect (the same network, or the internet with a code), and,
for the host, the fresh-cards rule (R3.1d; the guest sees it before joining).  Start opens the
host's waiting screen or the guest's search for the table.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from ...i18n import _
from ...net.link import Way
from ...store.names import NAME_FIELD
from ...store.settings import names_problem
from .. import navigation
from ..labels import on_off
from ..scenes.dialog import Row, SetupDialog, fresh_tip
from ..textfield import TextField
from ..widgets import Choice, Form
from .panel import PANEL_SIZE
from .words import way_label

if TYPE_CHECKING:
    from ..app import App


class Role(StrEnum):
    HOST = "host"
    JOIN = "join"


class FriendSetupScene(SetupDialog):
    """Host or join, the way to connect, your name and (hosting) the fresh-cards rule."""

    def __init__(self, app: App) -> None:
        settings = app.settings
        self.name = TextField(settings.player_names[0], max_length=NAME_FIELD)
        self.role: Choice[Role] = Choice([], Role.HOST, self._role_chosen)
        self.way: Choice[Way] = Choice([], Way.LAN)
        self.fresh = Choice(on_off(), settings.fresh_cards_rule)
        super().__init__(app, self.rows_now(), panel_size=PANEL_SIZE)

    @property
    def title(self) -> str:
        return _("Play a friend")

    def rows_now(self) -> list[Row]:
        self.role.options = [(_("Host a table"), Role.HOST), (_("Join a table"), Role.JOIN)]
        self.way.options = [(way_label(way), way) for way in Way]
        self.fresh.options = on_off()
        rows: list[Row] = [
            (_("Your name"), [(self.name, 300, _("The name your friend sees at the table."))]),
            (_("You"), [(self.role, 500, _("Host: open a table and wait for your friend. Join: "
                                           "sit down at your friend's table."))]),
            (_("Connect"), [(self.way, 500, _("Same network: both computers at home or in the "
                                              "same office. Internet: anywhere, with a short "
                                              "code the host gives the guest."))]),
        ]
        if self.role.value is Role.HOST:
            rows.append((_("Fresh-cards rule"),
                         [(self.fresh, 200, fresh_tip() + " " + _("Your friend sees your "
                                                                   "choice before joining."))]))
        return rows

    def _role_chosen(self, _role: Role) -> None:
        """Host and join have different rows (only the host chooses the fresh-cards rule)."""
        self.rows = self.rows_now()
        self.form = Form([(widget, help_text) for _caption, widgets in self.rows
                          for widget, _width, help_text in widgets])
        self.form.focus(1)
        self.resize(self.app.size)

    def deal(self) -> None:
        """Check the name, remember it, then host or look for the table."""
        name = self.name.text.strip()
        if not name:
            self.form.error = _("Give yourself a name.")
            return
        settings = self.app.settings
        if (name != settings.player_names[0]
                and names_problem(name, settings.player_names[1]) is None):
            self.app.save_settings(settings.with_changes(
                player_names=(name, settings.player_names[1])))
        if self.role.value is Role.HOST:
            self.app.save_settings(self.app.settings.with_changes(
                fresh_cards_rule=self.fresh.value))
            navigation.open_friend_host(self.app, name, self.way.value, self.fresh.value)
        else:
            navigation.open_friend_join(self.app, name, self.way.value)
