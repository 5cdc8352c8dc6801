"""Sì Sè Pái (四色牌), Wei-Hwa Huang's flower-card variant: `../shared/rules/sisepai.md`."""
