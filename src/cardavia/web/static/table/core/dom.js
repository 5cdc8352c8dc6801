// @ts-check
// Element helpers: the table's elements (`els`), h() to create elements, the card pictures,
// and patchChildren, which redraws a list while keeping the elements that stay.

import { config, cardInfo } from "./strings.js";
import { state } from "./state.js";

/** @typedef {import("./types.js").Child} Child */
/** @typedef {import("./types.js").CardCode} CardCode */

/** The table (`#table`); null on a page without one. */
export const root = /** @type {HTMLElement} */ (document.getElementById("table"));

/**
 * The first element under `base` (the table) that matches.
 * @param {string} sel
 * @param {ParentNode} [base]
 */
export const $ = (sel, base = root) => /** @type {HTMLElement} */ (base.querySelector(sel));
/**
 * Every element of the table that matches.
 * @param {string} sel
 */
export const $$ = (sel) => /** @type {HTMLElement[]} */ ([...root.querySelectorAll(sel)]);
/** @param {number} seat */
export const seatEl = (seat) => $(`.seat[data-seat="${seat}"]`);

/**
 * The parts of the page the core fills (templates/table.html).
 * @typedef {object} Elements
 * @property {HTMLElement} felt
 * @property {HTMLElement} centre
 * @property {HTMLElement} hand
 * @property {HTMLElement} actions
 * @property {HTMLElement} status
 * @property {HTMLElement} notice
 * @property {HTMLElement} news
 * @property {HTMLElement} noticeFloat
 * @property {HTMLElement} hint
 * @property {HTMLElement} hintButton
 * @property {HTMLElement} hintLine
 * @property {HTMLElement} result
 * @property {HTMLElement} log
 * @property {HTMLElement} controls
 * @property {HTMLElement} handArea
 * @property {HTMLElement} logPanel
 */

/** @type {Elements} */
export const els = root
  ? {
      felt: $("[data-role=felt]"),
      centre: $("[data-role=centre]"),
      hand: $("[data-testid=hand]"),
      actions: $("[data-role=actions]"),
      status: $("[data-testid=turn-status]"),
      notice: $("[data-role=notice]"),
      news: $("[data-role=news]"),
      noticeFloat: $("[data-role=notice-float]"),
      hint: $("[data-role=hint]"),
      hintButton: $("[data-role=hint-button]"),
      hintLine: $("[data-role=hint-line]"),
      result: $("[data-role=result]"),
      log: $("[data-testid=log]"),
      controls: $("[data-role=controls]"),
      handArea: $(".hand-area"),
      logPanel: /** @type {HTMLElement} */ (document.querySelector(".log-panel")),
    }
  : /** @type {Elements} */ ({});

/**
 * Creates an element: `class`, `text`, `on…` listeners and other attributes; null, undefined
 * and false attributes and children are left out.
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {...Child} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") el.className = value;
    else if (name === "text") el.textContent = value;
    else if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/**
 * A card picture from config.cards; `null` as the code draws the deck's back (a hidden card).
 * @param {CardCode} code
 * @param {string} [alt]
 */
export function cardImg(code, alt) {
  const info = code === null ? { name: "", url: config.back_url } : cardInfo(code);
  return /** @type {HTMLImageElement} */ (
    h("img", {
      src: info.url,
      alt: alt === undefined ? info.name : alt,
      width: state.cardSize[0],
      height: state.cardSize[1],
      decoding: "async",
      draggable: "false",
    })
  );
}

/**
 * A card face in the look-affected style (see .card in css/table.css).
 * @param {CardCode} code
 * @param {string} [cls]
 * @param {string} [alt]
 */
export function cardFace(code, cls = "", alt) {
  return h(
    "span",
    { class: `card ${cls}${code === null ? " is-back" : ""}`.trim(), "data-code": code ?? "" },
    cardImg(code, alt),
  );
}

export const LOCK_SVG =
  '<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="currentColor" stroke-width="1.8"/><rect x="2.5" y="7" width="11" height="8" rx="1.5" fill="currentColor"/></svg>';

/**
 * Put `fresh` elements in `parent`, keeping each old element that shows the same card (its
 * attributes and content brought up to date): the hand is redrawn at every replayed move, and
 * a focused card that was replaced would be announced again by a screen reader each time.
 * @param {HTMLElement} parent
 * @param {HTMLElement[]} fresh
 */
export function patchChildren(parent, fresh) {
  const old = /** @type {HTMLElement[]} */ ([...parent.children]);
  if (old.length !== fresh.length || old.some((el, i) => el.dataset.code !== fresh[i].dataset.code)) {
    parent.replaceChildren(...fresh);
    return;
  }
  old.forEach((el, i) => {
    const next = fresh[i];
    for (const { name } of [...el.attributes]) if (!next.hasAttribute(name)) el.removeAttribute(name);
    for (const { name, value } of [...next.attributes]) if (el.getAttribute(name) !== value) el.setAttribute(name, value);
    if (el.innerHTML !== next.innerHTML) el.replaceChildren(...next.childNodes);
  });
}

/** @param {number} ms */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
