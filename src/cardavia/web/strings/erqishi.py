"""Two Seven Ten's table words (static/table/erqishi.js, on the family's shared/zipai.js).

The family's table reads Paohuzi's keys (`phz_…`); this game takes Paohuzi's words where its
rules are the same (groups, the centre, chi and bi, the log of takes), maps a key to a msgid of
its own where the rule differs (passed cards that bar a win, the compulsory four, units instead of
tun, a kan that grows only into a pao), and adds its own (`erq_…`): payment by units and bands,
who pays (the discarder alone for a win on a discard), passed-card marks, the heavenly win.
"""

from __future__ import annotations

from cardavia.web.strings import paohuzi
from cardavia.web.strings.markers import N_, NP_

STRINGS: dict[str, str] = {
    **paohuzi.STRINGS,
    # --- where the rule differs from Paohuzi (rules/erqishi.md, ER-8 … ER-15)
    "phz_reason_kan": N_(
        "Part of your kan of %(card)s: a kan is locked. It cannot be discarded or used in a "
        "chi; it only grows into a pao when the fourth card comes."
    ),
    "phz_reason_not_discarding": N_(
        "You discard only after a chi, a peng or your first four, or as the dealer at the start"
    ),
    "phz_stale_chi": N_(
        "You cannot chi %(card)s: it is a passed card for you, because you passed up a chi of "
        "it or discarded it. You cannot win with it either."
    ),
    "phz_stale_peng": N_("You cannot peng %(card)s: you passed up a peng of it earlier."),
    "phz_stale_list_both": N_("Passed cards, no chi, peng or win with them: %(cards)s."),
    "phz_stale_list_chi": N_("Passed cards, no chi and no win with them: %(cards)s."),
    "phz_stale_list_peng": N_("Passed for your peng only: %(cards)s."),
    "phz_notice_stale_chi": N_(
        "You passed up a chi of %(card)s: you may no longer chi it or win with it."
    ),
    "phz_notice_stale_peng": N_("You passed up a peng of %(card)s: you may no longer peng it."),
    "phz_notice_stale_both": N_(
        "You passed up a chi and a peng of %(card)s: you may no longer chi it, peng it or win "
        "with it."
    ),
    "phz_note_dead": N_(
        "Your hand is dead: you can no longer take cards or win, and you make no more "
        "discards. You keep turning up cards on your turns and still make compulsory fours."
    ),
    "phz_log_you_dead": N_(
        "Your hand is dead: you declined the heavenly win and have nothing to discard"
    ),
    "phz_log_you_pao_kan": N_("You took %(card)s for a compulsory pao with your kan"),
    "phz_log_seat_pao_kan": N_("%(seat)s took %(card)s for a compulsory pao with their kan"),
    "phz_log_you_pao_peng": N_("You took %(card)s for a compulsory pao with your peng"),
    "phz_log_seat_pao_peng": N_("%(seat)s took %(card)s for a compulsory pao with their peng"),
    "phz_result_payments": N_("Payments in units"),
    "phz_result_drawn_note": N_("Nobody won before the stock ran out: a drawn deal, nobody pays."),
    # --- this game's own
    "erq_status_heavenly": N_(
        "Your dealt hand is complete: declare a heavenly win, or pass and discard?"
    ),
    "erq_claim_compulsory": N_("compulsory if you do not win"),
    "erq_result_units": N_("Units"),
    "erq_result_bands": N_("10–14 huxi: 1 · 15–20: 2 · 21–24: 4 · 25–30: 6 · 31 or more: 10"),
    "erq_result_who": N_("Who pays"),
    "erq_result_heavenly": N_("Heavenly win: the dealer's dealt hand was complete"),
    "erq_result_you_discarded": N_("Winning card: %(card)s, which you discarded"),
    "erq_result_discarded": N_("Winning card: %(card)s, discarded by %(seat)s"),
    "erq_passed_title_you": N_(
        "Your passed cards, discarded or passed up for a chi: you may never chi or win "
        "with %(cards)s"
    ),
    "erq_passed_title": N_(
        "Passed cards of %(seat)s, its own discards: it may never chi or win with %(cards)s"
    ),
    "erq_passed_label": N_("Passed:"),
    "erq_log_you_ti_dealt": N_("You were dealt four %(card)s: a ti, laid face up"),
    "erq_log_seat_ti_dealt": N_("%(seat)s was dealt four %(card)s: a ti, laid face up"),
    "erq_log_you_heavenly": N_("Heavenly win: your dealt hand was complete"),
    "erq_log_seat_heavenly": N_("Heavenly win for %(seat)s: the dealt hand was complete"),
    # --- the hint's reasons (ai/games/erqishi.py)
    "why_erq_risk": N_(
        "If an opponent wins on this card, you alone pay for the table: three times their units."
    ),
    "why_erq_half_safe": N_(
        "One opponent has discarded this card and can never win on it, but the other still "
        "may: you would then pay alone for the table."
    ),
    "why_erq_four": N_("If you do not win, this four is compulsory."),
    # the review's loss, in this game's units (ER-15)
    "review_erq_loss": N_(
        "It cost about %(loss)s units a deal on average (95%% interval %(low)s to %(high)s)."
    ),
}

PLURALS: dict[str, tuple[str, str]] = {
    **paohuzi.PLURALS,
    "erq_units": NP_("%(n)s unit", "%(n)s units"),
    "erq_win_each_pays": NP_("each opponent pays %(n)s", "each opponent pays %(n)s"),
    "erq_win_discarder_pays": NP_("%(seat)s alone pays %(n)s", "%(seat)s alone pays %(n)s"),
    "erq_result_band": NP_("%(band)s huxi: %(n)s unit", "%(band)s huxi: %(n)s units"),
    "erq_result_each_pays": NP_(
        "Won on a turned-up card: each opponent pays %(n)s unit",
        "Won on a turned-up card: each opponent pays %(n)s units",
    ),
    "erq_result_discarder_pays": NP_(
        "Won on a discard: %(seat)s, who discarded it, pays for the table alone: "
        "3 × %(units)s = %(n)s unit",
        "Won on a discard: %(seat)s, who discarded it, pays for the table alone: "
        "3 × %(units)s = %(n)s units",
    ),
    "erq_result_you_discarder_pays": NP_(
        "Won on your discard: you pay for the table alone: 3 × %(units)s = %(n)s unit",
        "Won on your discard: you pay for the table alone: 3 × %(units)s = %(n)s units",
    ),
    "erq_log_you_won": NP_(
        "You won with %(card)s: %(huxi)s huxi, %(n)s unit",
        "You won with %(card)s: %(huxi)s huxi, %(n)s units",
    ),
    "erq_log_seat_won": NP_(
        "%(seat)s won with %(card)s: %(huxi)s huxi, %(n)s unit",
        "%(seat)s won with %(card)s: %(huxi)s huxi, %(n)s units",
    ),
    "erq_log_you_won_discard": NP_(
        "You won on the discard of %(from)s, %(card)s: %(huxi)s huxi, %(n)s unit, paid by "
        "%(from)s alone",
        "You won on the discard of %(from)s, %(card)s: %(huxi)s huxi, %(n)s units, paid by "
        "%(from)s alone",
    ),
    "erq_log_seat_won_discard": NP_(
        "%(seat)s won on the discard of %(from)s, %(card)s: %(huxi)s huxi, %(n)s unit, paid "
        "by %(from)s alone",
        "%(seat)s won on the discard of %(from)s, %(card)s: %(huxi)s huxi, %(n)s units, paid "
        "by %(from)s alone",
    ),
    "erq_log_seat_won_your_discard": NP_(
        "%(seat)s won on your discard, %(card)s: %(huxi)s huxi, %(n)s unit; you pay for the table",
        "%(seat)s won on your discard, %(card)s: %(huxi)s huxi, %(n)s units; you pay for the table",
    ),
    "why_erq_win": NP_(
        "A win of %(n)s huxi pays %(units)s units.", "A win of %(n)s huxi pays %(units)s units."
    ),
    "why_erq_each_pays": NP_("Each opponent pays you %(n)s.", "Each opponent pays you %(n)s."),
    "why_erq_discarder_pays": NP_(
        "The discarder alone pays you %(n)s.", "The discarder alone pays you %(n)s."
    ),
    "why_erq_safe": NP_(
        "%(n)s opponent has discarded this card: they can never win on it.",
        "%(n)s opponents have discarded this card: they can never win on it.",
    ),
}
