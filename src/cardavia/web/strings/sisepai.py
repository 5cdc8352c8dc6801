"""Sì Sè Pái's table words (static/table/sisepai.js), merged over the shared ones (core.py).

Its keys are unprefixed, as the first game's were: the drawn card under claim, keeping a General
or a flower, the group kinds of the end sheet, the winning card's origin.
"""

from __future__ import annotations

from cardavia.web.strings.markers import N_, NP_

STRINGS: dict[str, str] = {
    # --- table areas
    "public_card": N_("Public card"),
    # --- the public card's caption
    "caption_drew": N_("Drawn by %(seat)s"),
    "caption_you_drew": N_("You drew"),
    # --- whose turn it is
    "status_you_drew": N_("You drew %(card)s: your answer?"),
    "status_seat_drew": N_("%(seat)s drew %(card)s: your answer?"),
    "status_keep": N_("You drew %(card)s: keep it as a group"),
    # --- the log
    "log_seat_drew": N_("%(seat)s drew %(card)s"),
    "log_unclaimed": N_(
        "Nobody claimed the drawn %(card)s: it becomes a discard, and the others may claim it again"
    ),
    "log_you_claimed": N_("You claimed %(card)s: %(group)s"),
    "log_seat_claimed": N_("%(seat)s claimed %(card)s: %(group)s"),
    # --- actions and group kinds
    "act_keep_general": N_("Keep General"),
    "act_keep_flower": N_("Keep flower"),
    "kind_general": N_("General single"),
    "kind_flower": N_("Flower"),
    "kind_quad": N_("Quad"),
    "kind_command": N_("Command group"),
    "kind_field": N_("Field group"),
    "kind_soldiers": N_("Soldier group"),
    # --- reasons a choice is disabled
    "reason_single": N_("Generals and flowers can never be discarded"),
    "reason_not_discarding": N_("You discard only after claiming a card"),
    "reason_must_keep": N_("A drawn General or flower must be kept"),
    # --- the end of the deal
    "result_drawn_note": N_("Nobody completed a hand, so nobody scores."),
    "result_self_drawn": N_("Winning card: %(card)s, drawn from the stock"),
    "result_from": N_("Winning card: %(card)s, from %(seat)s"),
    "result_from_you": N_("Winning card: %(card)s, from you"),
    "result_drawn_by": N_("Winning card: %(card)s, drawn by %(seat)s"),
    "result_drawn_by_you": N_("Winning card: %(card)s, drawn by you"),
    "result_your_groups": N_("Your groups"),  # the end sheet's list of the winning groups
    "result_groups_of": N_("Groups of %(seat)s"),
    # the review's loss: a mean over simulated deals, with its 95% interval (one decimal each)
    "review_loss": N_(
        "It cost about %(loss)s points a deal on average (95%% interval %(low)s to %(high)s)."
    ),
}

PLURALS: dict[str, tuple[str, str]] = {
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
