// @ts-check
// Your answers: the plugin's ButtonSpecs drawn as buttons (with their card faces, shortcut and,
// when disabled, the reason), strips of plays that scroll sideways on a phone, the keyboard
// shortcuts, and a refused tap's notice.

import { root, els, h, cardFace } from "./dom.js";
import { t, cardsText, cardName } from "./strings.js";
import { state, keyShortcuts } from "./state.js";
import { ctx } from "./ctx.js";
import { act } from "./api.js";
import { floatNotice, notice } from "./status.js";
import { renderHand, focusHand } from "./hand.js";
import { markHint } from "./hint.js";
import { skipToTurn, byKeyboard } from "./focus.js";

/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").ButtonSpec} ButtonSpec */

/**
 * A disabled button or card was pressed: its reason as a notice.
 * @param {HTMLElement} btn
 */
export function refuse(btn) {
  const reason = btn.getAttribute("aria-description");
  if (!reason) return;
  state.refusal = reason; // first: a refusal's notice may float (floatNotice)
  notice(reason);
}

/** The raised hand card's code (M1). */
const raisedCode = () => state.raised?.action.split(" ")[1] ?? "";

/**
 * The button that plays the hand card a first tap raised (M1), before the game's own.
 * @param {View | null} v
 * @returns {ButtonSpec[]}
 */
function raisedButton(v) {
  if (!state.raised || !v || !v.legal_actions.includes(state.raised.action)) return [];
  return [{ action: state.raised.action, testid: "play-raised", label: t("act_play_raised"), cards: [raisedCode()], primary: true }];
}

/**
 * A button's cards in words, shown under its name and in a hint, not in pictures alone
 * (usability review M2): the spec's `names`, else its `cards` named.
 * @param {{ cards?: string[] | null, names?: string | null }} spec
 */
export function namesOf({ cards, names }) {
  return names === undefined ? (cards && cards.length ? cardsText(cards) : null) : names;
}

/** @param {ButtonSpec} spec */
export function actionButton({ action, testid, label, key, cards, names, primary = false, reason = null, aria, onclick }) {
  const disabled = !!reason;
  const words = namesOf({ cards, names });
  // no key shown or announced where the keys are off (the replay page's "try it again" has no
  // table setting for css/table.css to hide it by)
  const shown = key && keyShortcuts.get() ? key.toUpperCase() : null;
  return h(
    "button",
    {
      type: "button",
      class: `action${primary ? " action-primary" : ""}${cards ? " action-claim" : ""}`,
      "data-testid": testid,
      "data-action": action,
      "aria-disabled": disabled ? "true" : "false",
      "aria-description": reason,
      "aria-keyshortcuts": shown,
      "aria-label": aria || null,
      title: reason || null,
      onclick: onclick || null,
    },
    cards ? h("span", { class: "action-cards", "aria-hidden": "true" }, cards.map((c) => cardFace(c, "card-tiny", ""))) : null,
    words
      ? h("span", { class: "action-text" }, h("span", { class: "action-label" }, label), h("span", { class: "action-names" }, words))
      : h("span", { class: "action-label" }, label),
    shown ? h("kbd", { "aria-hidden": "true", title: t("key_label", { key: shown }) }, shown) : null,
  );
}

/**
 * The answers to a settled view (none while replaying: `v` null, or over).
 * @param {View | null} v
 */
export function renderActions(v) {
  state.shortcuts = new Map();
  const offered = v && !v.over ? state.game.actionButtons(v, ctx) : { buttons: [], hint: "" };
  state.offeredSpecs = [...raisedButton(v), ...(offered.buttons || [])];
  const buttons = state.offeredSpecs.map((spec) => {
    // one character only: Enter, Space and the arrows belong to the focused control
    const key = spec.key && spec.key.length === 1 ? spec.key : null;
    const btn = actionButton({ ...spec, key });
    if (key) state.shortcuts.set(key.toLowerCase(), btn);
    return btn;
  });
  if (!state.shortcuts.has("h")) state.shortcuts.set("h", els.hintButton); // a game's own H comes first
  els.hint.textContent = state.raised && v ? t("hand_raised", { card: cardName(raisedCode()) }) : offered.hint || "";
  // A tooltip is out of reach on a phone: say in plain sight why the selection cannot go (in
  // the buttons' box, whose height is held while a selection changes, so the hand stays put).
  const why = state.offeredSpecs.find((spec) => spec.explain && spec.reason);
  const whyLine = why ? h("p", { class: "action-why", "data-testid": "action-why" }, why.reason) : null;
  // (a mouse or a finger put it there: moving it on would look like a suggestion, M3)
  const hadFocus = els.actions.contains(document.activeElement) && byKeyboard();
  els.actions.replaceChildren(...inStrips(buttons, state.offeredSpecs), ...(whyLine ? [whyLine] : []));
  els.actions.hidden = !buttons.length;
  for (const strip of /** @type {NodeListOf<HTMLElement>} */ (els.actions.querySelectorAll(".action-strip"))) markStrip(strip); // once shown
  if (hadFocus && buttons.length) {
    const first = buttons.find((b) => b.getAttribute("aria-disabled") !== "true");
    if (first) first.focus({ preventScroll: true });
  } else if (hadFocus) {
    // the answer given, its buttons go while the others play: keep the focus in the table, on
    // your hand, rather than lose it to the page (focusDecision moves it on when it is your turn)
    focusHand({ preventScroll: true });
  }
  floatNotice(); // a raised card's line, copied where the player looks if the prompt is out of sight
}

/**
 * Consecutive buttons whose spec says `strip` go in one .action-strip: one row that scrolls
 * sideways on a phone (css/table.css), so that a long list of plays does not push the hand off
 * the screen; on a wider screen the strip's buttons wrap with the others.
 * @param {HTMLElement[]} buttons
 * @param {ButtonSpec[]} specs
 */
function inStrips(buttons, specs) {
  /** @type {HTMLElement[]} */
  const out = [];
  buttons.forEach((btn, i) => {
    if (!specs[i].strip) {
      out.push(btn);
      return;
    }
    const last = out[out.length - 1];
    if (last && last.classList.contains("action-strip")) last.append(btn);
    else out.push(h("div", { class: "action-strip", "data-testid": "action-strip" }, btn));
  });
  return out;
}

/**
 * Mark the sides of a strip that have more to swipe (css/table.css shades them): a tile lies
 * past that edge. By the tiles, not the strip's scroll width, whose padding (room for a key
 * and the hint's ring) alone may overflow: the last tile, whole on the screen, was faded
 * (usability walk, a phone: 4 px over).
 * @param {HTMLElement} strip
 */
function markStrip(strip) {
  const box = strip.getBoundingClientRect();
  const first = strip.firstElementChild && strip.firstElementChild.getBoundingClientRect();
  const last = strip.lastElementChild && strip.lastElementChild.getBoundingClientRect();
  strip.classList.toggle("more-left", !!first && box.left - first.left > 1);
  strip.classList.toggle("more-right", !!last && last.right - box.right > 1);
}

/**
 * The selection changed: redraw the hand's pressed state and the buttons that depend on it.
 * The buttons keep the height they had with nothing selected (the most), so that the hand
 * below does not jump under the player's finger as the choices narrow and widen.
 */
export function refreshChoices() {
  const view = state.view;
  if (!view || !state.shownModel || root.dataset.state !== "your-turn") return;
  // a refusal was about the choices as they were ("not a play"): new choices, it goes
  if (state.refusal !== null && els.notice.textContent === state.refusal) notice("");
  state.refusal = null;
  if (!els.actions.style.minHeight) els.actions.style.minHeight = `${els.actions.offsetHeight}px`;
  renderHand(state.shownModel, view);
  renderActions(view);
  markHint();
}

/** The shortcut keys on or off, as the table shows them: the keys on the buttons and their
 * `aria-keyshortcuts` (css/table.css hides the keys by `data-shortcuts`). */
function showShortcuts() {
  const on = keyShortcuts.get();
  root.dataset.shortcuts = on ? "on" : "off";
  for (const btn of /** @type {HTMLElement[]} */ ([...root.querySelectorAll("button.action, [data-role=hint-button]")])) {
    const key = btn.querySelector("kbd")?.textContent;
    if (on && key) btn.setAttribute("aria-keyshortcuts", key);
    else btn.removeAttribute("aria-keyshortcuts");
  }
}

/** Clicks on the answers, the strips' scrolling, the skip link and the shortcut keys. */
export function listenActions() {
  els.actions.addEventListener("click", (event) => {
    const btn = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("button.action"));
    if (!btn) return;
    if (btn.getAttribute("aria-disabled") === "true") {
      refuse(btn);
      return;
    }
    if (btn.dataset.action) act(btn.dataset.action);
  });
  // scroll events do not bubble: caught on the way down to a strip
  /** @param {Event} event */
  const stripScrolled = (event) => {
    if (event.target instanceof HTMLElement && event.target.classList.contains("action-strip")) markStrip(event.target);
  };
  els.actions.addEventListener("scroll", stripScrolled, { capture: true, passive: true });
  window.addEventListener("resize", () =>
    /** @type {NodeListOf<HTMLElement>} */ (els.actions.querySelectorAll(".action-strip")).forEach(markStrip),
  );

  const skip = document.querySelector("[data-role=skip-to-turn]");
  if (skip) skip.addEventListener("click", skipToTurn);
  const keys = /** @type {HTMLInputElement | null} */ (document.querySelector("[data-role=key-shortcuts]"));
  if (keys) {
    keys.checked = keyShortcuts.get();
    showShortcuts();
    keys.addEventListener("change", () => {
      keyShortcuts.set(keys.checked);
      showShortcuts();
      if (root.dataset.state === "your-turn") renderActions(state.view); // the keyboard line too
    });
  }
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (!keyShortcuts.get()) return; // turned off: the keys are the focused control's only
    const target = event.target;
    if (target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    // the shortcuts belong to the table: not while the focus is in the header (the languages,
    // the look sliders) or the footer, where a stray key must not play a card (WCAG 2.1.4)
    if (target instanceof Element && target !== document.body && !target.closest("main")) return;
    if (root.dataset.state !== "your-turn") return;
    const btn = state.shortcuts.get(event.key.toLowerCase());
    if (!btn) return;
    event.preventDefault();
    // H, and a button that only changes the selection (Clear), leave focus where it is (in the
    // hand, say); a button that acts takes it
    if (btn !== els.hintButton && btn.dataset.action) btn.focus();
    if (btn.getAttribute("aria-disabled") === "true") refuse(btn);
    else btn.click();
  });
}
