"""Chuo Pai's table words (static/table/chuopai.js), merged over the shared ones (core.py)."""

from __future__ import annotations

from cardavia.web.strings.markers import N_, NP_

STRINGS: dict[str, str] = {
    # --- the seats and piles (groupsLabel; no_groups is the empty banked area)
    "cp_banked_label": N_("Scored pile"),
    # the mark in a seat's slot of the trick once it has passed (a past fact, not the verb)
    "cp_pass_mark": N_("Passed"),
    "no_groups": N_("Nothing banked yet"),
    "cp_bonus_label": N_("Starting bonus"),
    "cp_pile_label": N_("Scored pile of %(seat)s"),
    "cp_pile_label_yours": N_("Your scored pile"),
    # --- the four families of your hand (chuopai rules, section 2)
    "cp_family_main": N_("Main long"),
    "cp_family_yao": N_("Yao"),
    "cp_family_black": N_("Black"),
    "cp_family_red": N_("Red"),
    "cp_family_first": N_("%(family)s family: %(card)s"),
    # --- plays: kinds and combinations (chuopai rules, section 3)
    "cp_kind_single": N_("Single"),
    "cp_kind_four": N_("Four"),
    "cp_tian_jiu": N_("Tian Jiu"),
    "cp_di_ba": N_("Di Ba"),
    "cp_ren_qi": N_("Ren Qi"),
    "cp_he_wu": N_("He Wu"),
    "cp_special_play": N_("%(name)s (%(cards)s)"),
    # --- the centre: the round in play
    "cp_centre_heading": N_("The round in play"),
    "cp_round_title": N_("Round %(n)s"),
    "cp_opening_title": N_("Starting bonus: Nail and Two Reds"),
    "cp_note_you_lead_first": N_("You lead the first round."),
    "cp_note_seat_leads_first": N_("%(seat)s leads the first round."),
    "cp_note_to_beat": N_("Current highest play: %(play)s, by %(seat)s"),
    "cp_note_to_beat_yours": N_("Current highest play: your %(play)s"),
    "cp_trick_led": N_("%(seat)s led"),
    "cp_trick_you_led": N_("You led"),
    "cp_trick_beat": N_("%(seat)s beat it"),
    "cp_trick_you_beat": N_("You beat it"),
    "cp_trick_you_had_to_beat": N_("You had to beat it"),
    "cp_trick_passed": N_("%(seat)s passed"),
    "cp_trick_you_could_not_beat": N_("You could not beat it"),
    "cp_trick_highest": N_("Highest"),
    "cp_trick_wins": N_("Wins the round"),
    # --- whose turn it is
    "cp_status_lead": N_("Your lead: play 1 to 4 identical cards or a special combination"),
    "cp_status_must_beat": N_("You must beat %(play)s (played by %(seat)s)"),
    "cp_status_tie": N_("Tie: %(seats)s"),
    # --- forced moves, shown as a notice when they happen
    "cp_notice_passed": N_("You could not beat %(play)s, so you passed."),
    "cp_notice_forced_beat": N_(
        "You had to beat %(over)s: %(play)s was the only play you could beat it with."
    ),
    "cp_notice_last_card": N_("You led your last card: %(play)s."),
    # --- your choices
    "cp_act_play": N_("Play"),
    "cp_act_clear": N_("Clear"),
    "cp_play_selected_aria": N_("Play the selected cards: %(cards)s"),
    "cp_key_hint": N_(
        "Keyboard: arrow keys move through your hand, Enter or Space selects a card, "
        "P plays the selection; or press the number of a play."
    ),
    "cp_key_hint_off": N_(
        "Keyboard: arrow keys move through your hand, Enter or Space selects a card; "
        "Tab reaches Play and the plays."
    ),
    # --- reasons a choice is disabled
    "cp_reason_wait": N_("Wait for your turn to play"),
    "cp_reason_card_cannot_beat": N_("%(card)s is in no play that beats %(play)s"),
    "cp_reason_select": N_("Select cards in your hand first, or choose a play"),
    "cp_reason_not_a_play": N_(
        "These cards are not a play: play 1 to 4 identical cards, or a Tian Jiu, Di Ba, "
        "Ren Qi or He Wu combination"
    ),
    "cp_reason_unequal": N_("Not a play: %(name)s needs as many matching cards as %(civil)s cards"),
    "cp_reason_class": N_(
        "%(play)s does not beat %(over)s: special combinations and ordinary plays never "
        "beat each other"
    ),
    "cp_reason_family": N_(
        "%(play)s does not beat %(over)s: different families never beat each other"
    ),
    "cp_reason_rank": N_("%(play)s does not beat %(over)s: its rank is not higher"),
    "cp_reason_not_legal": N_("%(play)s cannot be played now"),
    # --- the log
    "cp_log_start_you": N_("New deal. You lead the first round."),
    "cp_log_start_seat": N_("New deal. %(seat)s leads the first round."),
    "cp_log_you_led": N_("You led %(play)s"),
    "cp_log_you_led_last": N_("You led your last card, %(play)s"),
    "cp_log_seat_led": N_("%(seat)s led %(play)s"),
    "cp_log_you_beat": N_("You beat it with %(play)s"),
    "cp_log_you_had_to_beat": N_(
        "You had to beat it with %(play)s, the only play you could beat it with"
    ),
    "cp_log_seat_beat": N_("%(seat)s beat it with %(play)s"),
    "cp_log_you_passed": N_("You could not beat %(play)s, so you passed"),
    "cp_log_seat_passed": N_("%(seat)s could not beat %(play)s and passed"),
    # --- the end of the deal
    "cp_result_tie": N_("Tie: %(seats)s"),
    "cp_badge_winner": N_("Winner"),
    "cp_badge_tied": N_("Tied"),
    "cp_scores_label": N_("Scored piles compared"),
    "cp_result_nothing": N_("Nothing banked"),
    # --- the hint's "why" (cardavia.ai.games.chuopai, explain); %% is a percent sign
    "why_cp_sure": N_("Nobody can beat it: the round is yours."),
    "why_cp_hold": N_("About %(percent)s%% likely that nobody beats it."),
    "why_cp_weak": N_("It risks only weak cards and keeps your strong ones for later."),
    # the review's loss: a mean over simulated deals, with its 95% interval (one decimal each)
    "review_cp_loss": N_(
        "It cost about %(loss)s scored cards a deal on average (95%% interval %(low)s to %(high)s)."
    ),
}

PLURALS: dict[str, tuple[str, str]] = {
    "cp_pile_count": NP_("Pile: %(n)s card", "Pile: %(n)s cards"),
    "cp_bonus_points": NP_("%(n)s card banked", "%(n)s cards banked"),
    "cp_out_count": NP_("%(n)s card has left the game", "%(n)s cards have left the game"),
    "cp_note_you_won_round": NP_(
        "You won the round and banked %(n)s card.",
        "You won the round and banked %(n)s cards.",
    ),
    "cp_note_seat_won_round": NP_(
        "%(seat)s won the round and banked %(n)s card.",
        "%(seat)s won the round and banked %(n)s cards.",
    ),
    "cp_hint_narrowed": NP_(
        "Showing the %(n)s play that uses the selected cards.",
        "Showing the %(n)s plays that use the selected cards.",
    ),
    "cp_reason_count": NP_(
        "%(play)s does not beat %(over)s: only a play of %(n)s card can beat it",
        "%(play)s does not beat %(over)s: only a play of %(n)s cards can beat it",
    ),
    "cp_log_you_bonus": NP_(
        "Starting bonus: you hold the Nail and Two Reds, so %(n)s card goes to your pile",
        "Starting bonus: you hold the Nail and Two Reds, so %(n)s cards go to your pile",
    ),
    "cp_log_seat_bonus": NP_(
        "Starting bonus: %(seat)s holds the Nail and Two Reds, so %(n)s card goes to their pile",
        "Starting bonus: %(seat)s holds the Nail and Two Reds, so %(n)s cards go to their pile",
    ),
    "cp_log_you_won_round": NP_(
        "You won the round and banked %(n)s card",
        "You won the round and banked %(n)s cards",
    ),
    "cp_log_seat_won_round": NP_(
        "%(seat)s won the round and banked %(n)s card",
        "%(seat)s won the round and banked %(n)s cards",
    ),
    "cp_log_end_you": NP_(
        "The deal is over: you win with %(n)s point",
        "The deal is over: you win with %(n)s points",
    ),
    "cp_log_end_seat": NP_(
        "The deal is over: %(seat)s wins with %(n)s point",
        "The deal is over: %(seat)s wins with %(n)s points",
    ),
    "cp_log_end_tie": NP_(
        "The deal is over: %(seats)s tie with %(n)s point",
        "The deal is over: %(seats)s tie with %(n)s points",
    ),
    "cp_result_note_win": NP_(
        "The biggest scored pile wins: %(n)s point.",
        "The biggest scored pile wins: %(n)s points.",
    ),
    "cp_result_note_tie": NP_(
        "The biggest scored piles are equal: %(n)s point each.",
        "The biggest scored piles are equal: %(n)s points each.",
    ),
    "cp_result_banked": NP_("Rounds won: %(n)s point", "Rounds won: %(n)s points"),
    "cp_result_bonus": NP_("Starting bonus: %(n)s point", "Starting bonus: %(n)s points"),
    "cp_result_unplayed": NP_(
        "Left in hand, not scored: %(n)s card", "Left in hand, not scored: %(n)s cards"
    ),
    # the hint's score: the cards a play may hand to another seat (CP§4.1)
    "why_cp_risk": NP_(
        "It puts about %(n)s card at risk of being taken.",
        "It puts about %(n)s cards at risk of being taken.",
    ),
    # the review's reason: the cards each play puts at risk, counted by the first
    "review_cp_risk": NP_(
        "Your play put about %(played)s card at risk of being taken, the better one %(better)s.",
        "Your play put about %(played)s cards at risk of being taken, the better one %(better)s.",
    ),
}
