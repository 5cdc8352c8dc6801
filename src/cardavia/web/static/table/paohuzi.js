// @ts-check
// The Paohuzi table (rules: /work/shared/rules/paohuzi.md, content/rules/paohuzi): the family's
// table (shared/zipai.js) with Paohuzi's own rules, which are its defaults: an opening ti face
// down, chi by the revealer and the next player, no win on a discard, tun by ⌊(huxi − 15) / 3⌋ + 1.

import { registerGame } from "./core/main.js";
import { zipaiPlugin } from "./shared/zipai.js";

registerGame("paohuzi", zipaiPlugin());
