// @ts-check
// The answers to a card under claim that several games offer alike: Win!, Pass, a numbered
// button per claim, and the words that name a claimed group for screen readers. Each returns a
// ButtonSpec (core/types.js) for the game's actionButtons().

import { t, cardName, joinList } from "../core/strings.js";

/** @typedef {import("../core/types.js").ButtonSpec} ButtonSpec */

/**
 * Win!, the suggested answer, when it is legal; else no button at all: a disabled Win! on every
 * claim prompt was noise to a screen reader (usability review m11).
 * @param {string[]} legal
 * @param {{ label?: string }} [options]
 * @returns {ButtonSpec[]}
 */
export function winButton(legal, { label = t("act_win") } = {}) {
  return legal.includes("win") ? [{ action: "win", testid: "win", label, key: "w", primary: true }] : [];
}

/**
 * Pass, disabled with `reason` when it is not legal (a card you must keep).
 * @param {string[]} legal
 * @param {string | null} [reason]
 * @returns {ButtonSpec}
 */
export function passButton(legal, reason = null) {
  return { action: "pass", testid: "pass", label: t("act_pass"), key: "p", reason: legal.includes("pass") ? null : reason };
}

/**
 * The keys 1 to 9, one per call, then none: the shortcuts of a row of claims or plays.
 * @returns {() => string | null}
 */
export function numberKeys() {
  let n = 0;
  return () => (++n <= 9 ? String(n) : null);
}

/**
 * A group's name and cards, as a button's accessible name: "Triple: yellow Chariot, …".
 * @param {string} group
 * @param {string[]} codes
 */
export const groupOf = (group, codes) => t("group_of", { group, cards: joinList(codes.map(cardName)) });
