// @ts-check
// The table's `data-state` (idle, animating, waiting, your-turn, over: tests wait on it), the
// status line and the notices under it.

import { root, els } from "./dom.js";
import { state } from "./state.js";
import { renderHintButton } from "./hint.js";
import { holdHand } from "./scroll.js";

/** @param {"idle" | "animating" | "waiting" | "your-turn" | "over"} next */
export function setState(next) {
  root.dataset.state = next;
  renderHintButton();
}

/**
 * One notice at a time, in one of two fixed live regions (a region's role is not switched:
 * screen readers follow that unreliably). A refusal or an error is an alert, read out at once;
 * `polite` news of the deal (a move the rules made for you, a card gone stale) is a status,
 * read out after what is being read; `quiet` news is shown but not read out, where the log
 * line just added says the same (a screen reader heard it twice, accessibility audit).
 * A passing notice goes after 6 s, or `lasts` ms.
 * @param {string} text
 * @param {{ sticky?: boolean, polite?: boolean, quiet?: boolean, lasts?: number }} [options]
 */
export function notice(text, { sticky = false, polite = false, quiet = false, lasts = 6000 } = {}) {
  clearTimeout(state.noticeTimer);
  els.news.setAttribute("aria-live", polite && quiet ? "off" : "polite");
  state.noticeSticky = !!text && sticky;
  holdHand(() => {
    for (const el of [els.notice, els.news]) {
      const mine = !!text && el === (polite ? els.news : els.notice);
      if (el.textContent !== (mine ? text : "")) el.textContent = mine ? text : "";
      el.hidden = !mine;
    }
  });
  floatNotice();
  if (text && !sticky) state.noticeTimer = setTimeout(() => notice(""), lasts);
}

/**
 * A refusal, or a card raised by a first tap (and how to play it: its Discard button is in
 * the prompt), answers a tap on the hand; on a phone held sideways the hand is brought up
 * whole and the prompt, with the notice and that hint in it, lies above the screen: there a
 * copy floats at the screen's top, until the text goes or comes onto the screen (usability
 * walk: a raised card's Play button was out of sight, and nothing said to tap again). Only
 * these: they answer a tap where the player looks (an error waits in the prompt, and a copy
 * would cover the log a player went down to read). The copy is hidden from screen readers,
 * which read the notice itself (an alert) once.
 */
export function floatNotice() {
  const float = els.noticeFloat;
  const refusal = els.notice.hidden ? "" : els.notice.textContent || "";
  const [source, text] =
    refusal !== "" && refusal === state.refusal
      ? [els.notice, refusal]
      : state.raised && els.hint.textContent
        ? [els.hint, els.hint.textContent]
        : [null, ""];
  /** Not drawn, or less than half of it on the screen (a sliver of a button is no button).
   * @param {Element | null} el */
  const away = (el) => {
    const box = el && el.getBoundingClientRect();
    return !box || !box.height || Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0) < box.height / 2;
  };
  // a raised card's line, only while its Discard button is out of sight too
  const shown = source !== null && away(source) && (source !== els.hint || away(els.actions.querySelector("[data-testid=play-raised]")));
  if (float.textContent !== (shown ? text : "")) float.textContent = shown ? text : "";
  float.hidden = !shown;
}

// the notice or the hint coming onto the screen or leaving it, by a scroll or the table moving;
// and a raised card's Discard button, by a scroll (it is drawn anew at every change)
if (root) {
  const watch = new IntersectionObserver(() => floatNotice());
  watch.observe(els.notice);
  watch.observe(els.hint);
  window.addEventListener("scroll", () => state.raised && floatNotice(), { passive: true });
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
