// @ts-check
// The Full rules page offers the game's guided first deal (docs/learn.md) to a visitor who has
// not played this game in this browser: no deal of it in what the history keeps
// (table/core/deals.js), and its guided deal not played to the end (learned.js). The Learn tab
// leads there always; this only brings it forward.

import { dealsPlayed } from "../core/deals.js";
import { learned } from "./learned.js";

const offer = /** @type {HTMLElement | null} */ (document.querySelector("[data-learn-offer]"));
if (offer) {
  const game = offer.dataset.learnOffer || "";
  const played = Object.values(dealsPlayed()).some((deal) => deal && deal.game === game);
  offer.hidden = played || learned(game);
  offer.dataset.checked = "true"; // decided (tests wait for it: hidden is also its first state)
}
