// @ts-check
// The table's `data-state` (idle, animating, waiting, your-turn, over: tests wait on it), the
// status line and the notices under it.

import { root, els } from "./dom.js";
import { state } from "./state.js";
import { renderHintButton } from "./hint.js";

/** @param {"idle" | "animating" | "waiting" | "your-turn" | "over"} next */
export function setState(next) {
  root.dataset.state = next;
  renderHintButton();
}

/**
 * One notice at a time, in one of two fixed live regions (a region's role is not switched:
 * screen readers follow that unreliably). A refusal or an error is an alert, read out at once;
 * `polite` news of the deal (a move the rules made for you, a card gone stale) is a status,
 * read out after what is being read.
 * @param {string} text
 * @param {{ sticky?: boolean, polite?: boolean }} [options]
 */
export function notice(text, { sticky = false, polite = false } = {}) {
  clearTimeout(state.noticeTimer);
  state.noticeSticky = !!text && sticky;
  holdHand(() => {
    for (const el of [els.notice, els.news]) {
      const mine = !!text && el === (polite ? els.news : els.notice);
      if (el.textContent !== (mine ? text : "")) el.textContent = mine ? text : "";
      el.hidden = !mine;
    }
  });
  if (text && !sticky) state.noticeTimer = setTimeout(() => notice(""), 6000);
}

// How far below the screen's top a decision's prompt is scrolled (bringDecisionIntoView).
export const PROMPT_MARGIN = 8;

/** What holdHand could not scroll: how far the hand sits below where it was, and the scroll
 * it left the page at (once anything else scrolls, the debt is void). */
const owed = { px: 0, scrollY: NaN };

/**
 * A notice or a hint comes and goes above the answers (a refused tap, say): the page scrolls
 * with it so that the hand on the screen stays under the finger, not jump down and back up;
 * but never so far that the prompt's top, and the notice in it, leaves the screen (a phone's
 * decision is often scrolled to just below the prompt). There the hand moves down what it
 * must, and comes back to where it was when the notice goes.
 * @param {() => void} change
 */
export function holdHand(change) {
  const area = els.handArea;
  const box = area ? area.getBoundingClientRect() : null;
  const prompt = els.controls ? els.controls.getBoundingClientRect().top : -Infinity;
  const debt = window.scrollY === owed.scrollY ? owed.px : 0;
  change();
  if (!box || box.top >= window.innerHeight || box.bottom <= 0) return;
  const shift = area.getBoundingClientRect().top - box.top;
  if (Math.abs(shift) <= 1) return; // nothing came or went (a hint line cleared again): still owed
  const moved = shift + debt;
  // scrolling down lifts the prompt too: only as far as what is kept on the screen may go
  const kept = keptTop(prompt);
  const by = moved > 0 && kept >= 0 ? Math.min(moved, Math.max(0, kept - PROMPT_MARGIN)) : moved;
  const from = window.scrollY;
  if (Math.abs(by) > 1) window.scrollBy({ top: by, behavior: "instant" });
  const left = moved - (window.scrollY - from);
  owed.px = left > 1 ? left : 0;
  owed.scrollY = window.scrollY;
}

/**
 * The top of what holdHand keeps on the screen: the prompt's; or, the prompt's top already
 * scrolled above the screen, the highest of its lines just shown that is on it.
 * @param {number} prompt  the prompt's top
 */
function keptTop(prompt) {
  if (prompt >= 0) return prompt;
  const tops = [els.notice, els.news, els.hintLine]
    .filter((el) => el && !el.hidden && el.textContent !== "")
    .map((el) => el.getBoundingClientRect().top)
    .filter((top) => top >= 0);
  return tops.length ? Math.min(...tops) : -Infinity;
}

/**
 * The status line. `quiet`: shown but not announced ("AI 2 is playing…" at every replayed move
 * would bury the log's lines, which say what was played); your decision and the end are
 * announced.
 * @param {string} text
 * @param {{ quiet?: boolean }} [options]
 */
export function status(text, { quiet = false } = {}) {
  els.status.setAttribute("aria-live", quiet ? "off" : "polite");
  els.status.hidden = false; // renderFinal hides it under an end sheet that says the same
  if (els.status.textContent !== text) els.status.textContent = text;
}
