// @ts-check
// The guided first deal (docs/learn.md, templates/learn.html): a fixed deal, step by step. The
// server sends, for step N, the learner's own view at a taught decision (GET /api/learn/{game}
// ?step=N: the table as that seat sees it, its legal actions, the log) and the lesson: what to
// do, why, and the rules section it comes from. This page draws the view with the game's own
// plugin (its model, centre, hand order, buttons) and works out no rule: of the moves the
// plugin offers, only the lesson's action is enabled, and the others say why not. Taking it
// shows the next step, with what the other seats did meanwhile (and what the deal played for
// you) in the lesson and the log; the last step is the deal's end sheet.
//
// The page loads this module, then the game's plugin (`table/<game>.js`): by the time the plugin
// registers, the core knows to run this page's start instead of a deal (`startWith`).

import { startWith } from "../core/main.js";
import { root, els, h, cardImg, patchChildren, sleep } from "../core/dom.js";
import { config, t, cardName, labelled, SEATS } from "../core/strings.js";
import { state, pace, reducedMotion } from "../core/state.js";
import { ctx } from "../core/ctx.js";
import { renderSeat } from "../core/seats.js";
import { appendLog, logStart } from "../core/log.js";
import { endSheet } from "../core/result.js";
import { status, notice } from "../core/status.js";
import { actionButton } from "../core/actions.js";
import { actorOf, freshOf } from "../core/present.js";
import { PROMPT_MARGIN, scrollDecision } from "../core/scroll.js";
import { noteLearned } from "./learned.js";

/** @typedef {import("../core/types.js").View} View */
/** @typedef {import("../core/types.js").LogEvent} LogEvent */
/** @typedef {import("../core/types.js").ButtonSpec} ButtonSpec */
/** @typedef {import("../core/types.js").DisplayModel} DisplayModel */

/**
 * A taught decision's lesson, as the server sends it (web/learn.py).
 * @typedef {object} Lesson
 * @property {number} n
 * @property {number} of
 * @property {string} action          the one move enabled
 * @property {string} do
 * @property {string} why
 * @property {string} clause
 * @property {string} section
 * @property {string} section_title
 * @property {string} section_url
 */
/**
 * @typedef {object} LearnStep
 * @property {string} game
 * @property {number} step
 * @property {number} steps
 * @property {View & { since: number }} view
 * @property {Lesson | null} lesson   null at the deal's end
 * @property {string | null} intro
 * @property {string | null} end
 */
/**
 * @typedef {object} LearnConfig
 * @property {string} api
 * @property {number} steps
 * @property {number} seat
 * @property {string} table_url
 * @property {string} rules_url
 */
const L = /** @type {LearnConfig} */ (/** @type {any} */ (config).learn);

const lessonBox = /** @type {HTMLElement} */ (document.querySelector("[data-role=lesson]"));
const part = (/** @type {string} */ role) => /** @type {HTMLElement} */ (lessonBox.querySelector(`[data-role=${role}]`));

/** @type {LearnStep | null} */
let current = null;
let loading = false;
let skipping = false; // a click or a key while the moves in between are shown: the rest at once
// the longest a move in between stays on screen (the table's pace setting, at most this), and
// the longest all of them take: many moves (twenty rounds of Chuo Pai) go faster
const MOVE_MS = 700;
const ALL_MS = 8000;
const FASTEST_MS = 100;

// learn.html loads the game's plugin after this module: its registerGame runs `start`
startWith(start);

function start() {
  root.dataset.mode = "learn";
  els.logPanel.setAttribute("aria-live", "off"); // each step's news is in the lesson, announced there
  listen();
  const asked = Number(new URLSearchParams(window.location.search).get("step"));
  load(Number.isInteger(asked) && asked > 0 && asked < L.steps ? asked : 0, { announce: false });
}

/**
 * Fetch step i and show it (`animate`: the moves since the step before first, one by one).
 * @param {number} i
 * @param {{ announce?: boolean, animate?: boolean }} [options]
 */
async function load(i, { announce = true, animate = false } = {}) {
  if (loading) return;
  loading = true;
  root.dataset.state = "waiting";
  let data = null;
  try {
    const res = await fetch(`${L.api}?step=${i}&lang=${encodeURIComponent(config.lang)}`, { headers: { Accept: "application/json" } });
    data = res.ok ? await res.json() : null;
  } catch {
    data = null;
  }
  if (!data) {
    loading = false;
    root.dataset.state = "idle";
    notice(t("ln_failed"), { sticky: true });
    return;
  }
  if (animate) await playBetween(/** @type {LearnStep} */ (data));
  loading = false;
  show(/** @type {LearnStep} */ (data), announce);
}

/**
 * A view of the step's moves: the table after the move that made version `v`, the log up to
 * it, nobody to act.
 * @param {View} v
 * @param {LogEvent} e  the move's last log entry, which carries the table after it
 * @returns {View}
 */
function viewAfter(v, e) {
  const log = v.log.filter((x) => x.v <= e.v);
  return /** @type {View} */ ({ ...v, version: e.v, table: e.table, log, to_act: [], legal_actions: [], action_facts: {}, over: false, result: null });
}

/** @param {View} v */
function modelOf(v) {
  const model = state.game.model(v, ctx);
  model.hand = state.game.sortHand ? state.game.sortHand(model.hand || []) : [...(model.hand || [])];
  return model;
}

/**
 * The table between two decisions: the other seats' moves (and what was played for you) shown
 * one by one at the table's pace, each move's seat marked and what it changed highlighted, as
 * the table shows them; at once under reduced motion, at the instant pace, or once the learner
 * clicks or presses a key. The last move's table is the step's own, which show() draws.
 * @param {LearnStep} data
 */
async function playBetween(data) {
  const v = data.view;
  const moves = v.log.filter((e) => e.v > v.since && e.table);
  const ms = Math.min(pace.ms(), MOVE_MS, Math.max(FASTEST_MS, ALL_MS / moves.length));
  if (moves.length < 2 || reducedMotion.matches || !ms) return;
  skipping = false;
  root.dataset.state = "animating";
  els.actions.replaceChildren();
  els.actions.hidden = true;
  els.hint.textContent = "";
  // the lesson taken, the panel says what is being shown until the next one
  part("lesson-intro").hidden = true;
  part("lesson-heading").textContent = t("ln_since");
  part("lesson-do").textContent = "";
  part("lesson-why").hidden = true;
  part("lesson-rules").parentElement.hidden = true;
  part("lesson-since").hidden = true;
  let before = state.shownModel;
  let from = v.since;
  for (const e of moves.slice(0, -1)) {
    if (skipping) return;
    const view = viewAfter(v, e);
    const model = modelOf(view);
    const events = v.log.filter((x) => x.v > from && x.v <= e.v);
    const mover = events.map(actorOf).filter((seat) => seat !== null && seat !== undefined).pop();
    if (mover !== undefined) model.active = mover;
    model.fresh = before ? freshOf(before, model, mover) : null;
    state.view = view;
    state.shownModel = model;
    for (let seat = 0; seat < SEATS.length; seat++) renderSeat(model, seat, null);
    if (state.game.renderCentre) state.game.renderCentre(els.centre, model, null, ctx);
    renderHand(model, view, null);
    renderLog(view);
    const said = events.map((x) => state.game.describeEvent(x, ctx)).filter(Boolean);
    status(said.join(" "), { quiet: true });
    before = model;
    from = e.v;
    await sleep(ms);
  }
}

/**
 * @param {LearnStep} data
 * @param {boolean} announce
 */
function show(data, announce) {
  current = data;
  const v = data.view;
  state.view = v;
  state.selected = new Set();
  const model = modelOf(v);
  state.shownModel = model;
  for (let seat = 0; seat < SEATS.length; seat++) renderSeat(model, seat, v.over ? v : null);
  if (state.game.renderCentre) state.game.renderCentre(els.centre, model, v.over ? v : null, ctx);
  renderHand(model, v, data.lesson);
  renderButtons(v, data.lesson);
  renderLesson(data);
  renderLog(v);
  renderEnd(data);
  root.dataset.state = v.over ? "over" : "your-turn";
  root.dataset.step = String(data.step);
  const url = new URL(window.location.href);
  if (url.searchParams.get("step") !== String(data.step)) {
    if (data.step) url.searchParams.set("step", String(data.step));
    else url.searchParams.delete("step");
    history.replaceState(history.state, "", url);
  }
  status(v.over ? state.game.status(v, ctx) : labelled(t("ln_lesson", { n: data.lesson.n, total: data.lesson.of }), data.lesson.do), { quiet: !announce });
}

// ------------------------------------------------------------------ the one move enabled

/**
 * Your hand: the card whose move is the lesson's is the one enabled; every other card says why
 * not (the game's reason, or that this lesson asks for another move).
 * @param {DisplayModel} model
 * @param {View} v
 * @param {Lesson | null} lesson
 */
function renderHand(model, v, lesson) {
  const game = state.game;
  /** @type {string | null} */
  let previous = null;
  let found = false;
  const cards = model.hand.map((code, i) => {
    const cardState = (!v.over && game.handCardState && game.handCardState(code, i, model, v, ctx)) || {};
    // two copies of a card make the same move: the first of them is the one enabled
    const intended = !found && !!lesson && !!cardState.action && cardState.action === lesson.action;
    found = found || intended;
    const playable = !!cardState.select || (!!cardState.action && v.legal_actions.includes(cardState.action));
    const reason = intended || v.over ? null : playable ? t("ln_not_now") : cardState.reason || t("ln_not_now");
    const group = cardState.group ?? null;
    const start = i > 0 && group !== previous;
    previous = group;
    return h(
      "button",
      {
        type: "button",
        class: `card hand-card${cardState.locked ? " is-locked" : ""}${start ? " group-start" : ""}${intended ? " is-intended" : ""}`,
        "data-testid": "hand-card",
        "data-code": code,
        "data-action": intended ? cardState.action : null,
        "data-intended": intended ? "true" : null,
        "aria-disabled": intended ? "false" : "true",
        "aria-description": reason,
        title: reason ? labelled(cardName(code), reason) : cardName(code),
        tabindex: intended ? "0" : "-1",
      },
      cardImg(code),
    );
  });
  // one tab stop: the intended card, else the first
  if (!cards.some((c) => c.dataset.intended) && cards.length) cards[0].setAttribute("tabindex", "0");
  patchChildren(els.hand, cards);
  els.hand.classList.toggle("is-choosing", cards.some((c) => c.dataset.intended));
  els.hand.dataset.count = String(cards.length);
}

/**
 * The plugin's answers, the lesson's enabled and marked, the others disabled with the note why;
 * if the lesson's move is neither a hand card nor a button of the plugin's, a button of its own.
 * @param {View} v
 * @param {Lesson | null} lesson
 */
function renderButtons(v, lesson) {
  if (!lesson) {
    els.actions.replaceChildren();
    els.actions.hidden = true;
    els.hint.textContent = "";
    return;
  }
  const offered = state.game.actionButtons(v, ctx);
  /** @type {ButtonSpec[]} */
  const specs = (offered.buttons || [])
    .filter((spec) => spec.action) // a button that only changes a selection has no place here
    .map((spec) =>
      spec.action === lesson.action
        ? { ...spec, reason: null, primary: true, key: null }
        : { ...spec, reason: t("ln_not_now"), primary: false, key: null, explain: false },
    );
  const inHand = !!els.hand.querySelector("[data-intended]");
  if (!inHand && !specs.some((spec) => spec.action === lesson.action)) {
    specs.unshift({ action: lesson.action, testid: "lesson-move", label: lesson.do, primary: true });
  }
  const buttons = specs.map((spec) => {
    const btn = actionButton(spec);
    if (spec.action === lesson.action) {
      btn.dataset.intended = "true";
      btn.classList.add("is-intended");
    } else {
      // read where they stand, but no stop of the Tab key: Chuo Pai's lead offers 23 plays, and
      // the lesson's one lay 46 presses from the top (as the hand: one stop, the intended card)
      btn.tabIndex = -1;
    }
    return btn;
  });
  els.actions.replaceChildren(...buttons);
  els.actions.hidden = !buttons.length;
  els.hint.textContent = inHand ? t("ln_your_turn") : "";
}

// ------------------------------------------------------------------ the lesson and the log

/** @param {LearnStep} data */
function renderLesson(data) {
  const lesson = data.lesson;
  const intro = part("lesson-intro");
  intro.hidden = !data.intro;
  if (data.intro) intro.textContent = data.intro;
  part("lesson-heading").textContent = lesson ? t("ln_lesson", { n: lesson.n, total: lesson.of }) : t("ln_done");
  part("lesson-do").textContent = lesson ? lesson.do : data.end || "";
  part("lesson-why").textContent = lesson ? lesson.why : "";
  part("lesson-why").hidden = !lesson;
  const rules = /** @type {HTMLAnchorElement} */ (part("lesson-rules"));
  rules.parentElement.hidden = !lesson;
  if (lesson) {
    rules.href = lesson.section_url;
    rules.textContent = t("ln_rules", { section: lesson.section_title });
    rules.dataset.clause = lesson.clause;
  }
  // what happened since the last decision: the AI seats' moves, and what was played for you
  const since = /** @type {HTMLDetailsElement} */ (part("lesson-since"));
  const lines = data.view.log
    .filter((e) => e.v > data.view.since && data.step > 0)
    .map((e) => {
      const text = state.game.describeEvent(e, ctx);
      if (!text) return null;
      return h("li", { class: e.for_you ? "for-you" : "", "data-testid": "since-line" }, e.for_you ? t("ln_for_you", { line: text }) : text);
    })
    .filter(Boolean);
  part("since-list").replaceChildren(...lines);
  since.hidden = !lines.length;
  since.open = lines.length > 0 && lines.length <= 8;
  // folded, it says how much it holds (usability walk: folded just when most had happened)
  const count = since.open ? "" : ` (${new Intl.NumberFormat(config.lang).format(lines.length)})`;
  part("since-heading").textContent = t("ln_since") + count;
}

/** The log up to this step, as the table shows it. @param {View} v */
function renderLog(v) {
  els.log.replaceChildren();
  state.claimOut = false;
  logStart(v);
  for (const e of v.log) appendLog(e);
  els.log.scrollTo({ top: els.log.scrollHeight, behavior: "instant" });
}

/**
 * The end sheet: the plugin's title and breakdown, then a real deal, or this one again.
 * @param {LearnStep} data
 */
function renderEnd(data) {
  const again = new URL(window.location.href);
  again.searchParams.delete("step");
  const shown = endSheet(
    data.view,
    [
      h("a", { class: "button button-primary", href: L.table_url, "data-testid": "learn-play" }, t("ln_play")),
      h("a", { class: "button", href: `${again.pathname}${again.search}`, "data-testid": "learn-again" }, t("ln_again")),
    ],
    data.end ? h("p", { class: "learn-end", "data-testid": "learn-end" }, data.end) : null,
  );
  if (shown) noteLearned(config.game); // the rules page no longer offers it
}

// ------------------------------------------------------------------ taking the move

/** @param {HTMLElement} el  a hand card or an answer button */
function pressed(el) {
  if (!current || loading) return;
  if (el.getAttribute("aria-disabled") === "true" || !el.dataset.intended) {
    const reason = el.getAttribute("aria-description");
    if (reason) notice(reason);
    return;
  }
  notice("");
  const hadFocus = root.contains(document.activeElement) && document.activeElement !== document.body;
  // the pressed control is gone: the keyboard goes on from the new lesson, whose focus reads
  // its name and what to do, so the status line says it quietly (it was read twice, audit)
  load(current.step + 1, { animate: true, announce: !hadFocus }).then(() => {
    if (hadFocus) (current && current.view.over ? els.result : lessonBox).focus({ preventScroll: true });
    if (current && !current.view.over) lessonInSight();
  });
}

/**
 * After a move, the new lesson in sight. A phone stays where the move was taken, at the hand,
 * and the next lesson and the move it asks for could both be above the screen with nothing in
 * view to say so (usability walk: Nantong's Pong button 90 px above it). The least scroll that
 * shows the lesson from its top to that move; the lesson from its top when both do not fit.
 */
function lessonInSight() {
  const box = lessonBox.getBoundingClientRect();
  const move = root.querySelector("[data-intended]");
  const to = move ? move.getBoundingClientRect() : box;
  const top = Math.min(box.top, to.top) - PROMPT_MARGIN;
  const bottom = Math.max(box.top, to.bottom) + PROMPT_MARGIN;
  const height = window.innerHeight;
  let by = 0;
  if (bottom - top > height) by = box.top - PROMPT_MARGIN;
  else if (top < 0) by = top;
  else if (bottom > height) by = bottom - height;
  if (by) scrollDecision(window.scrollY + by, !reducedMotion.matches);
}

function listen() {
  // the moves in between are shown at once from a click or a key on
  const skip = () => {
    if (root.dataset.state === "animating") skipping = true;
  };
  root.addEventListener("pointerdown", skip);
  document.addEventListener("keydown", skip);
  els.hand.addEventListener("click", (event) => {
    const card = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("button.hand-card"));
    if (card) pressed(card);
  });
  els.actions.addEventListener("click", (event) => {
    const btn = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("button.action"));
    if (btn) pressed(btn);
  });
  els.hand.addEventListener("keydown", (event) => {
    const cards = /** @type {HTMLElement[]} */ ([...els.hand.querySelectorAll("button.hand-card")]);
    const index = cards.indexOf(/** @type {HTMLElement} */ (document.activeElement));
    if (index < 0) return;
    /** @type {Record<string, number>} */
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    let next = -1;
    if (event.key in moves) next = (index + moves[event.key] + cards.length) % cards.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = cards.length - 1;
    if (next < 0) return;
    event.preventDefault();
    cards.forEach((c, k) => c.setAttribute("tabindex", k === next ? "0" : "-1"));
    cards[next].focus();
  });
}
