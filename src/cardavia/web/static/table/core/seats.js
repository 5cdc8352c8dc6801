// @ts-check
// The seat panels: each seat's badges (dealer, to play, the AI level), card count, exposed
// groups and discards, and the plugin's extras (huxi, ready, points).

import { $, $$, root, seatEl, h, cardFace } from "./dom.js";
import { t, tn, seatName, withStop } from "./strings.js";
import { state, HUMAN, LEVELS, URL_LEVELS } from "./state.js";
import { ctx } from "./ctx.js";

/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").DisplayModel} DisplayModel */
/** @typedef {import("./types.js").GroupModel} GroupModel */
/** @typedef {import("./types.js").SeatModel} SeatModel */

/**
 * @param {GroupModel[]} groups
 * @param {number} seat
 * @param {DisplayModel} model
 */
function groupNodes(groups, seat, model) {
  return groups.map((g, i) => {
    const fresh =
      model.fresh && model.fresh.seat === seat && model.fresh.where === "groups" && i === groups.length - 1;
    return h(
      "div",
      { class: `group${fresh ? " is-fresh" : ""}`, role: "listitem", "data-kind": g.kind ?? null },
      g.label ? h("span", { class: "visually-hidden" }, `${g.label}: `) : null,
      g.cards.map((c) => cardFace(c, "card-mini")),
    );
  });
}

/**
 * @param {DisplayModel} model
 * @param {number} seat
 * @param {View | null} tableView   null during a replay
 */
export function renderSeat(model, seat, tableView) {
  const game = state.game;
  const el = seatEl(seat);
  if (!el) return;
  /** @type {SeatModel} */
  const data = model.seats[seat] || { count: 0, groups: [], pile: [] };
  // nobody plays while a friends table waits for its players: no seat is to play yet
  const active = model.active === seat && !(tableView && tableView.waiting);
  el.classList.toggle("is-active", active);
  $("[data-role=dealer]", el).hidden = model.dealer !== seat;
  $("[data-role=turn]", el).hidden = !active || !!(tableView && tableView.over);
  const count = seat === HUMAN ? model.hand.length : data.count;
  $("[data-role=count]", el).textContent = tn("hand_count", count);

  const groups = $("[data-role=exposed]", el);
  const groupList = data.groups || [];
  groups.replaceChildren(...groupNodes(groupList, seat, model));
  if (!groupList.length) {
    groups.append(h("span", { class: "empty-note", role: "listitem" }, t("no_groups")));
  }

  const pile = $("[data-role=discards]", el);
  pile.hidden = data.pile === null;
  let cards = data.pile || [];
  const onOffer = game.offered ? game.offered(model) : null;
  const offeredHere = !!onOffer && onOffer.seat === seat && cards[cards.length - 1] === onOffer.code;
  if (offeredHere) cards = cards.slice(0, -1); // in the centre while it is offered
  pile.replaceChildren(
    ...cards.map((c, i) => {
      const last = i === cards.length - 1;
      const fresh = last && !offeredHere && model.fresh && model.fresh.seat === seat && model.fresh.where === "pile";
      return h(
        "span",
        { role: "listitem", class: `discard${last ? " is-last" : ""}${fresh ? " is-fresh" : ""}` },
        cardFace(c, "card-discard"),
      );
    }),
  );
  if (!cards.length) {
    pile.append(h("span", { class: "empty-note", role: "listitem" }, t("no_discards")));
  }
  // keep the newest discards in view in a scrolled strip
  pile.scrollLeft = pile.scrollWidth;

  if (game.seatExtras) {
    let slot = $("[data-role=extras]", el);
    if (!slot) {
      slot = h("span", { class: "seat-extras", "data-role": "extras" });
      $("[data-role=count]", el).before(slot);
    }
    game.seatExtras(slot, seat, model, tableView, ctx);
  }
}

/**
 * Turn the table round the viewer's seat: it sits at the bottom, and the others follow in the
 * order of play in the places the page gave seats 1, 2, … (each section's `data-slot`, its
 * place from the bottom). Each section's `data-seat` names the seat it now shows, and its
 * heading the seat's name. A spectator sees seat 0 at the bottom.
 * @param {View} v
 */
export function placeSeats(v) {
  const sections = $$(".seat");
  const me = v.seat ?? 0;
  // "to your left" says nothing to a spectator: the way round the table instead (and back,
  // should the page take a seat)
  const direction = $("[data-testid=direction]", document.body);
  const words = $("[data-role=direction-text]", document.body);
  if (direction && words && direction.dataset.watched) {
    if (direction.dataset.seated === undefined) direction.dataset.seated = words.textContent || "";
    words.textContent = v.seat === null ? direction.dataset.watched : direction.dataset.seated;
  }
  // nor are the bottom seat's groups a spectator's own
  for (const groups of $$("[data-watched-label]")) {
    if (groups.dataset.seatedLabel === undefined) groups.dataset.seatedLabel = groups.getAttribute("aria-label") || "";
    groups.setAttribute("aria-label", (v.seat === null ? groups.dataset.watchedLabel : groups.dataset.seatedLabel) || "");
  }
  for (const el of sections) {
    if (!el.dataset.slot) el.dataset.slot = el.dataset.seat;
    const seat = (me + Number(el.dataset.slot)) % sections.length;
    el.dataset.seat = String(seat);
    const name = $(".seat-name", el);
    if (name) name.textContent = seatName(seat);
    // the level badge belongs by AI seats, whichever places they take
    const badge = $("[data-role=level]", el);
    if (badge) badge.dataset.ai = v.seats[seat] && v.seats[seat].kind === "ai" ? "true" : "false";
  }
}

/**
 * A badge by every AI seat's name ("Hard"): all AI seats of a deal play its level.
 * @param {View} v
 */
export function renderLevel(v) {
  const known = LEVELS.includes(v.level);
  if (URL_LEVELS.includes(v.level)) state.level = v.level;
  for (const badge of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-role=level]"))) {
    badge.hidden = !known || badge.dataset.ai === "false"; // a friend's seat has no level
    if (!known || badge.dataset.level === v.level) continue;
    const name = t(`level_${v.level}`);
    const full = t("level_badge", { level: name });
    badge.dataset.level = v.level;
    badge.title = full;
    // with a stop, so that a screen reader does not run on into the next badge (m11)
    badge.replaceChildren(h("span", { "aria-hidden": "true" }, name), h("span", { class: "visually-hidden" }, withStop(full)));
  }
}
