"""Cardavia: traditional Chinese card games, their rules engines, AI opponents and a site."""

__version__ = "0.1.0"
