"""Chuo Pai (戳牌) on Sichuan cards (川牌): `../shared/rules/chuopai.md`."""
