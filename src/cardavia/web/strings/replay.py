"""The replay page's words (`/{lang}/games/{game}/replay/…`, static/table/replay/), sent with
the table's own (core and the game's), since the page draws each step with the game's plugin."""

from __future__ import annotations

from cardavia.web.strings.markers import N_

STRINGS: dict[str, str] = {
    # --- stepping
    "rp_step": N_("Step %(n)s of %(total)s"),
    "rp_first": N_("First step"),
    "rp_back": N_("Step back"),
    "rp_forward": N_("Step forward"),
    "rp_last": N_("Last step"),
    "rp_slider": N_("Step"),
    "rp_dealt": N_("The cards are dealt."),
    "rp_hand_of": N_("Hand of %(seat)s"),
    "rp_your_hand": N_("Your hand"),
    "rp_loading": N_("Loading the replay…"),
    # --- a deal that has no replay (yet)
    "rp_not_over": N_(
        "This deal is not over yet. Its replay, with every hand, opens once the deal ends."
    ),
    "rp_to_table": N_("Back to the table"),
    "rp_unknown": N_("There is no deal with this id."),
    "rp_unreadable": N_("This deal can no longer be read back: the rules have changed since."),
    "rp_failed": N_("The replay could not be loaded. Try again later."),
    # --- a record opened from a file or pasted
    "rp_no_record": N_("Choose a record file or paste a record first."),
    "rp_other_game": N_("This is a record of %(game)s, not of %(this)s."),
    "rp_open_there": N_("Open it on the replay page of %(game)s"),
    "rp_broken": N_("This deal record is broken: %(detail)s"),
    "rp_illegal": N_("This record has an illegal move (move %(n)s): %(detail)s"),
    "rp_in_progress": N_(
        "This record is of a deal still in progress: only a finished deal replays."
    ),
    "rp_too_large": N_("This file is too large to be a deal record."),
    "rp_opened": N_("Replaying the record you opened. Nothing of it was kept on the server."),
    # --- the end sheet
    "rp_play": N_("Play a deal"),
}

PLURALS: dict[str, tuple[str, str]] = {}
