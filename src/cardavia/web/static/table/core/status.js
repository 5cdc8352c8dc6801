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

/** A decision's smooth scroll under way (scrollDecision): where it is going, and until when it
 * may still be going there. */
const glide = { to: NaN, until: 0 };
const endGlide = () => {
  glide.to = NaN;
};
// a player's own scroll stops it; so does its end (where the browser says so)
for (const type of ["scrollend", "wheel", "touchstart", "pointerdown"]) {
  window.addEventListener(type, endGlide, { passive: true });
}
const GLIDE_MS = 2000; // well over a smooth scroll's length in any browser

/**
 * Scroll the page by `by` to show a decision (bringDecisionIntoView). A smooth scroll is
 * remembered while it runs: a notice coming meanwhile is placed against where the page is
 * going, not cut short where it is.
 * @param {number} by
 * @param {boolean} smooth
 */
export function scrollDecision(by, smooth) {
  endGlide();
  if (smooth) {
    glide.to = Math.min(window.scrollY + by, maxScrollY());
    glide.until = performance.now() + GLIDE_MS;
  }
  window.scrollBy({ top: by, behavior: smooth ? "smooth" : "instant" });
}

function maxScrollY() {
  return Math.max(0, document.documentElement.scrollHeight - window.innerHeight);
}

/** Where a smooth decision scroll under way is going, or null. */
function gliding() {
  const going = !Number.isNaN(glide.to) && performance.now() < glide.until && Math.abs(window.scrollY - glide.to) > 1;
  if (!going) endGlide();
  return going ? glide.to : null;
}

/**
 * A notice or a hint comes and goes above the answers (a refused tap, say): the page scrolls
 * with it so that the hand on the screen stays under the finger, not jump down and back up;
 * but never so far that the prompt's top, and the notice in it, leaves the screen (a phone's
 * decision is often scrolled to just below the prompt). There the hand moves down what it
 * must, and comes back to where it was when the notice goes. While a decision's smooth scroll
 * runs, all this is reckoned at where it is going, and it goes on there, moved as needed.
 * @param {() => void} change
 */
export function holdHand(change) {
  const area = els.handArea;
  const going = gliding();
  const at = going ?? window.scrollY; // where the page is, or is going
  const ahead = at - window.scrollY; // how far the page has still to go
  const box = area ? area.getBoundingClientRect() : null;
  const prompt = (els.controls ? els.controls.getBoundingClientRect().top : -Infinity) - ahead;
  const debt = Math.abs(at - owed.scrollY) < 1 ? owed.px : 0; // (a glide ends within a pixel)
  change();
  if (!box || box.top - ahead >= window.innerHeight || box.bottom - ahead <= 0) return;
  const shift = area.getBoundingClientRect().top - box.top;
  if (Math.abs(shift) <= 1) return; // nothing came or went (a hint line cleared again): still owed
  const moved = shift + debt;
  // scrolling down lifts the prompt too: only as far as what is kept on the screen may go
  const kept = keptTop(prompt, ahead);
  const by = moved > 0 && kept >= 0 ? Math.min(moved, Math.max(0, kept - PROMPT_MARGIN)) : moved;
  let to = at;
  if (going !== null) {
    to = Math.min(Math.max(0, at + by), maxScrollY());
    glide.to = to;
    window.scrollTo({ top: to, behavior: "smooth" });
  } else {
    if (Math.abs(by) > 1) window.scrollBy({ top: by, behavior: "instant" });
    to = window.scrollY;
  }
  const left = moved - (to - at);
  owed.px = left > 1 ? left : 0;
  owed.scrollY = to;
}

/**
 * The top of what holdHand keeps on the screen: the prompt's; or, the prompt's top already
 * scrolled above the screen, the highest of its lines just shown that is on it.
 * @param {number} prompt  the prompt's top, where the page is going
 * @param {number} ahead  how far the page has still to go
 */
function keptTop(prompt, ahead) {
  if (prompt >= 0) return prompt;
  const tops = [els.notice, els.news, els.hintLine]
    .filter((el) => el && !el.hidden && el.textContent !== "")
    .map((el) => el.getBoundingClientRect().top - ahead)
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
