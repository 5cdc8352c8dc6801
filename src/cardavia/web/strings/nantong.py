"""Nantong's table words (static/table/nantong.js), merged over the shared ones (core.py)."""

from __future__ import annotations

from cardavia.web.strings.markers import N_, NP_

STRINGS: dict[str, str] = {
    # --- the centre: indicators, the stock's two ends, the card under claim
    "nt_centre_heading": N_("Indicators, stock and the card under claim"),
    "nt_indicators": N_("Indicators"),
    "nt_indicators_aria": N_("Indicators: %(first)s and %(second)s"),
    "nt_stock_front": N_("Front"),
    "nt_stock_back": N_("Back"),
    "nt_stock_you_replacement": N_("You drew a replacement from the back of the stock"),
    "nt_stock_seat_replacement": N_("%(seat)s drew a replacement from the back of the stock"),
    "nt_caption_rob": N_("Added to a pong by %(seat)s: it may be robbed"),
    "nt_caption_you_rob": N_("You add it to your pong: it may be robbed"),
    "nt_match_before": N_("Running total before this deal:"),
    "nt_match_seat": N_("%(seat)s %(n)s"),
    # --- the opening phase (rules, section 2)
    "nt_opening_title": N_("Opening phase"),
    "nt_opening_text": N_(
        "From the dealer, each player may show opening fours, opening threes and a Tiandi "
        "Hezi from the cards dealt, then finishes setup. Only the non-dealers may declare "
        "ready."
    ),
    "nt_act_ready": N_("Ready"),
    "nt_act_finish": N_("Finish setup"),
    "nt_note_four": N_(
        "One of your seven groups, 16 base hu. Draw a replacement from the back of the stock."
    ),
    "nt_note_three": N_(
        "Same card as an indicator: one of your seven groups, 16 base hu. No replacement."
    ),
    "nt_note_hezi": N_(
        "16 base hu, not a group. Draw two replacements from the back of the stock."
    ),
    "nt_note_ready": N_(
        "Your hand locks: after each draw, win or discard the card drawn. A win counts one "
        "more ×2 multiplier."
    ),
    "nt_note_finish": N_("End your setup. Play begins when everyone has finished."),
    "nt_note_finish_skip": N_("End your setup without the declarations left."),
    "nt_ready_waits": N_("Ready: waiting for %(cards)s"),
    "nt_opening_hint": N_(
        "Keyboard: press the number of a declaration, R for ready or F to finish setup, or use Tab."
    ),
    "nt_opening_hint_no_ready": N_(
        "Keyboard: press the number of a declaration or F to finish setup, or use Tab."
    ),
    "nt_opening_hint_ready": N_("Keyboard: press R for ready or F to finish setup, or use Tab."),
    "nt_opening_hint_finish": N_("Keyboard: press F to finish setup, or use Tab."),
    # --- seats and groups set down
    "nt_ready_mark": N_("Ready"),
    "nt_setup_done": N_("Setup done"),
    "nt_meld_pong": N_("Exposed pong"),
    "nt_meld_kong": N_("Exposed kong"),
    "nt_meld_added": N_("Added kong"),
    "nt_meld_concealed": N_("Concealed kong"),
    "nt_meld_four": N_("Opening four"),
    "nt_meld_three": N_("Opening three"),
    "nt_meld_hezi": N_("Tiandi Hezi"),
    # --- your hand and your choices
    "nt_drawn_tag": N_("Drawn"),
    "nt_drawn_card": N_("%(card)s, just drawn"),
    "nt_act_pong": N_("Pong"),
    "nt_act_kong": N_("Kong"),
    "nt_act_rob": N_("Rob the kong: win!"),
    "nt_act_concealed_kong": N_("Concealed kong"),
    "nt_act_added_kong": N_("Added kong"),
    "nt_note_kong": N_("Then draw a replacement from the back of the stock."),
    "nt_turn_hint_win": N_(
        "Keyboard: arrow keys move through your hand, Enter or Space discards; W wins."
    ),
    "nt_turn_hint": N_(
        "Keyboard: arrow keys move through your hand, Enter or Space discards; W wins, the "
        "number keys make a kong."
    ),
    # the same with the shortcut keys turned off (core/state.js keysLine)
    "nt_turn_hint_off": N_(
        "Keyboard: arrow keys move through your hand, Enter or Space discards; "
        "Tab reaches your other answers."
    ),
    "nt_reason_opening": N_("Opening phase: declare with the buttons, or finish setup"),
    "nt_reason_claim": N_("A card is under claim: answer with the buttons first"),
    "nt_reason_ready": N_("Your hand is ready and locked: discard the card you drew, or win"),
    "nt_reason_cannot_discard": N_("You cannot discard this card now"),
    "nt_reason_wait": N_("Wait for your turn to discard"),
    # --- whose turn it is
    "nt_status_opening_you": N_("Opening phase: declare what you can, then finish setup"),
    "nt_status_opening_seat": N_("Opening phase: %(seat)s is declaring…"),
    "nt_status_first_discard": N_("You are the dealer: discard a card to begin, without drawing"),
    "nt_status_after_pong": N_("Pong made: discard a card"),
    "nt_status_drew": N_("You drew %(card)s: discard a card"),
    "nt_status_drew_win": N_("You drew %(card)s: win, or discard a card"),
    "nt_status_replacement": N_("Replacement from the back: %(card)s. Discard a card"),
    "nt_status_replacement_win": N_("Replacement from the back: %(card)s. Win or discard"),
    "nt_status_ready_drew": N_("You are ready and drew %(card)s: discard it"),
    "nt_status_ready_drew_win": N_("You are ready and drew %(card)s: win, or discard it"),
    "nt_status_rob": N_("%(seat)s adds %(card)s to a pong: rob the kong to win?"),
    "nt_status_exhausted": N_("Exhausted deal: nobody won"),
    # --- the log
    "nt_log_indicators": N_("The indicators are %(first)s and %(second)s"),
    "nt_log_you_four": N_("You show an opening four: %(card)s"),
    "nt_log_seat_four": N_("%(seat)s shows an opening four: %(card)s"),
    "nt_log_you_three": N_("You show an opening three: %(card)s"),
    "nt_log_seat_three": N_("%(seat)s shows an opening three: %(card)s"),
    "nt_log_you_hezi": N_("You show a Tiandi Hezi: %(card)s"),
    "nt_log_seat_hezi": N_("%(seat)s shows a Tiandi Hezi: %(card)s"),
    "nt_log_you_ready": N_("You declared ready"),
    "nt_log_seat_ready": N_("%(seat)s declared ready"),
    # neutral: with nothing to declare the engine ends your setup for you (a single choice)
    "nt_log_you_finished": N_("Your setup is done"),
    "nt_log_seat_finished": N_("%(seat)s finished setup"),
    "nt_log_seat_drew": N_("%(seat)s drew from the front of the stock"),
    "nt_log_you_replacement": N_("Replacement from the back of the stock: you drew %(card)s"),
    "nt_log_seat_replacement": N_("%(seat)s drew a replacement from the back of the stock"),
    "nt_log_you_pong": N_("You claimed %(card)s from %(from)s: pong"),
    "nt_log_seat_pong": N_("%(seat)s claimed %(card)s from %(from)s: pong"),
    "nt_log_you_exposed_kong": N_("You claimed %(card)s from %(from)s: exposed kong"),
    "nt_log_seat_exposed_kong": N_("%(seat)s claimed %(card)s from %(from)s: exposed kong"),
    # the same claims on your discard or your kong (never "from You")
    "nt_log_seat_pong_yours": N_("%(seat)s claimed your %(card)s: pong"),
    "nt_log_seat_exposed_kong_yours": N_("%(seat)s claimed your %(card)s: exposed kong"),
    "nt_log_you_concealed_kong": N_("You declared a concealed kong: %(card)s"),
    "nt_log_seat_concealed_kong": N_("%(seat)s declared a concealed kong: %(card)s"),
    "nt_log_you_add_kong": N_("You add %(card)s to your pong: it may be robbed"),
    "nt_log_seat_add_kong": N_("%(seat)s adds %(card)s to a pong: it may be robbed"),
    "nt_log_you_added_kong": N_("Nobody robbed it: your added kong of %(card)s stands"),
    "nt_log_seat_added_kong": N_("Nobody robbed it: the added kong of %(card)s by %(seat)s stands"),
    "nt_log_you_won_self": N_("You won with %(card)s, a self-draw"),
    "nt_log_seat_won_self": N_("%(seat)s won with %(card)s, a self-draw"),
    "nt_log_you_won_discard": N_("You won on %(card)s, discarded by %(from)s"),
    "nt_log_seat_won_discard": N_("%(seat)s won on %(card)s, discarded by %(from)s"),
    "nt_log_you_won_rob": N_("You robbed the kong of %(from)s and won on %(card)s"),
    "nt_log_seat_won_rob": N_("%(seat)s robbed the kong of %(from)s and won on %(card)s"),
    "nt_log_seat_won_discard_yours": N_("%(seat)s won on your discard, %(card)s"),
    "nt_log_seat_won_rob_yours": N_("%(seat)s robbed your kong and won on %(card)s"),
    "nt_log_you_won_heavenly": N_("Heavenly win: your cards as dealt are complete"),
    "nt_log_seat_won_heavenly": N_("Heavenly win for %(seat)s: the cards as dealt are complete"),
    "nt_log_exhausted": N_("Nobody took the last discard: the deal is exhausted"),
    # --- the scoring sheet (rules, section 4)
    "nt_result_exhausted": N_("Exhausted deal: nobody won"),
    "nt_result_exhausted_note": N_(
        "The stock ran out. Every player's base hu is still settled, with no bonuses and no "
        "multipliers."
    ),
    "nt_result_self_drawn": N_("Winning card: %(card)s, a self-draw"),
    "nt_result_replacement": N_("Winning card: %(card)s, a replacement drawn after a kong"),
    "nt_result_robbed": N_("Winning card: %(card)s, robbed from the added kong of %(seat)s"),
    "nt_result_earthly": N_("Winning card: %(card)s, the first discard of %(seat)s, the dealer"),
    "nt_result_robbed_yours": N_("Winning card: %(card)s, robbed from your added kong"),
    "nt_result_earthly_yours": N_("Winning card: %(card)s, your first discard as the dealer"),
    "nt_result_heavenly": N_("Heavenly win: no winning card"),
    "nt_winner": N_("Winner"),
    "nt_sheet_hand": N_("Cards at the end"),
    "nt_units_label": N_("Sets of %(seat)s"),
    "nt_units_label_yours": N_("Your sets"),
    "nt_unit_three_in_hand": N_("Three identical cards in hand"),
    "nt_unit_four_in_hand": N_("Four identical cards in hand"),
    "nt_no_sets": N_("No sets: no base hu"),
    "nt_calc_base": N_("base %(n)s"),
    "nt_base_exact": N_("exact match: 12 instead of 4"),
    "nt_dbl_old_general": N_("old general"),
    "nt_dbl_indicator": N_("indicator %(card)s"),
    "nt_dbl_exact": N_("exact match"),
    "nt_row_base": N_("Base hu"),
    "nt_shape_qing": N_("Qing Hu"),
    "nt_shape_piao": N_("Piao Hu"),
    "nt_shape_tazi": N_("Tazi Hu"),
    "nt_bonus_self_draw": N_("Self-draw"),
    "nt_bonus_kong_replacement": N_("Win on a kong replacement"),
    "nt_bonus_card_pair": N_("The winning card completes the pair"),
    "nt_bonus_card_middle": N_("The winning card is the middle card of a run"),
    "nt_bonus_card_three": N_("The winning card is the 3 of a 1-2-3 run"),
    "nt_bonus_card_seven": N_("The winning card is the 7 of a 7-8-9 run"),
    "nt_mult_closed_float": N_("Closed Float"),
    "nt_mult_three_elders": N_("Three Elders"),
    "nt_mult_heavenly": N_("Heavenly win"),
    "nt_mult_earthly": N_("Earthly win"),
    "nt_mult_ready": N_("Ready"),
    "nt_mult_last_card": N_("Last card"),
    "nt_row_mult_add": N_("The multipliers add up"),
    "nt_row_total": N_("Total"),
    "nt_total_formula": N_("(%(base)s + %(bonus)s) × %(factor)s = %(total)s"),
    "nt_row_rounded": N_("Rounded up"),
    "nt_settlement_title": N_("Settlement"),
    "nt_col_player": N_("Player"),
    "nt_col_total": N_("Total"),
    "nt_col_against": N_("Against the other two"),
    "nt_col_deal": N_("Result"),
    "nt_col_match": N_("Running total"),
    "nt_next_deal": N_("Next deal"),
    "nt_restart": N_("Restart"),
    # the review's loss: a mean over simulated deals, with its 95% interval (one decimal each)
    "review_nt_loss": N_(
        "It cost about %(loss)s hu a deal on average (95%% interval %(low)s to %(high)s)."
    ),
    "review_nt_old_general": N_(
        "Your move gave up an old general, which doubles the hu of any group it is in."
    ),
}

PLURALS: dict[str, tuple[str, str]] = {
    "nt_hu": NP_("%(n)s hu", "%(n)s hu"),
    "nt_bonus_wenqian": NP_("Wenqian: %(n)s run", "Wenqian: %(n)s runs"),
    # the hint's score: the old generals a discard keeps (NT§4.3)
    "why_nt_generals": NP_(
        "It keeps your old general, which doubles the hu of its group.",
        "It keeps your %(n)s old generals, which double the hu of their groups.",
    ),
}
