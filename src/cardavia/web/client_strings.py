"""Every text the table's JavaScript shows, as English gettext msgids.

The server translates these into `config.strings` and `config.plural_forms` of the table page;
`%(name)s` placeholders are left in the translations for the script to fill. Babel finds the
messages through the keywords `N_` (one message) and `NP_:1,2` (singular and plural, so the
catalogs get real plural entries), e.g. `pybabel extract -k N_ -k NP_:1,2`. Terms follow the
full rules (content/rules/<game>/en.md): public card, stock, discard, claim, pass, win, exposed
groups, concealed hand.

Two layers (docs/table-client.md):

- `CLIENT_STRINGS` / `CLIENT_PLURALS`: sent to every table. The core (static/table/core.js)
  and Sì Sè Pái (static/table/sisepai.js) use these; the other games may reuse any of them
  (`act_win`, `act_pass`, `log_you_drew`, `caption_discarded`…) when the words fit their rules.
- `GAME_STRINGS[game]` / `GAME_PLURALS[game]`: sent to that game's table only, merged over
  the shared ones (a game key of the same name wins). Put a game's own terms here (huxi, tun,
  indicators, banked piles), with keys prefixed by the game (`phz_`, `nt_`, `cp_`).

A msgid, once translated, is never edited here: change the key's text by adding a new msgid.
"""

from __future__ import annotations


def N_(s: str) -> str:
    """Mark a message for extraction; it is translated by the server, not here."""
    return s


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular/plural pair for extraction as one plural message."""
    return singular, plural


CLIENT_STRINGS: dict[str, str] = {
    # --- table areas
    "public_card": N_("Public card"),
    "no_groups": N_("No exposed groups"),
    "no_discards": N_("No discards"),
    "no_public_card": N_("No card under claim"),
    "group_of": N_("%(group)s: %(cards)s"),
    # --- the public card's caption
    "caption_drew": N_("Drawn by %(seat)s"),
    "caption_discarded": N_("Discarded by %(seat)s"),
    "caption_claimed": N_("Claimed by %(seat)s"),
    "caption_won": N_("Winning card of %(seat)s"),
    "caption_you_drew": N_("You drew"),
    "caption_you_discarded": N_("You discarded"),
    "caption_you_claimed": N_("You claimed"),
    "caption_you_won": N_("Your winning card"),
    # --- whose turn it is
    "status_loading": N_("Dealing the cards…"),
    "status_your_discard": N_("Your turn: choose a card to discard"),
    "status_you_drew": N_("You drew %(card)s: your answer?"),
    "status_seat_drew": N_("%(seat)s drew %(card)s: your answer?"),
    "status_seat_discarded": N_("%(seat)s discarded %(card)s: your answer?"),
    "status_keep": N_("You drew %(card)s: keep it as a group"),
    "status_seat_discarding": N_("%(seat)s is choosing a discard…"),
    "status_seat_playing": N_("%(seat)s is playing…"),
    "status_answered": N_("You answered. Waiting for the other players…"),
    "status_waiting": N_("Waiting for the other players…"),
    "status_you_won": N_("You won!"),
    "status_seat_won": N_("%(seat)s won"),
    "status_drawn": N_("Drawn game: the stock is empty"),
    # --- the log
    "log_you_drew": N_("You drew %(card)s"),
    "log_seat_drew": N_("%(seat)s drew %(card)s"),
    "log_unclaimed": N_("Nobody claimed %(card)s: it becomes a discard"),
    "log_you_claimed": N_("You claimed %(card)s: %(group)s"),
    "log_seat_claimed": N_("%(seat)s claimed %(card)s: %(group)s"),
    "log_you_discarded": N_("You discarded %(card)s"),
    "log_seat_discarded": N_("%(seat)s discarded %(card)s"),
    "log_drawn": N_("The stock is empty: the deal is drawn"),
    "log_you_passed": N_("You passed"),
    "log_you_called_win": N_("You called a win"),
    "log_you_called": N_("You called: %(group)s"),
    "log_start_you": N_("New deal. You are the dealer."),
    "log_start_seat": N_("New deal. %(seat)s is the dealer."),
    # --- actions and group kinds
    "act_win": N_("Win!"),
    "act_pass": N_("Pass"),
    "act_keep_general": N_("Keep General"),
    "act_keep_flower": N_("Keep flower"),
    "kind_general": N_("General single"),
    "kind_flower": N_("Flower"),
    "kind_pair": N_("Pair"),
    "kind_triple": N_("Triple"),
    "kind_quad": N_("Quad"),
    "kind_command": N_("Command group"),
    "kind_field": N_("Field group"),
    "kind_soldiers": N_("Soldier group"),
    "key_hint": N_("Keyboard: press the key shown on a button, or use Tab."),
    "hand_hint": N_("Keyboard: arrow keys move through your hand, Enter or Space discards."),
    "key_label": N_("Key %(key)s"),
    # --- reasons a choice is disabled
    "reason_single": N_("Generals and flowers can never be discarded"),
    "reason_not_discarding": N_("You discard only after claiming a card"),
    "reason_must_keep": N_("A drawn General or flower must be kept"),
    "reason_no_win": N_("Your hand is not complete with this card"),
    # --- the end of the deal
    "result_you_won": N_("You won!"),
    "result_seat_won": N_("%(seat)s won"),
    "result_drawn": N_("Drawn game: the stock is empty"),
    "result_drawn_note": N_("Nobody completed a hand, so nobody scores."),
    "result_self_drawn": N_("Winning card: %(card)s, drawn from the stock"),
    "result_from": N_("Winning card: %(card)s, from %(seat)s"),
    "result_exposed": N_("exposed"),
    "result_concealed": N_("concealed"),
    "new_deal": N_("New deal"),
    "download_record": N_("Download deal record"),
    # --- errors
    "err_network": N_("Connection lost. Retrying…"),
    "err_stale": N_("The table had moved on; it is up to date again."),
    "err_illegal": N_("That move is not allowed: %(message)s"),
    "err_unknown_deal": N_("This deal no longer exists. Start a new deal."),
    "err_start": N_("Could not start a deal. Retrying…"),
}

CLIENT_PLURALS: dict[str, tuple[str, str]] = {
    "stock_count": NP_("%(n)s card in the stock", "%(n)s cards in the stock"),
    "hand_count": NP_("%(n)s card in hand", "%(n)s cards in hand"),
    "points": NP_("%(n)s point", "%(n)s points"),
    "total": NP_("Total: %(n)s point", "Total: %(n)s points"),
    "log_you_won": NP_(
        "You won with %(card)s: %(n)s point",
        "You won with %(card)s: %(n)s points",
    ),
    "log_seat_won": NP_(
        "%(seat)s won with %(card)s: %(n)s point",
        "%(seat)s won with %(card)s: %(n)s points",
    ),
}


GAME_STRINGS: dict[str, dict[str, str]] = {
    # "paohuzi": {
    #     "phz_act_chi": N_("Chi"),
    #     "phz_huxi": N_("%(n)s huxi"),  # better as a plural in GAME_PLURALS
    # },
}
"""Per-game client strings, keyed by game id (`GameInfo.id`), merged over `CLIENT_STRINGS`."""

GAME_PLURALS: dict[str, dict[str, tuple[str, str]]] = {
    # "paohuzi": {"phz_huxi": NP_("%(n)s huxi", "%(n)s huxi")},
}
"""Per-game plural client strings, keyed by game id, merged over `CLIENT_PLURALS`."""


def strings_for(game: str) -> dict[str, str]:
    """The msgids of every singular client string the table of `game` uses, by key."""
    return {**CLIENT_STRINGS, **GAME_STRINGS.get(game, {})}


def plurals_for(game: str) -> dict[str, tuple[str, str]]:
    """The (singular, plural) msgids of every plural client string of `game`, by key."""
    return {**CLIENT_PLURALS, **GAME_PLURALS.get(game, {})}
