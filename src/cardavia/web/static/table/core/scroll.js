// @ts-check
// How the page scrolls about your decision on a phone, where the seats and the centre fill the
// screen above your prompt and hand: the decision brought into view (present.js), smoothly or
// not; a notice or hint coming above your hand (holdHand); and whether the page is where the
// table left it, or where the player took it.

import { els } from "./dom.js";

// How far below the screen's top a decision's prompt is scrolled (bringDecisionIntoView).
export const PROMPT_MARGIN = 8;

/** Where the table last left the page for your decision (bringDecisionIntoView, holdHand,
 * revealFocus); NaN before the first. Anywhere else, the player took it. */
const placed = { y: NaN };

/** Where the page is, or is going (a decision's smooth scroll under way). */
function destination() {
  return window.scrollY + scrollAhead();
}

/** Whether the page is not where the table left it (or is sending it): the player scrolled. */
export function scrolledByPlayer() {
  return !(Math.abs(destination() - placed.y) <= 1);
}

/** The page is where the table means it to be (a scroll of its own just ended there). */
export function markPlaced() {
  placed.y = destination();
}

/** The page is the player's (a reader held where they are): a later scroll of the table's
 * own that happens to end where it last left the page does not make it the table's again. */
export function forgetPlaced() {
  placed.y = NaN;
}

/** What holdHand could not scroll: how far the hand sits below where it was, and the scroll
 * it left the page at, or sent it to (once the page is a pixel from there, the debt is void). */
const owed = { px: 0, scrollY: NaN };

/** A decision's smooth scroll under way (scrollDecision): where it is going, and until when it
 * may still be going there (a browser without `scrollend` does not say when it stopped). */
const glide = { to: NaN, until: 0, y: NaN, still: 0, watched: false };
const GLIDE_MS = 2000; // longer than a smooth scroll usually takes
// A smooth scroll moves the page every frame: still for this many frames, it has stopped (cut
// short by an instant scroll, a jump to the log, a scrollbar: none of which the events below
// tell). Taken for still going, it held off the next decision's scroll ("there, or going
// there") and the page stayed where the other scroll left it. Counted in frames, not time: a
// busy page draws no frame, and its glide, which goes on meanwhile, is not taken for stopped.
const GLIDE_STILL_FRAMES = 8;
const endGlide = () => {
  glide.to = NaN;
};
function watchGlide() {
  if (Number.isNaN(glide.to)) {
    glide.watched = false;
    return;
  }
  if (window.scrollY === glide.y) glide.still++;
  else [glide.y, glide.still] = [window.scrollY, 0];
  requestAnimationFrame(watchGlide);
}
// it ends, or the player scrolls: by wheel, finger or key (not a tap, which does not stop it)
for (const type of ["scrollend", "wheel", "touchmove"]) window.addEventListener(type, endGlide, { passive: true });
const SCROLL_KEYS = new Set([" ", "PageUp", "PageDown", "Home", "End", "ArrowUp", "ArrowDown"]);
window.addEventListener("keydown", (e) => {
  if (!e.defaultPrevented && SCROLL_KEYS.has(e.key)) endGlide();
});

/**
 * Scroll the page to `to` (clamped) to show a decision. A smooth scroll is remembered while
 * it runs: what comes meanwhile (a notice, the focus) is placed against where the page is
 * going, and the scroll goes on there, not cut short where it is.
 * @param {number} to
 * @param {boolean} smooth
 */
export function scrollDecision(to, smooth) {
  const top = Math.min(Math.max(0, to), maxScrollY());
  placed.y = top;
  // Already there (and no glide elsewhere under way): nothing to do. Going there is not enough:
  // a glide cut short before its first frame looks the same as one about to move (the frame
  // count below is slow to tell on a busy machine), and asking again for a scroll to where one
  // is going costs nothing.
  if (Math.abs(top - window.scrollY) <= 1 && scrollAhead() === 0) return;
  glide.to = smooth ? top : NaN;
  glide.until = performance.now() + GLIDE_MS;
  [glide.y, glide.still] = [window.scrollY, 0];
  if (smooth && !glide.watched) {
    glide.watched = true;
    requestAnimationFrame(watchGlide);
  }
  window.scrollTo({ top, behavior: smooth ? "smooth" : "instant" });
}

function maxScrollY() {
  return Math.max(0, document.documentElement.scrollHeight - document.documentElement.clientHeight);
}

/** How far the page has still to go to where a decision's smooth scroll takes it; 0 if none
 * is under way. */
export function scrollAhead() {
  const going =
    !Number.isNaN(glide.to) &&
    performance.now() < glide.until &&
    glide.still < GLIDE_STILL_FRAMES &&
    Math.abs(window.scrollY - glide.to) > 1;
  if (!going) endGlide();
  return going ? glide.to - window.scrollY : 0;
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
  const ahead = scrollAhead();
  const at = window.scrollY + ahead; // where the page is, or is going
  const box = area ? area.getBoundingClientRect() : null;
  const prompt = (els.controls ? els.controls.getBoundingClientRect().top : -Infinity) - ahead;
  const debt = Math.abs(at - owed.scrollY) < 1 ? owed.px : 0; // (within a pixel: a glide's end)
  const wasPlaced = !scrolledByPlayer();
  change();
  if (!box || box.top - ahead >= window.innerHeight || box.bottom - ahead <= 0) return;
  const shift = area.getBoundingClientRect().top - box.top;
  if (Math.abs(shift) <= 1) return; // nothing came or went (a hint line cleared again): still owed
  const moved = shift + debt;
  // scrolling down lifts the prompt too: only as far as what is kept on the screen may go
  const kept = keptTop(prompt, ahead);
  const by = moved > 0 && kept >= 0 ? Math.min(moved, Math.max(0, kept - PROMPT_MARGIN)) : moved;
  let to = at;
  if (ahead) {
    if (Math.abs(by) > 1) scrollDecision(at + by, true); // on to where it was going, moved
    to = glide.to;
  } else {
    if (Math.abs(by) > 1) window.scrollBy({ top: by, behavior: "instant" });
    to = window.scrollY;
  }
  const left = moved - (to - at);
  owed.px = left > 1 ? left : 0;
  owed.scrollY = to;
  if (wasPlaced) placed.y = to;
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
