"""The guided deal's words (`/{lang}/games/{game}/learn`, static/table/learn/), sent with the
table's own (core and the game's), since the page draws each step with the game's plugin. The
lessons' own texts are the game's, in content/learn/<game>/<lang>.toml (docs/learn.md)."""

from __future__ import annotations

from cardavia.web.strings.markers import N_

STRINGS: dict[str, str] = {
    "ln_lesson": N_("Lesson %(n)s of %(total)s"),
    "ln_rules": N_("In the rules: %(section)s"),
    "ln_not_now": N_("Not in this lesson: do what the lesson says."),
    "ln_since": N_("Since your last decision"),
    "ln_for_you": N_("Played for you: %(line)s"),
    "ln_failed": N_("The guided deal could not be loaded. Try again later."),
    "ln_done": N_("The guided deal is over"),
    "ln_again": N_("Play the guided deal again"),
    "ln_play": N_("Play a real deal"),
    "ln_your_turn": N_("Your decision: do what the lesson says."),
}

PLURALS: dict[str, tuple[str, str]] = {}
