"""The words every table is sent (static/table/core/), and those several games' plugins share.

A game's own words are in its module beside this one (`strings/<game>.py`), merged over these.
The other games may reuse any key here (`act_win`, `act_pass`, `log_you_drew`,
`caption_discarded`…) when the words fit their rules; a word only one game's table asks for
belongs in that game's module.
"""

from __future__ import annotations

from cardavia.web.strings.markers import N_, NP_

STRINGS: dict[str, str] = {
    # --- table areas
    "no_groups": N_("No exposed groups"),
    "no_discards": N_("No discards"),
    "no_public_card": N_("No card under claim"),
    "group_of": N_("%(group)s: %(cards)s"),
    "card_times": N_("%(card)s ×%(n)s"),
    # --- a first tap raises a hand card, a second plays it (usability review M1)
    "hand_raised": N_("%(card)s is raised: tap it again, or press Discard, to discard it."),
    "act_play_raised": N_("Discard"),
    # --- the public card's caption
    "caption_discarded": N_("Discarded by %(seat)s"),
    "caption_claimed": N_("Claimed by %(seat)s"),
    "caption_won": N_("Winning card of %(seat)s"),
    "caption_you_discarded": N_("You discarded"),
    "caption_you_claimed": N_("You claimed"),
    "caption_you_won": N_("Your winning card"),
    # --- whose turn it is
    "status_loading": N_("Dealing the cards…"),
    "status_your_discard": N_("Your turn: choose a card to discard"),
    "status_seat_discarded": N_("%(seat)s discarded %(card)s: your answer?"),
    "status_seat_discarding": N_("%(seat)s is choosing a discard…"),
    "status_seat_playing": N_("%(seat)s is playing…"),
    "status_answered": N_("You answered. Waiting for the other players…"),
    "status_waiting": N_("Waiting for the other players…"),
    "seat_player": N_("Player"),
    "status_watching": N_("You are watching this deal: the players' hands are hidden."),
    # --- a table for friends (static/table/core/friends.js)
    "seat_player_n": N_("Player %(n)s"),
    "friends_waiting": N_("Waiting for your friends to join…"),
    "friends_waiting_watched": N_("Waiting for the players to join…"),
    "friends_joined": N_("joined"),
    "friends_not_joined": N_("not joined yet"),
    "friends_invite_label": N_("Invite link for seat %(n)s"),
    "friends_copy": N_("Copy link"),
    "friends_copied": N_("Link copied"),
    "friends_start_ai": N_("Start with AI in empty seats"),
    "friends_join_title": N_("You are invited to a table"),
    "friends_your_name": N_("Your name"),
    # above the name field: who invites you and who sits where (GET /api/invites/{code})
    "friends_invited_by": N_("%(name)s invites you to play."),
    "friends_at_table": N_("At the table: %(seats)s."),
    "friends_you_here": N_("you"),
    "friends_free_seat": N_("a free seat"),
    # the creator's name had a character the site does not take (a joiner, a direction mark)
    "friends_name_refused": N_(
        "Your name has a character the site cannot show, so your friends will see you as Player."
    ),
    "friends_join": N_("Join the table"),
    "friends_seat_taken": N_("This seat has its player already."),
    "friends_bad_invite": N_("This invite link does not open any table."),
    # a name the server refused at a join (422 bad_name, its `reason`: web/names.py NAME_REFUSALS)
    "friends_name_taken": N_("Another player at this table has this name: choose another."),
    "friends_name_label": N_(
        "The table calls a seat by this name (such as You or AI 1): choose another."
    ),
    "friends_bad_name": N_("This name cannot be used: choose another."),
    "friends_away": N_("away"),
    "friends_you_away": N_("You were away: the AI is playing for you."),
    # a decision asked of you alone (a claim window) timed out: the log names the answer yours
    "friends_timed_out": N_("Your time ran out: the AI answered for you."),
    "friends_back": N_("I'm back"),
    "friends_time_left": N_("%(time)s left"),
    # another player dealt the next deal of a friends table (its decisions are timed)
    "friends_next_dealt": N_("The next deal has started, and your seat in it is waiting for you."),
    "friends_go_next": N_("Go to the next deal"),
    "friends_your_turn_title": N_("Your turn"),
    "friends_sound": N_("Sound on your turn"),
    "status_you_won": N_("You won!"),
    "status_seat_won": N_("%(seat)s won"),
    "status_drawn": N_("Drawn game: the stock is empty"),
    # --- the log
    "log_you_drew": N_("You drew %(card)s"),
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
    "kind_pair": N_("Pair"),  # Sì Sè Pái's and Chuo Pai's
    "kind_triple": N_("Triple"),
    "key_hint": N_("Keyboard: press the key shown on a button, or use Tab."),
    # the same with the shortcut keys turned off (core/actions.js, keyShortcuts)
    "key_hint_off": N_("Keyboard: Tab reaches your answers, Enter gives one."),
    "hand_hint": N_("Keyboard: arrow keys move through your hand, Enter or Space discards."),
    "key_label": N_("Key %(key)s"),
    # --- the end of the deal
    "result_you_won": N_("You won!"),
    "result_seat_won": N_("%(seat)s won"),
    "result_drawn": N_("Drawn game: the stock is empty"),
    "result_discarded_by": N_("Winning card: %(card)s, discarded by %(seat)s"),
    "result_discarded_by_you": N_("Winning card: %(card)s, discarded by you"),
    "result_exposed": N_("exposed"),
    "result_concealed": N_("concealed"),
    "new_deal": N_("New deal"),
    "download_record": N_("Download deal record"),
    "replay_deal": N_("Replay the deal"),
    "your_deals": N_("Your deals"),
    # --- the AI level of the deal (a badge by each AI seat's name; the Start game form)
    "level_easy": N_("Easy"),
    "level_normal": N_("Normal"),
    "level_hard": N_("Hard"),
    "level_badge": N_("AI level: %(level)s"),
    # --- the Hint button: what the table's level would play now, and why (%% is a percent sign)
    "hint_busy": N_("Thinking…"),
    "hint_line": N_("Hint: %(action)s"),
    "hint_line_reason": N_("Hint: %(action)s — %(reason)s"),
    "hint_line_level": N_("Hint at level %(level)s: %(action)s"),
    "hint_line_level_reason": N_("Hint at level %(level)s: %(action)s — %(reason)s"),
    "hint_discard": N_("Discard %(card)s"),
    "hint_forced": N_("It is your only move."),
    "notice_forced_move": N_("Your only move, made for you: %(move)s"),
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
    "hint_failed": N_("Could not get a hint. Try again."),
    # --- errors
    "err_network": N_("Connection lost. Retrying…"),
    "err_stale": N_("The table had moved on; it is up to date again."),
    "notice_resumed_level": N_(
        "Your unfinished deal at level %(level)s goes on. For a new deal at level %(asked)s, "
        "choose New deal beside Resume your deal on the game's page."
    ),
    "err_move_lost": N_(
        "Your move did not count: the table moved on while the connection was lost. "
        "Here is the current question."
    ),
    "err_illegal": N_("That move is not allowed: %(message)s"),
    "err_unknown_deal": N_("This deal no longer exists. Start a new deal."),
    # a deal named in the link is gone, and the table has dealt a new one by itself
    "err_unknown_deal_new": N_("The deal in this link no longer exists: here is a new one."),
    "err_start": N_("Could not start a deal. Retrying…"),
    # the review of a finished deal (cardavia.ai.review): the win share, in whole percent, in the
    # simulated deals with the better move and with the move played
    "review_shares": N_(
        "In the simulated deals the better move won %(better)s%% of them, yours %(played)s%%."
    ),
}

PLURALS: dict[str, tuple[str, str]] = {
    "stock_count": NP_("%(n)s card in the stock", "%(n)s cards in the stock"),
    "hand_count": NP_("%(n)s card in hand", "%(n)s cards in hand"),
    "points": NP_("%(n)s point", "%(n)s points"),
    # your own decision's countdown, said once as it nears its end (friends' tables)
    "friends_time_short": NP_(
        "%(n)s second left to decide: then the AI answers for you.",
        "%(n)s seconds left to decide: then the AI answers for you.",
    ),
    # the hint's reason; n counts the simulated deals, share and next are whole percentages
    "hint_search": NP_(
        "It won %(share)s%% of %(n)s simulated deal; the next best move won %(next)s%%.",
        "It won %(share)s%% of %(n)s simulated deals; the next best move won %(next)s%%.",
    ),
    # the hint's "why": the distance to a win after the move, and the unseen cards that would
    # bring the hand closer then (cardavia.ai.explain)
    "why_distance": NP_(
        "Your hand is then %(n)s card from a win.", "Your hand is then %(n)s cards from a win."
    ),
    "why_acceptance": NP_(
        "%(n)s unseen card would bring it closer.", "%(n)s unseen cards would bring it closer."
    ),
    "hint_greedy": NP_(
        "The rule-of-thumb move: nothing did clearly better in %(n)s simulated deal "
        "(it won %(share)s%%).",
        "The rule-of-thumb move: nothing did clearly better in %(n)s simulated deals "
        "(it won %(share)s%%).",
    ),
}
