"""The replay page's words (`/{lang}/games/{game}/replay/…`, static/table/replay/), sent with
the table's own (core and the game's), since the page draws each step with the game's plugin."""

from __future__ import annotations

from cardavia.web.strings.markers import N_, NP_

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
    "rp_empty_file": N_("This file is empty: it holds no deal record."),
    "rp_other_game": N_("This is a record of %(game)s, not of %(this)s."),
    "rp_open_there": N_("Open it on the replay page of %(game)s"),
    "rp_broken": N_("This deal record cannot be read: it is damaged, or not a Cardavia record."),
    # step: the replay step the move would have been shown at (the counter's "Step n of …")
    "rp_illegal": N_("This record has a move the rules do not allow, at step %(step)s."),
    "rp_illegal_somewhere": N_("This record has a move the rules do not allow."),
    # the server's own words on what is wrong, in English, folded under the message
    "rp_detail": N_("Technical details (in English)"),
    "rp_in_progress": N_(
        "This record is of a deal still in progress: only a finished deal replays."
    ),
    "rp_too_large": N_("This file is too large to be a deal record."),
    "rp_opened": N_("Replaying the record you opened. Nothing of it was kept on the server."),
    # --- the end sheet
    "rp_play": N_("Play a deal"),
    # --- the review of your decisions (static/table/replay/review.js): against the hard level
    "rv_loading": N_("Loading the review of your decisions…"),
    "rv_pending": N_("The review is being made: it is ready within a minute of the deal's end."),
    # still being made a minute after the page first asked (many reviews queued at once)
    "rv_pending_long": N_(
        "Many reviews are being made just now: this one takes longer than a minute. "
        "It shows here as soon as it is ready."
    ),
    # 429 too_many_reviews: this address has other deals' reviews waiting (web/limits.py)
    "rv_queued": N_("Your other deals' reviews are being made first; this one follows."),
    "rv_failed": N_("The review could not be loaded. Try again later."),
    "rv_remaking": N_(
        "The review could not be made: it is being made again. This page asks in a minute."
    ),
    "rv_not_yours": N_(
        "The review is for the player of the seat, in the browser that played this deal: "
        "it is not shown here."
    ),
    "rv_no_decisions": N_("You had no choice to make in this deal: there is nothing to review."),
    "rv_no_mistakes": N_("No mistakes were flagged."),
    "rv_jump": N_("Jump to a mistake:"),
    # a link to a mistake (after "Jump to a mistake:"): the replay step it is at
    "rv_mistake_at": N_("Step %(step)s"),
    "rv_agreed": N_("Your move here agreed with the hard level."),
    # action: the move named in words, with its cards' pictures
    "rv_different": N_(
        "A different choice. The hard level's move: %(action)s. It is not clearly better, so "
        "yours is not a mistake."
    ),
    "rv_mistake": N_("A mistake: the simulations found a clearly better move."),
    "rv_you_played": N_("Your move: %(action)s."),
    "rv_better": N_("The hard level's move: %(action)s."),
    "rv_try": N_("Try it again"),
    "rv_try_status": N_("Try it again: the position before your decision."),
    "rv_try_prompt": N_(
        "This is the position before your decision, with your own cards. Choose again: the "
        "answer is hidden until you do."
    ),
    "rv_chose_better": N_("Your new choice: %(action)s. It is the move the hard level preferred."),
    "rv_chose_original": N_(
        "Your new choice: %(action)s. It is your original move, the one flagged as a mistake."
    ),
    "rv_chose_other": N_(
        "Your new choice: %(action)s. It is neither your original move nor the hard level's."
    ),
    # after "Try it again": the move made in the deal, which the reason under it is about
    "rv_played_in_deal": N_("Your move in the deal: %(action)s."),
    "rv_again": N_("Choose again"),
    "rv_back": N_("Back to the replay"),
}

PLURALS: dict[str, tuple[str, str]] = {
    # the agreement rate (not a rating): n counts your decisions that had an alternative
    "rv_rate": NP_(
        "You agreed with the hard level on %(agreed)s of %(n)s decision (%(percent)s%%).",
        "You agreed with the hard level on %(agreed)s of %(n)s decisions (%(percent)s%%).",
    ),
    "rv_mistake_count": NP_("%(n)s mistake was flagged.", "%(n)s mistakes were flagged."),
}
