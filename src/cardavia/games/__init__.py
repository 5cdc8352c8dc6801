"""The games, each a `cardavia.rules.Game`, found through `registry`."""
