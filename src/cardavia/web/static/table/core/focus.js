// @ts-check
// Where the keyboard focus goes: after acting, on to the next decision (not the page's top);
// "Skip to your turn", the page's second skip link.

import { root, els } from "./dom.js";
import { state } from "./state.js";
import { setRoving, focusHand } from "./hand.js";
import { markPlaced, scrollAhead, scrollDecision } from "./scroll.js";

// Whether the last input was a pointer (mouse, touch, pen) rather than a key: after a click the
// focus is not moved on to the next decision, where it would sit on a card like a suggestion
// (usability review M3). Captured before any handler, so a click's own handler sees it.
let pointerLast = false;
document.addEventListener("pointerdown", () => (pointerLast = true), true);
document.addEventListener("keydown", () => (pointerLast = false), true);

/** The decision being made was made from the keyboard. */
export const byKeyboard = () => !pointerLast;

/** Focus was on something that re-rendering removed (an answer button, a discarded card). */
export function focusLost() {
  const active = document.activeElement;
  return !active || active === document.body || !document.body.contains(active);
}

/**
 * Focus was left on a hand card that this decision does not offer (a claim after your discard,
 * where every card is disabled, or a card you may not discard now).
 */
function focusStranded() {
  const active = document.activeElement;
  return els.hand.contains(active) && active.getAttribute("aria-disabled") === "true";
}

/**
 * After acting, keyboard users land on the next decision instead of the page top. Without
 * scrolling: on a phone bringDecisionIntoView scrolls once the focus is placed, and a focused
 * card's own scroll could leave the prompt above the screen; then `revealFocus`.
 * @returns {boolean} whether the focus moved
 */
export function focusDecision() {
  if (!state.restoreFocus || !(focusLost() || focusStranded())) return false;
  state.restoreFocus = false;
  return focusTurn({ preventScroll: true });
}

/** The focused control onto the screen if it is off it (the least scroll that shows it),
 * reckoned where the decision's smooth scroll is taking the page, if one is under way. */
export function revealFocus() {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !root.contains(active)) return;
  const ahead = scrollAhead();
  const box = active.getBoundingClientRect();
  const top = box.top - ahead;
  const below = box.bottom - ahead - window.innerHeight;
  if (top >= 0 && below <= 0) return;
  if (ahead) scrollDecision(window.scrollY + ahead + (top < 0 ? top : below), true);
  else {
    active.scrollIntoView({ block: "nearest" });
    markPlaced();
  }
}

/**
 * The focus to the decision: a card you may play, else the first answer; false if there is
 * none (not your turn).
 * @param {FocusOptions} [options]
 */
function focusTurn(options) {
  const buttons = [...els.hand.querySelectorAll("button.hand-card")];
  /** @param {Element | undefined} b */
  const enabled = (b) => b && b.getAttribute("aria-disabled") === "false";
  const first = buttons.findIndex(enabled);
  if (first >= 0) {
    setRoving(enabled(buttons[state.handFocus]) ? state.handFocus : first, false);
    focusHand(options);
    return true;
  }
  const btn = /** @type {HTMLElement | null} */ (els.actions.querySelector('button[aria-disabled="false"]'));
  if (btn) btn.focus(options);
  return !!btn;
}

/**
 * "Skip to your turn" (the page's second skip link): the decision, or your hand until it is
 * your turn (the focus then moves on to the decision as after an answer).
 * @param {Event} event
 */
export function skipToTurn(event) {
  event.preventDefault();
  if (root.dataset.state === "over" && !els.result.hidden) {
    els.result.focus(); // the deal is over: its end sheet, with New deal
    return;
  }
  if (root.dataset.state === "your-turn" && focusTurn()) return;
  focusHand();
  state.restoreFocus = true;
}
