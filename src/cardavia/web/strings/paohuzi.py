"""Paohuzi's table words (static/table/paohuzi.js), merged over the shared ones (core.py)."""

from __future__ import annotations

from cardavia.web.strings.markers import N_, NP_

STRINGS: dict[str, str] = {
    # --- the centre: the stock, the card in play, the dealer's shown card (rules, sections 2-3)
    "phz_centre_heading": N_("The stock and the card in play"),
    "phz_caption_you_revealed": N_("You revealed"),
    "phz_caption_revealed": N_("Revealed by %(seat)s"),
    "phz_caption_you_took_chi": N_("You took it for a chi"),
    "phz_caption_took_chi": N_("%(seat)s took it for a chi"),
    "phz_caption_you_took_peng": N_("You took it for a peng"),
    "phz_caption_took_peng": N_("%(seat)s took it for a peng"),
    "phz_caption_you_took_pao": N_("You took it for a pao"),
    "phz_caption_took_pao": N_("%(seat)s took it for a pao"),
    "phz_caption_you_wei": N_("Your compulsory wei"),
    "phz_caption_wei": N_("Compulsory wei of %(seat)s"),
    "phz_caption_you_ti": N_("Your compulsory ti"),
    "phz_caption_ti": N_("Compulsory ti of %(seat)s"),
    "phz_caption_you_unclaimed": N_("Nobody took it: it goes to your discard area"),
    "phz_caption_unclaimed": N_("Nobody took it: it goes to the discard area of %(seat)s"),
    "phz_caption_you_shown": N_("Your shown card as the dealer: it stays in your hand"),
    "phz_caption_shown": N_("Shown by the dealer, %(seat)s: it stays in their hand"),
    "phz_shown_label": N_("Dealer's shown card"),
    # --- groups (rules, sections 2-4)
    "phz_kind_chi": N_("Chi"),
    "phz_kind_bi": N_("Bi"),
    "phz_kind_peng": N_("Peng"),
    "phz_kind_wei": N_("Wei"),
    "phz_kind_pao": N_("Pao"),
    "phz_kind_ti": N_("Ti"),
    "phz_kind_kan": N_("Kan"),
    "phz_kind_123": N_("1-2-3"),
    "phz_kind_2710": N_("2-7-10"),
    "phz_kind_sequence": N_("Sequence"),
    "phz_kind_mixed": N_("Mixed group"),
    "phz_kind_pair": N_("Pair"),
    "phz_kind_triple": N_("Three identical cards, scored as a peng"),
    "phz_kind_other": N_("Other cards, no group"),
    "phz_face_down": N_("%(kind)s, face down"),
    "phz_face_down_card": N_("%(kind)s of %(card)s, face down"),
    "phz_group_huxi": N_("%(group)s, %(huxi)s"),
    # --- seats
    "phz_huxi_title": N_("Huxi of the exposed groups that everyone can see"),
    "phz_dead_mark": N_("Dead hand"),
    "phz_dead_seat_title": N_(
        "%(seat)s has a dead hand: no more chi, peng or win, and no more discards"
    ),
    "phz_note_dead": N_(
        "Your hand is dead: you can no longer take cards or win, and you make no more "
        "discards. You keep revealing on your turns, still make a compulsory ti, and may "
        "still make a pao."
    ),
    # --- your hand
    "phz_reason_kan": N_(
        "Part of your kan of %(card)s: a kan is locked. It cannot be discarded or used in a "
        "chi; it only grows into a ti or a pao."
    ),
    "phz_reason_not_discarding": N_(
        "You discard only after a chi, peng, wei, ti or pao, or as the dealer at the start"
    ),
    "phz_reason_claim": N_("A card is in play: answer with the buttons first"),
    "phz_reason_dead_hand": N_("Your hand is dead: you make no more discards"),
    # --- claims: the buttons and why one is not offered
    "phz_act_chi_bi": N_("Chi + bi"),
    "phz_bi_part": N_("bi: %(cards)s"),
    "phz_stale_chi": N_(
        "You cannot chi %(card)s: it is a stale card for you, because you passed up a chi "
        "of it or discarded it earlier."
    ),
    "phz_stale_peng": N_(
        "You cannot peng %(card)s: it is a stale card for you, because you passed up a "
        "peng of it or discarded it earlier."
    ),
    "phz_stale_list_both": N_("Stale cards for your chi and peng: %(cards)s."),
    "phz_stale_list_chi": N_("Stale cards for your chi: %(cards)s."),
    "phz_stale_list_peng": N_("Stale cards for your peng: %(cards)s."),
    "phz_notice_stale_chi": N_(
        "You passed up a chi of %(card)s: it is now a stale card for your chi."
    ),
    "phz_notice_stale_peng": N_(
        "You passed up a peng of %(card)s: it is now a stale card for your peng."
    ),
    "phz_notice_stale_both": N_(
        "You passed up a chi and a peng of %(card)s: it is now a stale card for both."
    ),
    # --- whose turn it is
    "phz_status_first_discard": N_("You are the dealer: discard a card to begin"),
    "phz_status_you_revealed": N_("You revealed %(card)s: your answer?"),
    "phz_status_seat_revealed": N_("%(seat)s revealed %(card)s: your answer?"),
    "phz_status_win_after_wei": N_(
        "Your compulsory wei of %(card)s completes your hand: win, or pass?"
    ),
    "phz_status_win_after_ti": N_(
        "Your compulsory ti of %(card)s completes your hand: win, or pass?"
    ),
    # --- the log
    "phz_log_shown": N_("The dealer's shown card is %(card)s: it stays in the dealer's hand"),
    "phz_log_you_shown": N_("As the dealer you show %(card)s: it stays in your hand"),
    "phz_log_you_kan": N_("You hold a kan of %(card)s: it stays in your hand, locked"),
    "phz_log_you_ti_dealt": N_("You were dealt four %(card)s: a ti, laid face down"),
    "phz_log_seat_ti_dealt": N_("%(seat)s was dealt four identical cards: a ti, laid face down"),
    "phz_log_you_revealed": N_("You revealed %(card)s"),
    "phz_log_seat_revealed": N_("%(seat)s revealed %(card)s"),
    "phz_log_you_wei": N_("You made a wei of %(card)s, face down"),
    "phz_log_seat_wei": N_("%(seat)s made a wei of %(card)s, face down"),
    "phz_log_you_ti": N_("You made a ti of %(card)s"),
    "phz_log_seat_ti": N_("%(seat)s made a ti of %(card)s"),
    "phz_log_you_chi": N_("You took %(card)s for a chi: %(groups)s"),
    "phz_log_seat_chi": N_("%(seat)s took %(card)s for a chi: %(groups)s"),
    "phz_log_you_peng": N_("You took %(card)s for a peng"),
    "phz_log_seat_peng": N_("%(seat)s took %(card)s for a peng"),
    "phz_log_you_pao_kan": N_("You took %(card)s for a pao with your kan"),
    "phz_log_seat_pao_kan": N_("%(seat)s took %(card)s for a pao with their kan"),
    "phz_log_you_pao_wei": N_("You took %(card)s for a pao with your wei"),
    "phz_log_seat_pao_wei": N_("%(seat)s took %(card)s for a pao with their wei"),
    "phz_log_you_pao_peng": N_("You took %(card)s for a pao with your peng"),
    "phz_log_seat_pao_peng": N_("%(seat)s took %(card)s for a pao with their peng"),
    "phz_log_you_unclaimed": N_("Nobody took %(card)s: it goes to your discard area"),
    "phz_log_unclaimed": N_("Nobody took %(card)s: it goes to the discard area of %(seat)s"),
    "phz_log_you_dead": N_("Your hand is dead: the compulsory group left you nothing to discard"),
    "phz_log_seat_dead": N_("The hand of %(seat)s is dead: no more chi, peng or win"),
    "phz_log_you_heavenly": N_("Heavenly win: you were dealt three ti or five kan"),
    "phz_log_seat_heavenly": N_("Heavenly win for %(seat)s: three ti or five kan as dealt"),
    # --- the end of the deal (rules, section 4)
    "phz_result_heavenly": N_("Heavenly win: three ti or five kan as dealt"),
    "phz_result_you_revealed": N_("Winning card: %(card)s, which you revealed"),
    "phz_result_revealed": N_("Winning card: %(card)s, revealed by %(seat)s"),
    "phz_winning_card_alt": N_("%(card)s, the winning card"),
    "phz_result_your_groups": N_("Your groups"),
    "phz_result_groups_of": N_("Groups of %(seat)s"),
    "phz_result_total": N_("Total"),
    "phz_result_tun": N_("Tun"),
    "phz_result_tun_rule": N_("tun = ⌊(huxi − 15) / 3⌋ + 1"),
    "phz_result_payments": N_("Payments"),
    # the payments' table: a row per player, its signed change of score (usability review m6)
    "phz_col_player": N_("Player"),
    "phz_col_change": N_("Change"),
    "phz_col_winner": N_("Winner"),
    "phz_result_drawn_note": N_("Nobody won before the stock ran out, so nobody pays."),
    # the review's loss: a mean over simulated deals, with its 95% interval (one decimal each)
    "review_phz_loss": N_(
        "It cost about %(loss)s tun a deal on average (95%% interval %(low)s to %(high)s)."
    ),
    "review_phz_huxi": N_(
        "Your move kept %(played)s huxi in sight, the better one %(better)s "
        "(a win needs at least 15)."
    ),
}

PLURALS: dict[str, tuple[str, str]] = {
    "phz_huxi": NP_("%(n)s huxi", "%(n)s huxi"),
    "phz_kans_huxi": NP_("+%(n)s huxi in your kans", "+%(n)s huxi in your kans"),
    "phz_result_tun_calc": NP_(
        "⌊(%(huxi)s − 15) / 3⌋ + 1 = %(n)s tun",
        "⌊(%(huxi)s − 15) / 3⌋ + 1 = %(n)s tun",
    ),
    "phz_log_you_won": NP_(
        "You won with %(card)s: %(huxi)s huxi, %(n)s tun",
        "You won with %(card)s: %(huxi)s huxi, %(n)s tun",
    ),
    "phz_log_seat_won": NP_(
        "%(seat)s won with %(card)s: %(huxi)s huxi, %(n)s tun",
        "%(seat)s won with %(card)s: %(huxi)s huxi, %(n)s tun",
    ),
    # the hint's score: the huxi the hand keeps in sight after the move (PHZ-11)
    "why_phz_huxi": NP_(
        "It keeps %(n)s huxi in sight (a win needs at least 15).",
        "It keeps %(n)s huxi in sight (a win needs at least 15).",
    ),
}
