// @ts-check
// The moves whose effect on the display model is the same in every game that has them, for
// the games' advance(): a discard, a claimed discard leaving its pile, cards leaving a hand, a
// group exposed, a win, a deal nobody won. A game's advance() calls these, then sets what only
// it keeps (Sì Sè Pái's round, Paohuzi's card in play, Nantong's phase…).
//
// They work on the display model (core/types.js) with a `public` field: the card in the centre
// (shared/centre.js).

import { HUMAN } from "../core/state.js";
import { removeOne } from "../core/present.js";

/** @typedef {import("../core/types.js").LogEvent} LogEvent */
/** @typedef {import("./centre.js").PublicCard} PublicCard */
/** @typedef {import("../core/types.js").DisplayModel & { public: PublicCard | null }} CentreModel */

/**
 * Cards leave a seat's concealed hand: your cards by code, and the seat's count.
 * @param {import("../core/types.js").DisplayModel} m
 * @param {number} seat
 * @param {string[]} codes
 */
export function leaveHand(m, seat, codes) {
  m.seats[seat].count -= codes.length;
  if (seat === HUMAN) for (const c of codes) removeOne(m.hand, c);
}

/**
 * A card goes on a seat's pile, and shows as the change just made.
 * @param {import("../core/types.js").DisplayModel} m
 * @param {number} seat
 * @param {string} card
 */
export function toPile(m, seat, card) {
  m.seats[seat].pile.push(card);
  m.fresh = { seat, where: "pile" };
}

/**
 * `discard`: the card leaves the seat's hand for its pile and is under claim in the centre.
 * @param {CentreModel} m
 * @param {LogEvent} e   {seat, card}
 */
export function discard(m, e) {
  toPile(m, e.seat, e.card);
  leaveHand(m, e.seat, [e.card]);
  m.public = { code: e.card, by: e.seat, how: "discarded" };
}

/**
 * A claimed discard leaves the top of its seat's pile (the engines keep it there while it is
 * offered).
 * @param {import("../core/types.js").DisplayModel} m
 * @param {number | null | undefined} from
 * @param {string} card
 */
export function takeDiscard(m, from, card) {
  if (from === undefined || from === null || !m.seats[from]) return;
  const pile = m.seats[from].pile;
  if (pile[pile.length - 1] === card) pile.pop();
}

/**
 * A seat exposed a group (given, or already put in place by the game): the seat is lit and its
 * newest group shows as the change just made.
 * @param {import("../core/types.js").DisplayModel} m
 * @param {number} seat
 * @param {import("../core/types.js").GroupModel} [group]
 */
export function expose(m, seat, group) {
  if (group) m.seats[seat].groups.push(group);
  m.active = seat;
  m.fresh = { seat, where: "groups" };
}

/**
 * `win`: the winning card in the centre (none for a win on the hand as dealt), the winner lit.
 * @param {CentreModel} m
 * @param {LogEvent} e   {seat, card?}
 */
export function win(m, e) {
  m.public = e.card ? { code: e.card, by: e.seat, how: "won" } : null;
  m.active = e.seat;
}

/**
 * A deal nobody won (the stock ran out): nothing in the centre, nobody to play.
 * @param {CentreModel} m
 */
export function noWinner(m) {
  m.public = null;
  m.active = null;
}
