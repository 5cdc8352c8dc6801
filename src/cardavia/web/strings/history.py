"""The history page's words (`/{lang}/history`, static/history.js): the deals this browser
played, and how they went per game."""

from __future__ import annotations

from cardavia.web.strings.markers import N_, NP_

STRINGS: dict[str, str] = {
    "hs_empty": N_("No deals in this browser yet. The deals you play here are listed here."),
    "hs_game": N_("Game"),
    "hs_deals": N_("Finished deals"),
    "hs_win_share": N_("Your win share (95%% interval)"),
    "hs_fair_share": N_("Fair share"),
    "hs_mean_score": N_("Your mean score"),
    "hs_share": N_("%(share)s (%(low)s–%(high)s)"),
    "hs_you_won": N_("You won"),
    "hs_seat_won": N_("%(seat)s won"),
    # another human's seat, with no name given: seat 0's, seat n's (seat_player, seat_player_n)
    "hs_player": N_("Player"),
    "hs_player_n": N_("Player %(n)s"),
    "hs_drawn": N_("Nobody won"),
    # a tie for first (Chuo Pai's equal biggest piles), as the end sheet says it (cp_result_tie)
    "hs_tied": N_("Tie: %(seats)s"),
    "hs_in_progress": N_("In progress"),
    "hs_gone": N_("No longer on the server"),
    "hs_score": N_("your score %(score)s"),
    "hs_replay": N_("Replay"),
    "hs_review": N_("Review"),  # of your decisions, on the replay page
    "hs_continue": N_("Continue"),
    "hs_unknown_date": N_("Date unknown"),
    "hs_level_easy": N_("Easy"),
    "hs_level_normal": N_("Normal"),
    "hs_level_hard": N_("Hard"),
}

PLURALS: dict[str, tuple[str, str]] = {
    "hs_count": NP_("%(n)s deal", "%(n)s deals"),
    # a score in its game's unit ("+6 units", "14 cards"): %(n)s may be signed or a decimal
    "hs_points": NP_("%(n)s point", "%(n)s points"),
    "hs_cards": NP_("%(n)s card", "%(n)s cards"),
    "hs_hu": NP_("%(n)s hu", "%(n)s hu"),
    "hs_tun": NP_("%(n)s tun", "%(n)s tun"),
    "hs_units": NP_("%(n)s unit", "%(n)s units"),
}

# Each game's score, in the unit its end sheet and review count it in (usability walk: the
# history's bare "14", "+6" and "0" meant different things per game).
UNITS: dict[str, str] = {
    "sisepai": "hs_points",
    "chuopai": "hs_cards",  # cards scored (CP§4.2)
    "nantong": "hs_hu",
    "paohuzi": "hs_tun",
    "erqishi": "hs_units",
}
