// @ts-check
// Presenting views: the display model (what the board shows, built by the plugin from a view),
// the paced replay of new log entries, step by step from the views the server sends with them
// (instant under prefers-reduced-motion), and the settled view's full render.

import { root, els, sleep } from "./dom.js";
import { seatName, seatNamesKey, t, SEATS, setSeatNames } from "./strings.js";
import { state, HUMAN, pace, reducedMotion, setSeat } from "./state.js";
import { ctx } from "./ctx.js";
import { setState, status } from "./status.js";
import { forgetPlaced, markPlaced, scrollDecision, scrolledByPlayer, PROMPT_MARGIN } from "./scroll.js";
import { renderSeat, renderLevel, placeSeats } from "./seats.js";
import { renderHand } from "./hand.js";
import { renderActions } from "./actions.js";
import { clearHint, markHint } from "./hint.js";
import { appendLog, relog } from "./log.js";
import { renderResult } from "./result.js";
import { focusDecision, revealFocus } from "./focus.js";
import { renderFriends, renderSoundSetting, waitingText } from "./friends.js";
import { startWithAi, comeBack } from "./api.js";
import { forcedAction } from "./forced.js";

/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").DisplayModel} DisplayModel */
/** @typedef {import("./types.js").LogEvent} LogEvent */
/** @typedef {import("./types.js").Step} Step */

// ------------------------------------------------------------------ the display model

/** @param {View} v */
function modelFromView(v) {
  const model = state.game.model(v, ctx);
  model.hand = state.game.sortHand ? state.game.sortHand(model.hand || []) : [...(model.hand || [])];
  return model;
}

/** @param {LogEvent} e */
export const actorOf = (e) => (state.game.actor ? state.game.actor(e) : e.seat);
/** @param {LogEvent} e */
const isInstant = (e) => (state.game.instant ? state.game.instant(e) : e.kind === "answer");

// ------------------------------------------------------------------ the steps of a replay

/**
 * The log entries newer than `since`, as the steps the server took: each step ends at an entry
 * that carries the view's `table` after it (docs/api.md). Entries after the last such one (all
 * of them for a client too far behind to be sent any) make one last step, the view itself.
 * @param {View} next
 * @param {number} since
 * @returns {Step[]}
 */
function stepsOf(next, since) {
  /** @type {Step[]} */
  const steps = [];
  /** @type {LogEvent[]} */
  let events = [];
  for (const e of next.log) {
    if (e.v <= since) continue;
    events.push(e);
    if (e.table) {
      steps.push({ events, view: viewAt(next, e.v, e.table) });
      events = [];
    }
  }
  if (events.length) steps.push({ events, view: next });
  return steps;
}

/**
 * The view as it was after the step that ended at version `v`: its table then and the log up to
 * it, nobody's decision yet (the last step is the view itself).
 * @param {View} next
 * @param {number} v
 * @param {Record<string, any>} table
 * @returns {View}
 */
function viewAt(next, v, table) {
  if (v === next.version) return next;
  const log = next.log.filter((e) => e.v <= v);
  return { ...next, version: v, table, log, to_act: [], legal_actions: [], over: false, result: null };
}

/** @param {import("./types.js").GroupModel} g */
const groupKey = (g) => `${g.kind ?? ""}:${g.cards.join(",")}`;

/**
 * What a step changed, for the highlight: a seat's groups (a group exposed or turned into
 * another), else a discard added to its pile; the seat that moved first.
 * @param {DisplayModel} before
 * @param {DisplayModel} after
 * @param {number | null | undefined} actor
 * @returns {DisplayModel["fresh"]}
 */
export function freshOf(before, after, actor) {
  const seats = after.seats.map((_, i) => i);
  const order = after.seats[actor ?? -1] ? [actor, ...seats.filter((s) => s !== actor)] : seats;
  for (const seat of order) {
    const was = (before.seats[seat] && before.seats[seat].groups) || [];
    const now = after.seats[seat].groups || [];
    if (now.length !== was.length || now.some((g, i) => groupKey(g) !== groupKey(was[i]))) {
      return now.length ? { seat, where: "groups" } : null;
    }
  }
  for (const seat of order) {
    const was = (before.seats[seat] && before.seats[seat].pile) || [];
    const now = after.seats[seat].pile || [];
    if (now.length > was.length) return { seat, where: "pile" };
  }
  return null;
}

// ------------------------------------------------------------------ rendering

/**
 * @param {DisplayModel} model
 * @param {View | null} v   null during a replay
 */
function renderBoard(model, v) {
  state.shownModel = model;
  for (let seat = 0; seat < SEATS.length; seat++) renderSeat(model, seat, v);
  if (state.game.renderCentre) state.game.renderCentre(els.centre, model, v, ctx);
  renderHand(model, v);
}

// How much of a card's top shows for the hand to be in view (bringDecisionIntoView).
const CARD_PEEK = 40;

/**
 * On a phone the seats above (growing as groups are exposed) push your prompt and hand below
 * the screen. When a new decision is yours and they are below, scroll down until the hand
 * shows, but never the prompt's top off the screen; once per decision. But where your answer
 * is a tap on a card and no card would show under the prompt (a phone held sideways, where
 * the prompt shares a band as high as the screen with the opponents and the hand lies below
 * it), the hand comes whole onto the screen and the prompt goes above it. A player who
 * scrolled past what is kept on the screen (to the log, say) is reading: the page stays where
 * it is. Left where the table put it, the prompt went above the screen as the table above
 * shrank (a card leaving the centre): it comes back.
 * @param {View} v
 */
function bringDecisionIntoView(v) {
  if (state.decisionInView === v.version || !els.controls || !els.handArea) return;
  state.decisionInView = v.version;
  const top = els.controls.getBoundingClientRect().top;
  const hand = els.handArea.getBoundingClientRect();
  const foot = window.innerHeight - PROMPT_MARGIN;
  // (Chuo Pai's hand only selects: its answers are the plays' buttons, beside the prompt)
  const answers = els.hand.querySelector('button[data-action][aria-disabled="false"]');
  const first = els.hand.querySelector("button.hand-card"); // its row, the hand's first
  const handFirst =
    !!answers && !!first && first.getBoundingClientRect().top - top + PROMPT_MARGIN > window.innerHeight - CARD_PEEK;
  const kept = handFirst ? hand.top : top; // what the page keeps on the screen
  if (kept < PROMPT_MARGIN && scrolledByPlayer()) {
    forgetPlaced();
    return;
  }
  const by = handFirst
    ? Math.min(hand.bottom - foot, hand.top - PROMPT_MARGIN)
    : top < PROMPT_MARGIN
      ? top - PROMPT_MARGIN
      : Math.max(0, Math.min(hand.bottom - foot, top - PROMPT_MARGIN));
  scrollDecision(window.scrollY + by, !reducedMotion.matches);
}

// A phone turned while your decision waits: the page the browser left after the turn showed
// neither the prompt nor the hand (usability walk); the decision is brought into view anew for
// the new shape, as a new decision is.
if (root) {
  window.matchMedia("(orientation: landscape)").addEventListener("change", () => {
    const v = state.view;
    if (!v || v.over || !v.legal_actions.length || root.dataset.state !== "your-turn") return;
    requestAnimationFrame(() => {
      if (state.view !== v) return;
      markPlaced(); // where the turn left the page is nobody's choice: not a reader's place
      state.decisionInView = null;
      bringDecisionIntoView(v);
    });
  });
}

/**
 * On a phone the log lies below the table. A player who scrolled past the controls to read it
 * keeps it where it is on the screen while the table above grows or shrinks (re-rendered
 * nodes defeat the browser's own scroll anchoring). Not where the table left the page: there
 * the prompt goes with the table, and comes back at your decision.
 * @param {() => void} render
 */
function keepReadersPlace(render) {
  const reading = els.logPanel && els.controls && els.controls.getBoundingClientRect().top < 0 && scrolledByPlayer();
  const before = reading ? els.logPanel.getBoundingClientRect().top : 0;
  render();
  if (!reading) return;
  forgetPlaced();
  const moved = els.logPanel.getBoundingClientRect().top - before;
  if (Math.abs(moved) > 1) window.scrollBy({ top: moved, behavior: "instant" });
}

/**
 * A settled view in full: board, answers, level, hint, end sheet, status, data-state.
 * @param {View} v
 */
export function renderFinal(v) {
  els.actions.style.minHeight = ""; // a new position: its own height (refreshChoices)
  const model = modelFromView(v);
  renderBoard(model, v);
  renderActions(v);
  renderLevel(v);
  const named = seatNamesKey();
  renderFriends(v, { start: startWithAi, back: comeBack });
  if (seatNamesKey() !== named) relog(v); // "Player 1 finished setup" becomes the friend's name
  placeSeats(v); // the names, once the friends have sat down
  renderSoundSetting(v);
  markHint();
  renderResult(v);
  // A deal opened without its seat token is watched (architecture.md §6): say so.
  root.dataset.watching = v.seat === null ? "true" : "false";
  // nor has a spectator a hand here or a turn: no "Your hand" over nothing, no skip link to
  // it (usability walk)
  els.handArea.hidden = v.seat === null;
  const skip = /** @type {HTMLElement | null} */ (document.querySelector("[data-role=skip-to-turn]"));
  if (skip) skip.hidden = v.seat === null;
  root.dataset.version = String(v.version); // which view the screen shows (tests compare)
  let said = v.seat === null && !v.over ? t("status_watching") : state.game.status(v, ctx);
  if (v.waiting) said = waitingText(v); // nobody plays until the friends sit down
  status(said, {
    quiet: !v.over && !v.legal_actions.length,
  });
  // The end sheet's heading says how the deal ended: the status line does not say it again
  // above it (usability review p9; the focus goes to the sheet, which its heading names).
  els.status.hidden = v.over && !els.result.hidden && said === els.result.querySelector("#result-heading")?.textContent;
  if (v.over) setState("over");
  else if (forcedAction(v)) setState("waiting"); // your only move, shown a beat and made for you (forced.js)
  else if (v.legal_actions.length) {
    setState("your-turn");
    const focused = focusDecision();
    bringDecisionIntoView(v);
    if (focused) revealFocus(); // a keyboard player's focus is never off the screen
  } else setState("waiting");
}

// ------------------------------------------------------------------ presenting a newer view

/** The newest view handed to present in this generation: shown, or being walked. */
const newest = { generation: -1, version: -1 };

/**
 * Whether a view newer than `version` is shown or on its way to the screen (its moves being
 * walked, paced): a watch that brings the same moves has nothing to show. Walked twice side by
 * side from the same older view (your move's answer and the watch at your turn, with motion),
 * each line went into the log twice (QA).
 * @param {number} version
 */
export function presentedPast(version) {
  const shown = state.view ? state.view.version : -1;
  return Math.max(shown, newest.generation === state.generation ? newest.version : -1) > version;
}

/**
 * Show a newer view: walk its new log entries one by one, then render it in full.
 * @param {View} next
 * @param {{ initial?: boolean }} [options]
 */
export async function present(next, { initial = false } = {}) {
  if (newest.generation !== state.generation || next.version > newest.version) {
    newest.generation = state.generation;
    newest.version = next.version;
  }
  const gen = state.generation;
  if (!state.view || next.version !== state.view.version) {
    state.selected = new Set();
    clearHint(); // a hint is for one position only
  }
  if (initial || !state.view) {
    setSeat(next.seat);
    setSeatNames(next);
    placeSeats(next);
    relog(next);
    state.view = next;
    renderFinal(next);
    return;
  }
  if (next.version < state.view.version) return; // an older answer arrived late
  const steps = stepsOf(next, state.view.version);
  if (steps.length) {
    setState("animating");
    keepReadersPlace(() => renderActions(null));
    let model = modelFromView(state.view);
    /** @type {number | null} */
    let lastSeat = null;
    for (const step of steps) {
      if (gen !== state.generation) return;
      // Even pacing across views: each shown step stays at least the pace's time on screen
      // (none once Skip is pressed, at the instant pace, or with reduced motion).
      const instant = step.events.every(isInstant);
      if (!instant && !reducedMotion.matches && !state.skipping) {
        const wait = state.lastStepAt + pace.ms() - performance.now();
        if (wait > 0) await sleep(wait);
        if (gen !== state.generation) return;
      }
      if (!instant) state.lastStepAt = performance.now();
      keepReadersPlace(() => {
        // the lines first: a plugin may read the events in log order as it tells them
        for (const e of step.events) {
          appendLog(e);
          const actor = actorOf(e);
          if (actor !== null && actor !== undefined && actor !== lastSeat) {
            lastSeat = actor;
            // your own move replaying: the others are next, whoever played before
            status(actor === HUMAN ? t("status_waiting") : t("status_seat_playing", { seat: seatName(actor) }), { quiet: true });
          }
        }
        const before = model;
        model = modelFromView(step.view);
        // the To play badge on the seat the status names: the one whose move this is
        const mover = step.events.map(actorOf).filter((s) => s !== null && s !== undefined).pop();
        if (mover !== undefined) model.active = mover;
        model.fresh = freshOf(before, model, mover);
        renderBoard(model, null);
      });
      if (state.game.news) for (const e of step.events) state.game.news(e, ctx);
    }
  }
  if (gen !== state.generation) return;
  const wasOver = state.view.over;
  state.view = next;
  // Skip lasts until you are asked again, over however many views the others' moves come in
  if (next.over || next.legal_actions.length) state.skipping = false;
  keepReadersPlace(() => renderFinal(next));
  if (next.over && !wasOver) {
    const focusInTable = root.contains(document.activeElement) || document.activeElement === document.body;
    if (focusInTable) {
      els.result.focus({ preventScroll: true });
      // its title first: a focus scroll would show the sheet's end when it is taller than
      // the screen (a phone), with the title above it
      const box = els.result.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) {
        els.result.scrollIntoView({ block: "start", behavior: reducedMotion.matches ? "instant" : "smooth" });
      }
    }
  }
}
