"""Paohuzi (跑胡子) on 80 Chinese number cards, three players (spec: rules/paohuzi.md)."""
