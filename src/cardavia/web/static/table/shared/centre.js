// @ts-check
// The centre of the games that draw from a stock and offer a card to claim (Sì Sè Pái, Paohuzi,
// Nantong): its heading, the stock (a face-down pile and its count), and the public card (the
// card under claim, or the last one taken or won, with a caption that says how it came).
// Each game builds these in its setup() and shows them in renderCentre().

import { $, h, cardImg, cardFace } from "../core/dom.js";
import { t, tn, cardName, withColon } from "../core/strings.js";

/**
 * The card in the centre, in the display model's `public` field: its code, the seat it came
 * from, and how (the game's words: "drew", "discarded", "claimed", "won"…).
 * @typedef {{ code: string, by: number, how: string, kind?: string }} PublicCard
 */

/**
 * Fill the table's centre: a heading for screen readers (the section is labelled by it), then
 * the game's parts.
 * @param {string} heading
 * @param {...Node} parts
 */
export function fillCentre(heading, ...parts) {
  const el = $("[data-role=centre]");
  el.setAttribute("aria-labelledby", "centre-heading");
  el.replaceChildren(h("h2", { class: "visually-hidden", id: "centre-heading" }, heading), ...parts);
  return el;
}

/**
 * The stock: a face-down pile and "36 cards in the stock" (`data-count` on it; an empty stock
 * fades its pile, css/table.css).
 */
export function stockPile() {
  const text = h("span", { class: "stock-text", "data-role": "stock-text" });
  const el = h(
    "div",
    { class: "stock", "data-testid": "stock-count" },
    h("span", { class: "stock-pile", "aria-hidden": "true" }, cardImg(null, "")),
    text,
  );
  return {
    el,
    /** @param {number} count */
    show(count) {
      text.textContent = tn("stock_count", count);
      el.dataset.count = String(count);
    },
  };
}

/**
 * The public card: a large face and its caption. `caption(pub)` says how it came ("Discarded
 * by AI 2"); the caption's second line names the card. `faded(pub)`: the card is no longer
 * under claim (taken, say), and is drawn faded.
 * @param {{ caption: (pub: PublicCard) => string, faded: (pub: PublicCard) => boolean, cls?: string }} how
 */
export function publicCard({ caption, faded, cls = "" }) {
  const slot = h("div", { class: "public-slot", "data-role": "public-slot" });
  const said = h("figcaption", { class: "public-caption", "data-role": "public-caption" });
  const el = h("figure", { class: `public ${cls}`.trim(), "data-testid": "public-card", "data-code": "" }, slot, said);
  return {
    el,
    /** @param {PublicCard | null} pub */
    show(pub) {
      el.dataset.code = pub ? pub.code : "";
      el.dataset.how = pub ? pub.how : "";
      el.dataset.player = pub ? String(pub.by) : "";
      el.classList.toggle("is-faded", !!pub && faded(pub));
      if (!pub) {
        slot.replaceChildren(h("span", { class: "public-empty", "aria-hidden": "true" }));
        said.replaceChildren(h("span", { class: "caption-how" }, t("no_public_card")));
        return;
      }
      const current = /** @type {HTMLElement | null} */ (slot.querySelector(".card"));
      if (!current || current.dataset.code !== pub.code) {
        slot.replaceChildren(cardFace(pub.code, "card-public is-fresh", "")); // the caption names it
      }
      // a screen reader hears "Drawn by AI 2: yellow Chariot", not the two run together (m11)
      const how = caption(pub);
      said.replaceChildren(
        h("span", { class: "caption-how" }, how, h("span", { class: "visually-hidden" }, withColon(how).slice(how.length))),
        h("span", { class: "caption-card" }, cardName(pub.code)),
      );
    },
  };
}
