// @ts-check
// The replay page (architecture.md §8, templates/replay.html): a finished deal step by step,
// drawn by the game's own table plugin. The server replays the deal's record and sends, for
// every step, the table as every seat saw itself (each hand, each seat's own groups), so this
// page works out no rule: it builds, for step i, the view the plugin would have got then (the
// table after the step, the log up to it, nobody to act; the result at the last step) and draws
// it with the core's seats, the plugin's centre and model, and the hands of all seats.
//
// Steps: the buttons, ← → Home End, a swipe across the felt, the slider; the URL follows
// (`?step=N`), and each log line links to its step. A record downloaded from a table opens here
// too (a file or pasted text), is checked by the server (`POST /api/replays`) and never kept.
// A deal still in progress has no replay: the page says so and shows nothing of it. For a deal
// this browser played, review.js adds the review of its seat's decisions and "try it again".
//
// The page loads this module, then the game's plugin (`table/<game>.js`): by the time the plugin
// registers, the core knows to run this page's start instead of a deal (`startWith`).

import { startWith } from "../core/main.js";
import { root, els, h, $, seatEl, cardImg, cardFace, patchChildren } from "../core/dom.js";
import { config, t, seatName, SEATS, sentences, setSeatNames } from "../core/strings.js";
import { state, setSeat, tokenFor, HUMAN, reducedMotion } from "../core/state.js";
import { ctx } from "../core/ctx.js";
import { renderSeat, renderLevel, placeSeats } from "../core/seats.js";
import { appendLog, logStart } from "../core/log.js";
import { endSheet } from "../core/result.js";
import { actorOf, freshOf } from "../core/present.js";
import { status, notice } from "../core/status.js";
import { initReview, startReview, markStep, leaveTry, isAwaitingChoice } from "./review.js";

/** @typedef {import("../core/types.js").View} View */
/** @typedef {import("../core/types.js").LogEvent} LogEvent */
/** @typedef {import("../core/types.js").DisplayModel} DisplayModel */

/**
 * One step of a replay, as the server sends it (docs/api.md, GET /api/games/{id}/replay).
 * @typedef {object} ReplayStep
 * @property {number} v                    the viewer's version after the step
 * @property {Record<string, any>} table   the table then, every seat's own entry in `seats`
 * @property {string[][]} hands            every seat's concealed cards then
 * @property {number[]} actions            the record's actions the step took (their indexes)
 */
/**
 * @typedef {object} Replay
 * @property {string | null} id        the deal (null: a record opened here)
 * @property {string} game
 * @property {number | null} seat      whose log it is (null: a spectator's)
 * @property {LogEvent[]} log
 * @property {ReplayStep[]} steps
 * @property {View["result"]} result
 * @property {string | null} level
 * @property {any} seats
 * @property {any} match
 */

/**
 * @typedef {object} ReplayConfig
 * @property {string | null} deal
 * @property {string} table_url
 * @property {string} history_url
 * @property {string} replays_api
 * @property {Record<string, { name: string, url: string }>} games
 */
const R = /** @type {ReplayConfig} */ (/** @type {any} */ (config).replay);
// a record of another game, carried to that game's replay page (this tab only, never a server)
const CARRIED = "cardavia.replay.record";
const SWIPE_PX = 48;

/** @type {Replay | null} */
let replay = null;
let at = 0;
/** @type {DisplayModel[]} */
let models = [];
/** @type {Replay | null} the record opened here, kept for the browser's Forward to it */
let opened = null;
let loads = 0; // the latest load: an answer to an older one (the URL moved on) is dropped
/** The seat drawn at the bottom, whose hand is the one under the table: the viewer's (0 for a
 * spectator), as the server's steps draw it. */
let bottom = 0;

const bar = /** @type {HTMLElement} */ (document.querySelector("[data-role=replay-bar]"));
const part = (/** @type {string} */ role) => /** @type {HTMLElement} */ (bar.querySelector(`[data-role=${role}]`));
// the bar's height, for the room the page keeps under it where it is fixed at the screen's foot
// (a phone, css/replay.css): the text size and the language set it, so it is measured
new ResizeObserver(() => {
  document.documentElement.style.setProperty("--replay-bar-height", `${Math.ceil(bar.getBoundingClientRect().height)}px`);
}).observe(bar);
const slider = /** @type {HTMLInputElement} */ (part("slider"));
// "Skip to the steps" leads nowhere while no deal is shown (the page of a record to open): it
// shows with the steps (accessibility audit: it left the focus on the page's body)
const skipToSteps = /** @type {HTMLElement} */ (document.querySelector("[data-testid=skip-to-steps]"));
skipToSteps.hidden = true;
const form = /** @type {HTMLFormElement} */ (document.querySelector("[data-role=open-record]"));
const recordError = /** @type {HTMLElement} */ (document.querySelector("[data-role=record-error]"));
/** The message in place of the table when there is no replay to show (or not yet). */
const message = h("div", { class: "notice-box replay-message", "data-testid": "replay-message", role: "status", hidden: true });

// ------------------------------------------------------------------ loading

// replay.html loads the game's plugin after this module: its registerGame runs `start`
startWith(start);

function start() {
  root.dataset.mode = "replay";
  root.before(message);
  els.logPanel.setAttribute("aria-live", "off"); // the whole log is there at once; steps are announced
  part("first-label").textContent = t("rp_first");
  part("back-label").textContent = t("rp_back");
  part("forward-label").textContent = t("rp_forward");
  part("last-label").textContent = t("rp_last");
  slider.setAttribute("aria-label", t("rp_slider"));
  listen();
  initReview({ replay: () => replay, viewAt, modelOf, go, stepUrl, markLog, at: () => at });
  let carried = null;
  try {
    carried = sessionStorage.getItem(CARRIED);
    sessionStorage.removeItem(CARRIED);
  } catch {
    carried = null;
  }
  if (carried) openRecord(carried);
  else if (R.deal) loadDeal(R.deal);
  else root.hidden = true; // only the form, until a record is opened
}

/**
 * @param {string} text  what to say in place of the table ("" clears it)
 * @param {Node[]} [more]
 */
function say(text, more = []) {
  message.replaceChildren(...(text ? [h("p", {}, text), ...more] : []));
  message.hidden = !text;
}

/** @param {string} id */
async function loadDeal(id) {
  const mine = ++loads;
  root.hidden = true;
  say(t("rp_loading"));
  const token = tokenFor(id);
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  let res = null;
  try {
    res = await fetch(`${config.api}/${encodeURIComponent(id)}/replay`, { headers, cache: "no-store" });
    // a token this deal no longer knows (its store was replaced): the spectator's replay
    if (res.status === 403 && token) res = await fetch(`${config.api}/${encodeURIComponent(id)}/replay`, { headers: { Accept: "application/json" } });
  } catch {
    res = null;
  }
  const data = res ? await res.json().catch(() => null) : null;
  if (mine !== loads) return;
  if (res && res.ok && data) {
    if (data.game !== config.game && R.games[data.game]) {
      window.location.replace(`${R.games[data.game].url}/${encodeURIComponent(id)}${window.location.search}`);
      return;
    }
    show(data);
    return;
  }
  const tableLink = h("a", { href: `${R.table_url}?deal=${encodeURIComponent(id)}`, "data-testid": "back-to-table" }, t("rp_to_table"));
  if (res && res.status === 409) say(t("rp_not_over"), [h("p", {}, tableLink)]);
  else if (res && res.status === 404) say(t("rp_unknown"));
  else if (res && res.status === 410) say(t("rp_unreadable"));
  else say(t("rp_failed"));
}

/** The deal the URL names (`…/replay/{id}`), or null: the page of a record opened here. */
function dealOfUrl() {
  const base = `${R.games[config.game].url}/`;
  const path = window.location.pathname;
  return path.startsWith(base) && path.length > base.length ? decodeURIComponent(path.slice(base.length)) : null;
}

/** The browser's Back or Forward: show what the URL names (a deal, the record opened, none). */
function followUrl() {
  const asked = Number(new URLSearchParams(window.location.search).get("step"));
  const step = Number.isInteger(asked) && asked > 0 ? asked : 0;
  const id = dealOfUrl();
  const wanted = id ? (replay && replay.id === id ? replay : null) : opened;
  if (wanted && wanted === replay) {
    if (step !== at) go(step, { announce: false });
    return;
  }
  loads += 1; // a deal still loading is no longer what the URL names
  if (id) loadDeal(id);
  else if (opened) show(opened);
  else {
    replay = null;
    root.hidden = true;
    say("");
    startReview();
  }
}

/**
 * A record's text, checked and replayed by the server (nothing is kept there).
 * @param {string} text
 */
async function openRecord(text) {
  showError(null);
  let res = null;
  try {
    res = await fetch(R.replays_api, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ game: config.game, record: text }),
    });
  } catch {
    res = null;
  }
  const data = res ? await res.json().catch(() => null) : null;
  if (res && res.ok && data) {
    loads += 1;
    opened = data;
    const url = new URL(window.location.href);
    url.pathname = R.games[config.game].url; // no deal id: the record is this page's only
    url.search = "";
    // a deal's replay stays in the history, for Back; a record opened over another (or carried
    // here from another game's page) takes its place, so that one Back leaves the page
    if (url.pathname === window.location.pathname) history.replaceState(null, "", url);
    else history.pushState(null, "", url);
    show(data);
    notice(t("rp_opened"));
    root.scrollIntoView({ block: "start", behavior: reducedMotion.matches ? "instant" : "smooth" });
    return;
  }
  const error = (data && data.error) || {};
  const detail = error.message || "";
  const step = data && Number.isInteger(data.step) ? data.step : null;
  if (res && res.status === 413) showError(t("rp_too_large"));
  else if (error.code === "other_game" && R.games[data.game]) {
    const other = R.games[data.game];
    const link = h("a", { href: other.url, "data-testid": "open-there" }, t("rp_open_there", { game: other.name }));
    link.addEventListener("click", () => {
      try {
        sessionStorage.setItem(CARRIED, text);
      } catch {
        /* storage off: the record is opened there again by hand */
      }
    });
    showError(t("rp_other_game", { game: other.name, this: R.games[config.game].name }), link);
  } else if (error.code === "illegal_action") {
    // the step the move would have been shown at, as the counter numbers the replay's steps
    showError(step !== null ? t("rp_illegal", { step }) : t("rp_illegal_somewhere"), null, detail);
  } else if (error.code === "deal_not_over") showError(t("rp_in_progress"));
  else if (error.code === "bad_record" || error.code === "bad_request") showError(t("rp_broken"), null, detail);
  else showError(t("rp_failed"));
}

/**
 * The message in the page's language; the server's own words (English, naming the record's
 * part) folded under it, for whoever wants to mend the file.
 * @param {string | null} text
 * @param {Node | null} [more]
 * @param {string} [detail]
 */
function showError(text, more = null, detail = "") {
  recordError.replaceChildren(
    ...(text
      ? [
          h("p", {}, text, more ? " " : null, more),
          detail
            ? h("details", { class: "record-detail", "data-testid": "record-detail" }, h("summary", {}, t("rp_detail")), h("code", { lang: "en" }, detail))
            : null,
        ]
      : []),
  );
  recordError.hidden = !text;
  // the field the record came from is the one in error, and says why (aria-describedby)
  const file = /** @type {HTMLInputElement} */ (form.elements.namedItem("file"));
  const box = /** @type {HTMLTextAreaElement} */ (form.elements.namedItem("text"));
  const from = file.files && file.files.length ? file : box;
  for (const field of [file, box]) {
    const wrong = !!text && field === from;
    for (const [name, value] of [["aria-invalid", "true"], ["aria-describedby", recordError.id]]) {
      if (wrong) field.setAttribute(name, value);
      else field.removeAttribute(name);
    }
  }
}

// ------------------------------------------------------------------ the views of the steps

/**
 * The view the plugin would have got after step i: the table then, the log up to it, nobody
 * to act; at the last step the deal is over, with its result.
 * @param {number} i
 * @returns {View}
 */
function viewAt(i) {
  const step = replay.steps[i];
  const last = i === replay.steps.length - 1;
  return /** @type {View} */ ({
    id: replay.id,
    game: replay.game,
    version: step.v,
    seat: replay.seat,
    seats: replay.seats,
    to_act: [],
    legal_actions: [],
    action_facts: {},
    over: last,
    level: replay.level,
    result: last ? replay.result : null,
    log: replay.log.filter((e) => e.v <= step.v),
    table: step.table,
    match: replay.match,
  });
}

/** @param {View} v */
function modelOf(v) {
  const model = state.game.model(v, ctx);
  model.hand = state.game.sortHand ? state.game.sortHand(model.hand || []) : [...(model.hand || [])];
  return model;
}

/** The log entries of step i (those after the step before it). @param {number} i */
function eventsOf(i) {
  const from = i ? replay.steps[i - 1].v : -Infinity;
  return replay.log.filter((e) => e.v > from && e.v <= replay.steps[i].v);
}

/** The step whose view first shows the log entry of version v. @param {number} v */
function stepOfVersion(v) {
  const i = replay.steps.findIndex((s) => s.v >= v);
  return i < 0 ? replay.steps.length - 1 : i;
}

// ------------------------------------------------------------------ showing a replay

/** @param {Replay} data */
function show(data) {
  replay = data;
  state.dealId = data.id;
  // as the table names and places them: the seat this browser holds (its token) is "You", at
  // the bottom with its hand under the table; at a table for friends each friend by name; a
  // deal seen without a token, and a record opened here, as a spectator sees it (seat 0 below)
  setSeat(data.seat);
  bottom = data.seat ?? 0;
  const seats = data.seats || [];
  setSeatNames({ seat: data.seat, seats });
  placeSeats(/** @type {View} */ ({ ...viewAt(0), seats }));
  document.getElementById("hand-label").textContent = HUMAN >= 0 ? t("rp_your_hand") : t("rp_hand_of", { seat: seatName(bottom) });
  els.hand.setAttribute("role", "list");
  els.hand.removeAttribute("aria-describedby");
  state.view = viewAt(0);
  models = data.steps.map((_, i) => modelOf(viewAt(i)));
  fillLog();
  slider.max = String(data.steps.length - 1);
  say("");
  root.hidden = false;
  bar.hidden = false;
  skipToSteps.hidden = false;
  const asked = Number(new URLSearchParams(window.location.search).get("step"));
  go(Number.isInteger(asked) && asked > 0 ? asked : 0, { announce: false, reveal: asked > 0 });
  startReview();
}

/** Every line of the deal's log, each a link to its step; later lines are dimmed as it plays. */
function fillLog() {
  els.log.replaceChildren();
  state.claimOut = false;
  logStart(viewAt(0));
  for (const e of replay.log) appendLog(e);
  for (const li of /** @type {HTMLElement[]} */ ([...els.log.children])) {
    const step = li.dataset.v ? stepOfVersion(Number(li.dataset.v)) : 0;
    li.dataset.step = String(step);
    const text = li.querySelector(".log-text");
    const link = h("a", { class: "log-text", href: stepUrl(step), tabindex: "-1", "data-step": step }, ...text.childNodes);
    text.replaceWith(link);
  }
}

/** @param {number} i */
function stepUrl(i) {
  const url = new URL(window.location.href);
  url.searchParams.set("step", String(i));
  return `${url.pathname}${url.search}`;
}

/**
 * Show step i (clamped); the URL follows it. `reveal`: the page opened at this step, whose
 * centre is brought into view on a phone.
 * @param {number} i
 * @param {{ announce?: boolean, reveal?: boolean }} [options]
 */
function go(i, { announce = true, reveal = false } = {}) {
  if (!replay) return;
  leaveTry(); // "try it again" ends at any step
  // the reader watching the centre keeps it in view; one looking at a hand far from it is left
  const follow = reveal || centreWatched();
  const last = replay.steps.length - 1;
  i = Math.max(0, Math.min(last, Math.round(i)));
  at = i;
  const v = viewAt(i);
  state.view = v;
  const model = { ...models[i] };
  const events = eventsOf(i);
  const mover = events.map(actorOf).filter((s) => s !== null && s !== undefined).pop();
  if (mover !== undefined && !v.over) model.active = mover;
  model.fresh = i ? freshOf(models[i - 1], model, mover) : null;
  state.shownModel = model;
  for (let seat = 0; seat < SEATS.length; seat++) renderSeat(model, seat, v.over ? v : null);
  if (state.game.renderCentre) state.game.renderCentre(els.centre, model, null, ctx);
  renderHands(i, model);
  if (v.level) renderLevel(v);
  else for (const badge of /** @type {HTMLElement[]} */ ([...root.querySelectorAll("[data-role=level]")])) badge.hidden = true;
  renderEnd(v);
  root.dataset.state = "replay";
  root.dataset.step = String(i);
  root.dataset.end = String(v.over);
  part("counter").textContent = t("rp_step", { n: i, total: last });
  slider.value = String(i);
  slider.setAttribute("aria-valuetext", t("rp_step", { n: i, total: last }));
  for (const [role, off] of [["first", i === 0], ["back", i === 0], ["forward", i === last], ["last", i === last]]) {
    part(/** @type {string} */ (role)).setAttribute("aria-disabled", String(off));
  }
  markLog(i);
  markStep(i);
  const url = new URL(window.location.href);
  if (url.searchParams.get("step") !== String(i)) {
    url.searchParams.set("step", String(i));
    history.replaceState(history.state, "", url);
  }
  const lines = [...els.log.querySelectorAll(`li[data-step="${i}"]`)].map((li) => li.textContent);
  // a step's log lines as sentences in a row (a line has no final stop of its own)
  const said = v.over ? state.game.status(v, ctx) : sentences(...lines) || t("rp_dealt");
  status(said, { quiet: !announce });
  if (follow) keepCentreClear();
}

/**
 * Where the steps' bar is fixed at the screen's foot (a phone, css/replay.css), the room above
 * it, or null where it is not (the bar then scrolls with the page).
 * @returns {number | null}
 */
function roomAboveBar() {
  return getComputedStyle(bar).position === "fixed" ? bar.getBoundingClientRect().top - 8 : null;
}

/** Whether the step's centre (the card played, the stock) shows above a fixed bar. */
function centreWatched() {
  const foot = roomAboveBar();
  if (foot === null) return false;
  const box = els.centre.getBoundingClientRect();
  return box.top < foot && box.bottom > 0;
}

/**
 * Keeps the step's centre clear of a fixed bar, by the least scroll that shows it (its head at
 * the screen's top if it is taller than the room): a link to a step opened the page with its
 * card under the bar, and a step that grows a hand above the centre pushed it there.
 */
function keepCentreClear() {
  const foot = roomAboveBar();
  if (foot === null || root.dataset.end === "true") return;
  const box = els.centre.getBoundingClientRect();
  const by = Math.min(box.bottom - foot, box.top - 8);
  if (by > 0) window.scrollBy({ top: by, behavior: reducedMotion.matches ? "instant" : "smooth" });
}

/**
 * Every seat's concealed cards: yours as the hand under the table (cards, not buttons: there is
 * nothing to play), the others' in their panels, each sorted as the plugin sorts a hand.
 * @param {number} i
 * @param {DisplayModel} model
 */
function renderHands(i, model) {
  const game = state.game;
  let previous = null;
  const mine = model.hand.map((code, k) => {
    const cardState = (game.handCardState && game.handCardState(code, k, model, null, ctx)) || {};
    const group = cardState.group ?? null;
    const start = k > 0 && group !== previous;
    previous = group;
    return h("span", { class: `card hand-card${start ? " group-start" : ""}`, role: "listitem", "data-testid": "hand-card", "data-code": code }, cardImg(code));
  });
  patchChildren(els.hand, mine);
  els.hand.dataset.count = String(mine.length);
  const hands = replay.steps[i].hands;
  for (let seat = 0; seat < SEATS.length; seat++) {
    const panel = seat === bottom ? null : seatEl(seat);
    if (!panel) continue;
    let row = $("[data-role=seat-hand]", panel);
    if (!row) {
      row = h("div", { class: "seat-hand", "data-role": "seat-hand", "data-testid": "seat-hand", role: "list" });
      $(".seat-cards", panel).prepend(row);
    }
    row.setAttribute("aria-label", t("rp_hand_of", { seat: seatName(seat) }));
    const codes = game.sortHand ? game.sortHand(hands[seat] || []) : [...(hands[seat] || [])];
    row.replaceChildren(...codes.map((code) => h("span", { role: "listitem", class: "seat-hand-card" }, cardFace(code, "card-mini"))));
    row.dataset.count = String(codes.length);
  }
}

/**
 * The end sheet at the last step: the plugin's title and breakdown, then the record, a table
 * and your deals (no New deal here: nothing is played on this page).
 * @param {View} v
 */
function renderEnd(v) {
  endSheet(v, [
    replay.id
      ? h(
          "a",
          {
            class: "button",
            href: `${config.api}/${encodeURIComponent(replay.id)}/record`,
            download: `cardavia-${config.game}-${replay.id}.json`,
            "data-testid": "download-record",
          },
          t("download_record"),
        )
      : null,
    h("a", { class: "button button-primary", href: R.table_url, "data-testid": "play-deal" }, t("rp_play")),
    h("a", { class: "button", href: R.history_url, "data-testid": "history-link" }, t("your_deals")),
  ]);
}

/** The log: the step's lines marked, later ones dimmed, the step's first line in view. @param {number} i */
function markLog(i) {
  /** @type {HTMLElement | null} */
  let first = null;
  for (const li of /** @type {HTMLElement[]} */ ([...els.log.children])) {
    const step = Number(li.dataset.step);
    li.classList.toggle("is-current", step === i);
    li.classList.toggle("is-future", step > i);
    if (step === i && !first) first = li;
    if (step === i) li.setAttribute("aria-current", "step");
    else li.removeAttribute("aria-current");
  }
  if (!first) return;
  // scroll the log only, never the page (on a phone the log lies below the table)
  const box = els.log.getBoundingClientRect();
  const line = first.getBoundingClientRect();
  if (line.top < box.top || line.bottom > box.bottom) els.log.scrollTop += line.top - box.top - box.height / 3;
}

// ------------------------------------------------------------------ stepping

function listen() {
  /** @type {Record<string, () => number>} */
  const moves = { first: () => 0, back: () => at - 1, forward: () => at + 1, last: () => replay.steps.length - 1 };
  for (const [role, to] of Object.entries(moves)) {
    part(role).addEventListener("click", (event) => {
      if (/** @type {HTMLElement} */ (event.currentTarget).getAttribute("aria-disabled") === "true") return;
      go(to());
    });
  }
  slider.addEventListener("input", () => go(Number(slider.value)));
  els.log.addEventListener("click", (event) => {
    const link = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("a[data-step]"));
    if (!link) return;
    event.preventDefault();
    go(Number(link.dataset.step));
  });
  document.addEventListener("keydown", (event) => {
    if (!replay || root.hidden || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = /** @type {HTMLElement} */ (event.target);
    // the slider steps by itself; a form field or a header link or slider keeps its keys
    if (target.closest("input, textarea, select, [contenteditable]")) return;
    const main = document.getElementById("main");
    if (target !== document.body && !(main && main.contains(target))) return;
    /** @type {Record<string, () => number>} */
    const keys = { ArrowLeft: moves.back, ArrowRight: moves.forward, Home: moves.first, End: moves.last };
    if (!(event.key in keys)) return;
    // a try waiting for your choice is left by Escape or its button, never by a stray arrow key
    // (its answer buttons, unlike your hand, have no arrow keys of their own) nor a swipe
    if (isAwaitingChoice()) return;
    event.preventDefault();
    go(keys[event.key]());
  });
  // a swipe across the felt: to the left goes forward, as a page turns
  /** @type {{ x: number, y: number, id: number } | null} */
  let touch = null;
  els.felt.addEventListener("pointerdown", (event) => {
    // a strip that scrolls sideways (discards, a row of plays) keeps its own swipes; a try
    // waiting for your choice is left by its button or Escape only, not by a slip of the finger
    const scroller = /** @type {Element} */ (event.target).closest(".discards, .action-strip");
    const keep = event.pointerType === "mouse" || scroller || isAwaitingChoice();
    touch = keep ? null : { x: event.clientX, y: event.clientY, id: event.pointerId };
  });
  els.felt.addEventListener("pointercancel", () => (touch = null));
  els.felt.addEventListener("pointerup", (event) => {
    if (!touch || event.pointerId !== touch.id || !replay) return;
    const dx = event.clientX - touch.x;
    const dy = event.clientY - touch.y;
    touch = null;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > 1.5 * Math.abs(dy)) go(dx < 0 ? at + 1 : at - 1);
  });
  // The record entered last is the one opened: choosing a file empties the paste box, and
  // pasting or typing a record lets go of the file chosen, so the form shows which it opens.
  const fileInput = /** @type {HTMLInputElement} */ (form.elements.namedItem("file"));
  const textBox = /** @type {HTMLTextAreaElement} */ (form.elements.namedItem("text"));
  fileInput.addEventListener("change", () => {
    if (fileInput.files.length) textBox.value = "";
    showError(null);
  });
  textBox.addEventListener("input", () => {
    if (textBox.value.trim() && fileInput.files.length) fileInput.value = "";
    showError(null);
  });
  window.addEventListener("popstate", followUrl);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const file = fileInput.files[0];
    if (file) {
      const text = (await file.text().catch(() => "")).trim();
      if (text) openRecord(text);
      else showError(t("rp_empty_file")); // a file was chosen: it holds nothing
      return;
    }
    const text = textBox.value.trim();
    if (!text) showError(t("rp_no_record"));
    else openRecord(text);
  });
}
