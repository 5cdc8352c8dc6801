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

`%(seat)s` is "You" for your own seat, which reads well only as a sentence's subject. Where a
seat can be you in another place ("claimed … from %(from)s", "Sets of %(seat)s"), the table
asks for a key of its own for you (`…_you_…`, `…_yours`: "claimed your …", "Your sets").
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
    "log_unclaimed": N_("Nobody claimed the drawn %(card)s: it becomes a discard, and the others "
                        "may claim it again"),
    "log_you_claimed": N_("You claimed %(card)s: %(group)s"),
    "log_seat_claimed": N_("%(seat)s claimed %(card)s: %(group)s"),
    "log_you_discarded": N_("You discarded %(card)s"),
    "log_seat_discarded": N_("%(seat)s discarded %(card)s"),
    "log_drawn": N_("The stock is empty: the deal is drawn"),
    "log_you_passed": N_("You passed"),
    "log_you_called_win": N_("You called a win"),
    "log_you_called": N_("You called: %(group)s"),
    "log_claim_outranked": N_("%(seat)s's claim came first, so yours lapsed"),
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
    "result_from_you": N_("Winning card: %(card)s, from you"),
    "result_drawn_by": N_("Winning card: %(card)s, drawn by %(seat)s"),
    "result_drawn_by_you": N_("Winning card: %(card)s, drawn by you"),
    "result_discarded_by": N_("Winning card: %(card)s, discarded by %(seat)s"),
    "result_discarded_by_you": N_("Winning card: %(card)s, discarded by you"),
    "result_exposed": N_("exposed"),
    "result_your_groups": N_("Your groups"),  # the end sheet's list of the winning groups
    "result_groups_of": N_("Groups of %(seat)s"),
    "result_concealed": N_("concealed"),
    "new_deal": N_("New deal"),
    "download_record": N_("Download deal record"),
    # --- the AI level of the deal (a badge by each AI seat's name; the Start game form)
    "level_easy": N_("Easy"),
    "level_normal": N_("Normal"),
    "level_hard": N_("Hard"),
    "level_badge": N_("AI level: %(level)s"),
    # --- the Hint button: what the normal level would play now, and why (%% is a percent sign)
    "hint_busy": N_("Thinking…"),
    "hint_line": N_("Hint: %(action)s"),
    "hint_line_reason": N_("Hint: %(action)s — %(reason)s"),
    "hint_discard": N_("Discard %(card)s"),
    "hint_forced": N_("It is your only move."),
    "hint_win": N_("Take the win."),
    "hint_greedy_plain": N_("The rule-of-thumb move."),
    # the search overruled the rule of thumb on too few simulated deals to quote their shares
    "hint_search_few": N_("A few simulated deals favoured it."),
    "hint_wait": N_("A hint is available when it is your turn."),
    # the hint's "why" in the policies' terms (cardavia.ai.explain), after the action
    "why_closest": N_("It keeps your hand as close to a win as any discard can."),
    "why_closer": N_("Claiming brings your hand closer to a win."),
    "why_no_closer": N_("No claim would bring your hand closer to a win."),
    "why_kong": N_("The kong scores more and keeps your hand as close to a win."),
    "why_cp_sure": N_("Nobody can beat it: the round is yours."),
    "why_cp_hold": N_("About %(percent)s%% likely that nobody beats it."),
    "why_cp_weak": N_("It risks only weak cards and keeps your strong ones for later."),
    "hint_failed": N_("Could not get a hint. Try again."),
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
    # the hint's reason; n counts the simulated deals, share and next are whole percentages
    "hint_search": NP_(
        "It won %(share)s%% of %(n)s simulated deal; the next best move won %(next)s%%.",
        "It won %(share)s%% of %(n)s simulated deals; the next best move won %(next)s%%.",
    ),
    # the hint's "why": the distance to a win after the move, and the unseen cards that would
    # bring the hand closer then (cardavia.ai.explain)
    "why_distance": NP_("Your hand is then %(n)s card from a win.",
                        "Your hand is then %(n)s cards from a win."),
    "why_acceptance": NP_("%(n)s unseen card would bring it closer.",
                          "%(n)s unseen cards would bring it closer."),
    "hint_greedy": NP_(
        "The rule-of-thumb move: nothing did clearly better in %(n)s simulated deal "
        "(it won %(share)s%%).",
        "The rule-of-thumb move: nothing did clearly better in %(n)s simulated deals "
        "(it won %(share)s%%).",
    ),
}


GAME_STRINGS: dict[str, dict[str, str]] = {
    "chuopai": {
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
        "cp_card_times": N_("%(card)s ×%(n)s"),
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
            "You had to beat %(over)s: %(play)s was the only play you could beat it with."),
        "cp_notice_last_card": N_("You led your last card: %(play)s."),
        # --- your choices
        "cp_act_play": N_("Play"),
        "cp_act_clear": N_("Clear"),
        "cp_play_selected_aria": N_("Play the selected cards: %(cards)s"),
        "cp_key_hint": N_(
            "Keyboard: arrow keys move through your hand, Enter or Space selects a card, "
            "P plays the selection; or press the number of a play."),
        # --- reasons a choice is disabled
        "cp_reason_wait": N_("Wait for your turn to play"),
        "cp_reason_card_cannot_beat": N_("%(card)s is in no play that beats %(play)s"),
        "cp_reason_select": N_("Select cards in your hand first, or choose a play"),
        "cp_reason_not_a_play": N_(
            "These cards are not a play: play 1 to 4 identical cards, or a Tian Jiu, Di Ba, "
            "Ren Qi or He Wu combination"),
        "cp_reason_unequal": N_(
            "Not a play: %(name)s needs as many matching cards as %(civil)s cards"),
        "cp_reason_class": N_(
            "%(play)s does not beat %(over)s: special combinations and ordinary plays never "
            "beat each other"),
        "cp_reason_family": N_(
            "%(play)s does not beat %(over)s: different families never beat each other"),
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
            "You had to beat it with %(play)s, the only play you could beat it with"),
        "cp_log_seat_beat": N_("%(seat)s beat it with %(play)s"),
        "cp_log_you_passed": N_("You could not beat %(play)s, so you passed"),
        "cp_log_seat_passed": N_("%(seat)s could not beat %(play)s and passed"),
        # --- the end of the deal
        "cp_result_tie": N_("Tie: %(seats)s"),
        "cp_badge_winner": N_("Winner"),
        "cp_badge_tied": N_("Tied"),
        "cp_scores_label": N_("Scored piles compared"),
        "cp_result_nothing": N_("Nothing banked"),
    },
    "nantong": {
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
            "ready."),
        "nt_act_ready": N_("Ready"),
        "nt_act_finish": N_("Finish setup"),
        "nt_note_four": N_(
            "One of your seven groups, 16 base hu. Draw a replacement from the back of the stock."),
        "nt_note_three": N_("Same card as an indicator: one of your seven groups, 16 base hu. "
                            "No replacement."),
        "nt_note_hezi": N_("16 base hu, not a group. Draw two replacements from the back of the "
                           "stock."),
        "nt_note_ready": N_(
            "Your hand locks: after each draw, win or discard the card drawn. A win counts one "
            "more ×2 multiplier."),
        "nt_note_finish": N_("End your setup. Play begins when everyone has finished."),
        "nt_note_finish_skip": N_("End your setup without the declarations left."),
        "nt_ready_waits": N_("Ready: waiting for %(cards)s"),
        "nt_opening_hint": N_(
            "Keyboard: press the number of a declaration, R for ready or F to finish setup, or "
            "use Tab."),
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
            "Keyboard: arrow keys move through your hand, Enter or Space discards; W wins."),
        "nt_turn_hint": N_(
            "Keyboard: arrow keys move through your hand, Enter or Space discards; W wins, the "
            "number keys make a kong."),
        "nt_reason_opening": N_("Opening phase: declare with the buttons, or finish setup"),
        "nt_reason_claim": N_("A card is under claim: answer with the buttons first"),
        "nt_reason_ready": N_("Your hand is ready and locked: discard the card you drew, or win"),
        "nt_reason_cannot_discard": N_("You cannot discard this card now"),
        "nt_reason_wait": N_("Wait for your turn to discard"),
        # --- whose turn it is
        "nt_status_opening_you": N_("Opening phase: declare what you can, then finish setup"),
        "nt_status_opening_seat": N_("Opening phase: %(seat)s is declaring…"),
        "nt_status_first_discard": N_(
            "You are the dealer: discard a card to begin, without drawing"),
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
        "nt_log_seat_replacement": N_(
            "%(seat)s drew a replacement from the back of the stock"),
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
        "nt_log_seat_added_kong": N_(
            "Nobody robbed it: the added kong of %(card)s by %(seat)s stands"),
        "nt_log_you_won_self": N_("You won with %(card)s, a self-draw"),
        "nt_log_seat_won_self": N_("%(seat)s won with %(card)s, a self-draw"),
        "nt_log_you_won_discard": N_("You won on %(card)s, discarded by %(from)s"),
        "nt_log_seat_won_discard": N_("%(seat)s won on %(card)s, discarded by %(from)s"),
        "nt_log_you_won_rob": N_("You robbed the kong of %(from)s and won on %(card)s"),
        "nt_log_seat_won_rob": N_("%(seat)s robbed the kong of %(from)s and won on %(card)s"),
        "nt_log_seat_won_discard_yours": N_("%(seat)s won on your discard, %(card)s"),
        "nt_log_seat_won_rob_yours": N_("%(seat)s robbed your kong and won on %(card)s"),
        "nt_log_you_won_heavenly": N_("Heavenly win: your cards as dealt are complete"),
        "nt_log_seat_won_heavenly": N_(
            "Heavenly win for %(seat)s: the cards as dealt are complete"),
        "nt_log_exhausted": N_("Nobody took the last discard: the deal is exhausted"),
        # --- the scoring sheet (rules, section 4)
        "nt_result_exhausted": N_("Exhausted deal: nobody won"),
        "nt_result_exhausted_note": N_(
            "The stock ran out. Every player's base hu is still settled, with no bonuses and no "
            "multipliers."),
        "nt_result_self_drawn": N_("Winning card: %(card)s, a self-draw"),
        "nt_result_replacement": N_(
            "Winning card: %(card)s, a replacement drawn after a kong"),
        "nt_result_robbed": N_("Winning card: %(card)s, robbed from the added kong of %(seat)s"),
        "nt_result_earthly": N_(
            "Winning card: %(card)s, the first discard of %(seat)s, the dealer"),
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
    },
    "paohuzi": {
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
            "%(seat)s has a dead hand: no more chi, peng or win, and no more discards"),
        "phz_note_dead": N_(
            "Your hand is dead: you can no longer take cards or win, and you make no more "
            "discards. You keep revealing on your turns, still make a compulsory ti, and may "
            "still make a pao."),
        # --- your hand
        "phz_reason_kan": N_(
            "Part of your kan of %(card)s: a kan is locked. It cannot be discarded or used in a "
            "chi; it only grows into a ti or a pao."),
        "phz_reason_not_discarding": N_(
            "You discard only after a chi, peng, wei, ti or pao, or as the dealer at the start"),
        "phz_reason_claim": N_("A card is in play: answer with the buttons first"),
        "phz_reason_dead_hand": N_("Your hand is dead: you make no more discards"),
        # --- claims: the buttons and why one is not offered
        "phz_act_chi_bi": N_("Chi + bi"),
        "phz_bi_part": N_("bi: %(cards)s"),
        "phz_reason_no_win": N_(
            "With this card your hand does not make seven groups worth at least 15 huxi"),
        "phz_reason_no_win_discard": N_(
            "No win on a discard: you can win only with a card revealed from the stock"),
        "phz_reason_dead_win": N_("Your hand is dead: you can no longer win"),
        "phz_stale_chi": N_(
            "You cannot chi %(card)s: it is a stale card for you, because you passed up a chi "
            "of it or discarded it earlier."),
        "phz_stale_peng": N_(
            "You cannot peng %(card)s: it is a stale card for you, because you passed up a "
            "peng of it or discarded it earlier."),
        "phz_stale_list_both": N_("Stale cards for your chi and peng: %(cards)s."),
        "phz_stale_list_chi": N_("Stale cards for your chi: %(cards)s."),
        "phz_stale_list_peng": N_("Stale cards for your peng: %(cards)s."),
        "phz_notice_stale_chi": N_(
            "You passed up a chi of %(card)s: it is now a stale card for your chi."),
        "phz_notice_stale_peng": N_(
            "You passed up a peng of %(card)s: it is now a stale card for your peng."),
        "phz_notice_stale_both": N_(
            "You passed up a chi and a peng of %(card)s: it is now a stale card for both."),
        # --- whose turn it is
        "phz_status_first_discard": N_("You are the dealer: discard a card to begin"),
        "phz_status_you_revealed": N_("You revealed %(card)s: your answer?"),
        "phz_status_seat_revealed": N_("%(seat)s revealed %(card)s: your answer?"),
        "phz_status_win_after_wei": N_(
            "Your compulsory wei of %(card)s completes your hand: win, or pass?"),
        "phz_status_win_after_ti": N_(
            "Your compulsory ti of %(card)s completes your hand: win, or pass?"),
        # --- the log
        "phz_log_shown": N_("The dealer's shown card is %(card)s: it stays in the dealer's hand"),
        "phz_log_you_shown": N_("As the dealer you show %(card)s: it stays in your hand"),
        "phz_log_you_kan": N_("You hold a kan of %(card)s: it stays in your hand, locked"),
        "phz_log_you_ti_dealt": N_("You were dealt four %(card)s: a ti, laid face down"),
        "phz_log_seat_ti_dealt": N_(
            "%(seat)s was dealt four identical cards: a ti, laid face down"),
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
        "phz_log_you_dead": N_(
            "Your hand is dead: the compulsory group left you nothing to discard"),
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
        "phz_result_drawn_note": N_("Nobody won before the stock ran out, so nobody pays."),
    },
}
"""Per-game client strings, keyed by game id (`GameInfo.id`), merged over `CLIENT_STRINGS`."""

GAME_PLURALS: dict[str, dict[str, tuple[str, str]]] = {
    "chuopai": {
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
            "Starting bonus: %(seat)s holds the Nail and Two Reds, so %(n)s card goes to "
            "their pile",
            "Starting bonus: %(seat)s holds the Nail and Two Reds, so %(n)s cards go to "
            "their pile",
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
    },
    "nantong": {
        "nt_hu": NP_("%(n)s hu", "%(n)s hu"),
        "nt_bonus_wenqian": NP_("Wenqian: %(n)s run", "Wenqian: %(n)s runs"),
    },
    "paohuzi": {
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
        "phz_you_pay": NP_("You pay %(n)s tun to %(winner)s", "You pay %(n)s tun to %(winner)s"),
        "phz_pays_you": NP_("%(seat)s pays you %(n)s tun", "%(seat)s pays you %(n)s tun"),
        "phz_pays": NP_(
            "%(seat)s pays %(n)s tun to %(winner)s",
            "%(seat)s pays %(n)s tun to %(winner)s",
        ),
        "phz_you_receive": NP_("You receive %(n)s tun", "You receive %(n)s tun"),
        "phz_seat_receives": NP_("%(seat)s receives %(n)s tun", "%(seat)s receives %(n)s tun"),
    },
}
"""Per-game plural client strings, keyed by game id, merged over `CLIENT_PLURALS`."""


def strings_for(game: str) -> dict[str, str]:
    """The msgids of every singular client string the table of `game` uses, by key."""
    return {**CLIENT_STRINGS, **GAME_STRINGS.get(game, {})}


def plurals_for(game: str) -> dict[str, tuple[str, str]]:
    """The (singular, plural) msgids of every plural client string of `game`, by key."""
    return {**CLIENT_PLURALS, **GAME_PLURALS.get(game, {})}
