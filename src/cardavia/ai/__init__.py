"""AI opponents. An agent sees only its own observation and legal actions, never a `State`.

`protocol` says what an agent is, `registry` makes one by name (`make_agent`), and each game's
own policies and hint reasons are `games/<game>.py`, found by the game's id. The package itself
imports nothing, so that reading the protocol does not load the search.
"""
