"""Two Seven Ten (二七十), Leshan style, basic: a rule-set variant of the Paohuzi engine on the
same 80 number cards, three players (spec: rules/erqishi.md; "as PHZ-n" clauses reuse
`cardavia.games.paohuzi`)."""
