// @ts-check
// Your hand: its cards as buttons (click-to-act, or select-then-act), patched in place at every
// replayed move, with one roving tab stop moved by the arrow keys, Home and End.

import { els, h, cardImg, patchChildren, LOCK_SVG } from "./dom.js";
import { cardName, labelled } from "./strings.js";
import { state, confirmPlays } from "./state.js";
import { ctx } from "./ctx.js";
import { act } from "./api.js";
import { refreshChoices, refuse } from "./actions.js";

/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").DisplayModel} DisplayModel */
/** @typedef {import("./types.js").HandCardState} HandCardState */

/**
 * @param {DisplayModel} model
 * @param {View | null} v   null during a replay
 */
export function renderHand(model, v) {
  const game = state.game;
  const hadFocus = els.hand.contains(document.activeElement);
  const codes = model.hand;
  state.handFocus = Math.max(0, Math.min(state.handFocus, codes.length - 1));
  /** @type {string | null} */
  let previousGroup = null;
  let choosing = false;
  // a raised card stays raised while its action is still yours to take
  if (state.raised && !(v && v.legal_actions.includes(state.raised.action) && state.raised.index < codes.length)) state.raised = null;
  const buttons = codes.map((code, i) => {
    /** @type {HandCardState} */
    const cardState = (game.handCardState && game.handCardState(code, i, model, v, ctx)) || {};
    const action = cardState.action && v && v.legal_actions.includes(cardState.action) ? cardState.action : null;
    const selectable = !!cardState.select && !!v;
    const allowed = !!action || selectable;
    choosing = choosing || allowed;
    // no reason once the deal is over: "you discard only after claiming" read as if it went on
    const reason = allowed || (v && v.over) ? null : cardState.reason || null;
    const group = cardState.group ?? null;
    const groupStart = i > 0 && group !== previousGroup;
    previousGroup = group;
    const btn = h(
      "button",
      {
        type: "button",
        class: `card hand-card${cardState.locked ? " is-locked" : ""}${groupStart ? " group-start" : ""}${
          selectable && state.selected.has(i) ? " is-selected" : ""
        }${action && state.raised && state.raised.index === i && state.raised.action === action ? " is-raised" : ""}`,
        "data-testid": "hand-card",
        "data-code": code,
        ...(cardState.attrs || {}),
        "data-action": action,
        "aria-disabled": allowed ? "false" : "true",
        "aria-pressed": selectable ? String(state.selected.has(i)) : null,
        "aria-description": reason,
        title: reason ? labelled(cardName(code), reason) : cardName(code),
        tabindex: i === state.handFocus ? "0" : "-1",
      },
      cardImg(code),
      cardState.locked ? h("span", { class: "lock", "aria-hidden": "true" }) : null,
    );
    if (cardState.locked) btn.querySelector(".lock").innerHTML = LOCK_SVG;
    return btn;
  });
  patchChildren(els.hand, buttons);
  els.hand.classList.toggle("is-choosing", choosing);
  els.hand.dataset.count = String(codes.length);
  const roving = /** @type {HTMLElement | undefined} */ (els.hand.children[state.handFocus]);
  if (hadFocus && roving && document.activeElement !== roving) roving.focus({ preventScroll: true });
}

/**
 * On touch (or with the confirm setting) the first tap on a card raises it and a second, or
 * its Discard button, plays it: a stray tap costs nothing (usability review M1). Whether this
 * tap only raised card `index`, whose play is `action` (the table's and "try it again"'s).
 * @param {Event} event
 * @param {number} index
 * @param {string} action
 */
export function raisedOnly(event, index, action) {
  const touch = event instanceof PointerEvent && event.pointerType === "touch";
  const raised = state.raised && state.raised.index === index && state.raised.action === action;
  if ((touch || confirmPlays.get()) && !raised) {
    state.raised = { index, action };
    refreshChoices();
    return true;
  }
  state.raised = null;
  return false;
}

const handButtons = () => /** @type {HTMLElement[]} */ ([...els.hand.querySelectorAll("button.hand-card")]);

/**
 * Move the hand's one tab stop to card `index` (and the focus with it).
 * @param {number} index
 * @param {boolean} [focus]
 */
export function setRoving(index, focus = true) {
  const buttons = handButtons();
  if (!buttons.length) return;
  state.handFocus = Math.max(0, Math.min(index, buttons.length - 1));
  buttons.forEach((b, i) => b.setAttribute("tabindex", i === state.handFocus ? "0" : "-1"));
  if (focus) buttons[state.handFocus].focus();
}

/**
 * The focus to the hand's card that has its roving tab stop.
 * @param {FocusOptions} [options]
 */
export function focusHand(options) {
  const card = /** @type {HTMLElement | null} */ (els.hand.querySelector('button.hand-card[tabindex="0"]'));
  if (card) card.focus(options);
}

/** Clicks and the arrow keys in the hand; the "click a card twice" setting (M1). */
export function listenHand() {
  const confirm = /** @type {HTMLInputElement | null} */ (document.querySelector("[data-role=confirm-plays]"));
  if (confirm) {
    confirm.checked = confirmPlays.get();
    confirm.addEventListener("change", () => confirmPlays.set(confirm.checked));
  }
  els.hand.addEventListener("click", (event) => {
    const btn = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("button.hand-card"));
    if (!btn) return;
    const index = [...els.hand.children].indexOf(btn);
    if (index >= 0) setRoving(index, false);
    if (btn.getAttribute("aria-disabled") === "true") {
      refuse(btn);
      return;
    }
    if (btn.hasAttribute("aria-pressed")) {
      if (state.selected.has(index)) state.selected.delete(index);
      else state.selected.add(index);
      refreshChoices();
      return;
    }
    if (!btn.dataset.action) {
      refuse(btn);
      return;
    }
    if (!raisedOnly(event, index, btn.dataset.action)) act(btn.dataset.action);
  });

  els.hand.addEventListener("keydown", (event) => {
    const buttons = handButtons();
    const index = buttons.indexOf(/** @type {HTMLElement} */ (document.activeElement));
    if (index < 0) return;
    /** @type {Record<string, number>} */
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (event.key in moves) {
      event.preventDefault();
      setRoving((index + moves[event.key] + buttons.length) % buttons.length);
    } else if (event.key === "Home") {
      event.preventDefault();
      setRoving(0);
    } else if (event.key === "End") {
      event.preventDefault();
      setRoving(buttons.length - 1);
    }
  });
}
