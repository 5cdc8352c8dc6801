"""Nantong long cards (南通长牌): rules engine (spec: shared/rules/nantong.md)."""
