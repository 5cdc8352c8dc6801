// @ts-check
// The review on the replay page (architecture.md §8, docs/api.md "Review"): for a deal this
// browser played (it holds the seat token), the agreement rate with the hard level, the
// mistakes to jump to, and at each step a mark on your decision in it: agreed, a different
// choice (not flagged), or a mistake (flagged), which says why in the game's own terms and what
// the hard level would have played, in words and pictures. "Try it again" at a mistake draws
// the position before the decision as you saw it (your own cards only) with your choices then,
// as the table offers them (the plugin's buttons and hand cards), hides the answer, lets you
// choose, then tells whether that was the hard level's move (or your original) and shows it.
//
// The server says everything: the review (GET …/review, polled while it is 202) and each
// decision's position and choices (GET …/review/{step}); nothing here works out a rule. The
// review names a decision by its index in the record's actions; the replay step that took it
// holds that index in `steps[i].actions`, and the position before it is step i - 1's.

import { root, els, h } from "../core/dom.js";
import { config, t, tn, tNodes, sentences, cardsText, SEATS, said } from "../core/strings.js";
import { state, tokenFor, HUMAN, keyShortcuts } from "../core/state.js";
import { ctx } from "../core/ctx.js";
import { renderSeat } from "../core/seats.js";
import { raisedOnly, renderHand, setRoving } from "../core/hand.js";
import { renderActions, refreshChoices, refuse, namesOf } from "../core/actions.js";
import { actionNode } from "../core/hint.js";
import { status } from "../core/status.js";

/** @typedef {import("../core/types.js").View} View */
/** @typedef {import("../core/types.js").DisplayModel} DisplayModel */
/** @typedef {import("../core/types.js").ButtonSpec} ButtonSpec */
/** @typedef {{ key: string, n: number | null, params?: Record<string, any> }} Sentence */
/**
 * @typedef {object} Mistake
 * @property {number} step      the decision's index in the record's actions
 * @property {string} played
 * @property {string} better    the hard level's move
 * @property {Sentence[]} reason
 */
/**
 * @typedef {object} Review
 * @property {number} seat
 * @property {number} decisions
 * @property {number} agreed
 * @property {{ step: number, played: string, hard: string }[]} moves
 * @property {Mistake[]} mistakes
 */
/**
 * A decision's position, as its seat saw it (GET /api/games/{id}/review/{step}).
 * @typedef {object} Position
 * @property {number} step
 * @property {number} seat
 * @property {Record<string, any>} table
 * @property {string[]} legal_actions
 * @property {Record<string, any>} action_facts
 */
/**
 * What the replay page lends the review.
 * @typedef {object} Host
 * @property {() => { id: string | null, seat: number | null, steps: { actions: number[] }[] } | null} replay
 * @property {(i: number) => View} viewAt
 * @property {(v: View) => DisplayModel} modelOf
 * @property {(i: number, options?: { announce?: boolean }) => void} go
 * @property {(i: number) => string} stepUrl
 * @property {(i: number) => void} markLog   the log as at step i
 * @property {() => number} at
 */

const POLL_MIN_S = 1;
const POLL_MAX_S = 15;
const NETWORK_TRIES = 5;
// A review whose search failed is made again when asked for (503 review_failed, Retry-After
// 60): the page asks again after that wait, this many times, before it says it failed.
const REMAKE_TRIES = 2;
// Still being made this long after the page first asked: say that many reviews are queued,
// rather than repeat "within a minute of the deal's end" (usability walk: 15 minutes of it)
const PENDING_LONG_MS = 60_000;

const panel = /** @type {HTMLElement} */ (document.querySelector("[data-role=review]"));
const summary = /** @type {HTMLElement} */ (panel.querySelector("[data-role=review-summary]"));
const mistakesNav = /** @type {HTMLElement} */ (panel.querySelector("[data-role=review-mistakes]"));
const mark = /** @type {HTMLElement} */ (document.querySelector("[data-role=review-mark]"));

/** @type {Host} */
let host;
/** @type {Review | null} */
let review = null;
let generation = 0;
/** @type {number | null} when the page first heard (202) this deal's review was being made */
let pendingSince = null;
/** @type {Map<number, Promise<Position | null>>} decision positions by record index */
let positions = new Map();
/** @type {Map<number, ButtonSpec[]>} */
let specsByStep = new Map();
/**
 * "Try it again" under way: the replay step of the mistake (`i`), the mistake, its position,
 * and once made, your new choice.
 * @type {{ i: number, mistake: Mistake, position: Position, view: View, chosen: string | null } | null}
 */
let trying = null;

/** @param {Host} lent */
export function initReview(lent) {
  host = lent;
  listen();
}

/** A try is shown and you have not chosen yet. */
export const isAwaitingChoice = () => trying !== null && !trying.chosen;

// ------------------------------------------------------------------ the review itself

/** A replay was shown: fetch its review, if this browser played it. */
export function startReview() {
  generation += 1;
  pendingSince = null;
  review = null;
  positions = new Map();
  specsByStep = new Map();
  leaveTry();
  const replay = host.replay();
  mistakesNav.hidden = true;
  if (!replay || !replay.id) {
    panel.hidden = true; // a record opened here: no seat, no review (`cardavia review` does it)
    return;
  }
  panel.hidden = false;
  // the history's Review link (…/replay/{id}#review): the panel was hidden when the page opened
  if (window.location.hash === "#review") panel.scrollIntoView({ block: "start" });
  const token = tokenFor(replay.id);
  if (!token || replay.seat === null) {
    say(t("rv_not_yours"), "not-yours");
    return;
  }
  say(t("rv_loading"), "loading");
  fetchReview(replay.id, token, generation, 0);
}

/**
 * @param {string} text
 * @param {string} kind  data-status, for styles and tests
 */
function say(text, kind) {
  // written only when it changes: a live region read again at every poll (every 3 s) otherwise
  if (summary.textContent !== text) summary.textContent = text;
  panel.dataset.status = kind;
}

/**
 * @param {string} id
 * @param {string} token
 * @param {number} gen
 * @param {number} failures  network failures so far
 * @param {number} [remakes]  asks after a `review_failed` so far
 */
async function fetchReview(id, token, gen, failures, remakes = 0) {
  if (gen !== generation) return; // a timer of a deal no longer shown: ask nothing
  let res = null;
  try {
    res = await fetch(`${config.api}/${encodeURIComponent(id)}/review`, {
      headers: { Accept: "application/json", Authorization: `Bearer ${token}` },
      cache: "no-store",
    });
  } catch {
    res = null;
  }
  if (gen !== generation) return;
  const data = res ? await res.json().catch(() => null) : null;
  if (gen !== generation) return;
  if (res && res.status === 200 && data) {
    review = /** @type {Review} */ (data);
    showReview();
    return;
  }
  if (res && res.status === 202) {
    // being made (within a minute of the deal's end): ask again when the server says; past a
    // minute of asking, the promise of a minute is not repeated (a queue of many reviews)
    if (pendingSince === null) pendingSince = performance.now();
    say(t(performance.now() - pendingSince > PENDING_LONG_MS ? "rv_pending_long" : "rv_pending"), "pending");
    const after = Number(res.headers.get("Retry-After") || (data && data.retry_after) || 3);
    const wait = Math.min(POLL_MAX_S, Math.max(POLL_MIN_S, Number.isFinite(after) ? after : 3));
    setTimeout(() => fetchReview(id, token, gen, failures, remakes), wait * 1000);
    return;
  }
  if (res && res.status === 429 && data && data.error && data.error.code === "too_many_reviews") {
    // this address's other reviews are made first (web/limits.py): ask again when one may be
    say(t("rv_queued"), "pending");
    const after = Number(res.headers.get("Retry-After"));
    setTimeout(() => fetchReview(id, token, gen, failures, remakes), (Number.isFinite(after) && after > 0 ? after : 30) * 1000);
    return;
  }
  if (res && res.status === 403) {
    say(t("rv_not_yours"), "not-yours"); // a token this deal does not know (its store replaced)
    return;
  }
  const code = res && res.status === 503 && data && data.error ? data.error.code : null;
  if (code === "review_failed" && remakes < REMAKE_TRIES) {
    // the server queued it again: ask when it says (not sooner: the search takes that long)
    say(t("rv_remaking"), "pending");
    pendingSince = null; // made again: its minute starts afresh
    const after = Number(res && res.headers.get("Retry-After"));
    const wait = Number.isFinite(after) && after > 0 ? after : 60;
    setTimeout(() => fetchReview(id, token, gen, failures, remakes + 1), wait * 1000);
    return;
  }
  // no answer, or the store could not read it for a moment: ask again soon
  const transient = !res || code === "store_unavailable";
  if (transient && failures + 1 < NETWORK_TRIES) {
    setTimeout(() => fetchReview(id, token, gen, failures + 1, remakes), 3000);
    return;
  }
  say(t("rv_failed"), "failed");
}

/** The replay step that took record action `k` (-1 if none). @param {number} k */
function stepOf(k) {
  const replay = host.replay();
  return replay ? replay.steps.findIndex((s) => s.actions.includes(k)) : -1;
}

function showReview() {
  if (!review) return;
  const n = review.decisions;
  const rate = n
    ? tn("rv_rate", n, { agreed: review.agreed, percent: Math.round((100 * review.agreed) / n) })
    : t("rv_no_decisions");
  const count = review.mistakes.length;
  say(n ? sentences(rate, count ? tn("rv_mistake_count", count) : t("rv_no_mistakes")) : rate, "ready");
  panel.dataset.mistakes = String(count);
  const links = review.mistakes
    .map((m) => stepOf(m.step))
    .filter((i) => i > 0)
    .map((i) =>
      h(
        "li",
        {},
        h(
          "a",
          { class: "review-jump", href: host.stepUrl(i), "data-step": i, "data-testid": "review-jump" },
          h("span", { class: "review-flag", "aria-hidden": "true" }, "✗"),
          t("rv_mistake_at", { step: i }),
        ),
      ),
    );
  mistakesNav.replaceChildren(
    ...(links.length ? [h("span", { class: "review-jump-label" }, t("rv_jump")), h("ol", { class: "review-jumps" }, links)] : []),
  );
  mistakesNav.hidden = !links.length;
  markStep(host.at());
}

// ------------------------------------------------------------------ naming moves

/**
 * The position of decision `k`, fetched once (null: it could not be had).
 * @param {number} k
 * @returns {Promise<Position | null>}
 */
function positionOf(k) {
  const replay = host.replay();
  const token = replay && replay.id ? tokenFor(replay.id) : null;
  if (!replay || !replay.id || !token) return Promise.resolve(null);
  let found = positions.get(k);
  if (!found) {
    const url = `${config.api}/${encodeURIComponent(replay.id)}/review/${k}`;
    found = fetch(url, { headers: { Accept: "application/json", Authorization: `Bearer ${token}` }, cache: "no-store" })
      .then((res) => (res.ok ? res.json() : null))
      .catch(() => null);
    positions.set(k, found);
    found.then((p) => p || positions.delete(k)); // a failure is asked again next time
  }
  return found;
}

/**
 * The view the table had at decision `k` for its seat: the log up to the step before, the
 * seat's own table and its choices then.
 * @param {Position} position
 * @param {number} i  the replay step that took the decision
 * @returns {View}
 */
function viewOf(position, i) {
  const before = host.viewAt(Math.max(0, i - 1));
  return /** @type {View} */ ({
    ...before,
    seat: position.seat,
    table: position.table,
    to_act: [position.seat],
    legal_actions: position.legal_actions,
    action_facts: position.action_facts,
    over: false,
    result: null,
  });
}

/**
 * The buttons the table offered at decision `k`, with nothing selected: what names its moves.
 * @param {Position} position
 * @param {number} i
 */
function specsOf(position, i) {
  let specs = specsByStep.get(position.step);
  if (!specs) {
    const kept = state.selected;
    state.selected = new Set();
    try {
      specs = state.game.actionButtons(viewOf(position, i), ctx).buttons || [];
    } finally {
      state.selected = kept;
    }
    specsByStep.set(position.step, specs);
  }
  return specs;
}

/**
 * A move as the table names it (its button's name and cards, or "Discard" and the card), its
 * cards in words too where the button shows them in pictures only (Paohuzi's claims).
 * @param {string} action
 * @param {ButtonSpec[]} specs
 */
function moveNode(action, specs) {
  const node = actionNode(action, specs);
  const spec = specs.find((s) => s.action === action);
  if (spec && !namesOf(spec)) {
    const codes = /** @type {HTMLElement[]} */ ([...node.querySelectorAll(".hint-cards [data-code]")]).map((c) => c.dataset.code);
    // screen readers have the button's full name already
    if (codes.length) node.append(h("span", { "aria-hidden": "true" }, ` · ${cardsText(codes)}`));
  }
  return node;
}

/** A sentence of the hint's (`why_…`), about the hard level's move alone. @param {Sentence} w */
const isWhy = (w) => w.key.startsWith("why_");

/** What speaks for the hard level's move, in the game's own terms (the hint's sentences): said
 * under that move, as its "this card" is that move's (under your move it read as praise of
 * yours, usability walk). @param {Mistake} m */
const whyOf = (m) => sentences(...(m.reason || []).filter(isWhy).map(said));

/** The rest of the reason: what your move cost, the win shares, a comparison of the two.
 * @param {Mistake} m */
const reasonOf = (m) => sentences(...(m.reason || []).filter((w) => !isWhy(w)).map(said));

/** The hard level's move named, and (if the review says) what speaks for it.
 * @param {Mistake} m
 * @param {Node} action */
const betterLines = (m, action) => {
  const why = whyOf(m);
  return [
    h("p", { class: "review-line", "data-testid": "review-better" }, ...tNodes("rv_better", { action })),
    why ? h("p", { class: "review-line review-why", "data-testid": "review-why" }, why) : null,
  ];
};

// ------------------------------------------------------------------ the mark of a step

/** The step a mistake's jump went to, until its mark is drawn whole. @type {number | null} */
let jumpedTo = null;

/**
 * The review's verdict on your decisions in replay step i, under the steps' controls.
 * @param {number} i
 */
export function markStep(i) {
  const replay = host.replay();
  if (!replay || !review || trying) {
    if (!trying) mark.hidden = true;
    return;
  }
  markJumps(i);
  const taken = replay.steps[i] ? replay.steps[i].actions : [];
  mark.dataset.actions = taken.join(" ");
  const moves = review.moves.filter((m) => taken.includes(m.step));
  if (!moves.length) {
    mark.hidden = true;
    mark.replaceChildren();
    delete mark.dataset.verdict;
    return;
  }
  const parts = moves.map((move) => {
    const mistake = review.mistakes.find((m) => m.step === move.step) || null;
    const verdict = mistake ? "mistake" : move.played === move.hard ? "agreed" : "different";
    const box = h("div", { class: "review-verdict", "data-verdict": verdict, "data-testid": "review-verdict" });
    fillVerdict(box, i, move, mistake, null);
    if (verdict !== "agreed") {
      positionOf(move.step).then((position) => {
        if (!position || !box.isConnected || trying) return;
        fillVerdict(box, i, move, mistake, position);
        // the mark a jump brought into view grew (the moves drawn, Try it again): all of it
        // into view again, or its button stays under a phone's steps bar (usability walk);
        // not at a step reached otherwise (a swipe watching the felt keeps the page still)
        if (jumpedTo !== i) return;
        jumpedTo = null;
        if (document.activeElement === mark) mark.scrollIntoView({ block: "nearest" });
      });
    }
    return box;
  });
  mark.dataset.verdict = parts.map((p) => p.dataset.verdict).join(" ");
  mark.replaceChildren(...parts);
  mark.hidden = false;
}

/**
 * @param {HTMLElement} box
 * @param {number} i
 * @param {{ step: number, played: string, hard: string }} move
 * @param {Mistake | null} mistake
 * @param {Position | null} position  known: the moves are named as the table named them
 */
function fillVerdict(box, i, move, mistake, position) {
  const specs = position ? specsOf(position, i) : null;
  /** @param {string} action */
  const named = (action) => (specs ? moveNode(action, specs) : h("span", { class: "hint-action" }, "…"));
  const icon = { mistake: "✗", agreed: "✓", different: "≈" }[box.dataset.verdict];
  /** @type {(string | Node | null)[]} */
  const lines = [];
  if (!mistake && move.played === move.hard) {
    lines.push(h("p", { class: "review-line" }, t("rv_agreed")));
  } else if (!mistake) {
    lines.push(h("p", { class: "review-line" }, ...tNodes("rv_different", { action: named(move.hard) })));
  } else {
    // your move just above the reason, whose "It cost…, yours…" is about it
    lines.push(
      h("p", { class: "review-line review-line-flag" }, h("strong", {}, t("rv_mistake"))),
      ...betterLines(mistake, named(mistake.better)),
      h("p", { class: "review-line", "data-testid": "review-played" }, ...tNodes("rv_you_played", { action: named(move.played) })),
      h("p", { class: "review-line review-reason", "data-testid": "review-reason" }, reasonOf(mistake)),
    );
    // your choices again: the bottom seat's (yours on this page), once they are known
    if (position && HUMAN === position.seat) {
      lines.push(
        h(
          "p",
          { class: "review-line" },
          h(
            "button",
            { type: "button", class: "button button-primary", "data-testid": "review-try", onclick: () => tryAgain(i, mistake) },
            t("rv_try"),
          ),
        ),
      );
    }
  }
  box.replaceChildren(h("span", { class: "review-icon", "aria-hidden": "true" }, icon), h("div", { class: "review-text" }, ...lines));
}

/** The jump link of the mistake shown, marked. @param {number} i */
function markJumps(i) {
  for (const a of /** @type {HTMLElement[]} */ ([...mistakesNav.querySelectorAll("a[data-step]")])) {
    if (Number(a.dataset.step) === i) a.setAttribute("aria-current", "step");
    else a.removeAttribute("aria-current");
  }
}

// ------------------------------------------------------------------ try it again

/**
 * The position before mistake `mistake` (replay step i), your choices then, the answer hidden.
 * @param {number} i
 * @param {Mistake} mistake
 */
async function tryAgain(i, mistake) {
  const position = await positionOf(mistake.step);
  if (!position || host.at() !== i) return;
  trying = { i, mistake, position, view: viewOf(position, i), chosen: null };
  state.selected = new Set();
  state.raised = null;
  state.handFocus = 0;
  root.dataset.trying = "true";
  els.hand.replaceChildren(); // spans until now: buttons from here on (patchChildren keeps tags)
  els.hand.setAttribute("role", "toolbar"); // as at the table: your cards to choose from
  drawTry();
  status(t("rv_try_status"));
  const first = /** @type {HTMLElement | null} */ (els.hand.querySelector('button.hand-card[aria-disabled="false"]') || els.actions.querySelector("button.action"));
  if (first) focusInView(first);
}

/**
 * Focus a control and bring it into view by the least scroll (a phone's page is long: the
 * first choice lay above the screen, accessibility audit).
 * @param {HTMLElement} el
 */
function focusInView(el) {
  el.focus({ preventScroll: true });
  el.scrollIntoView({ block: "nearest" });
}

/** Leave "try it again" for the replay at its step, the focus on the mistake's mark, whose
 * verdict is read and whose Try it again is the next Tab (the focus was left on the page's body
 * when the focused choice went, accessibility audit). */
function backToReplay() {
  if (!trying) return;
  host.go(trying.i);
  focusInView(mark);
}

/** The position, your choices (or, once chosen, the answer) and what the mark says. */
function drawTry() {
  if (!trying) return;
  const v = trying.view;
  state.view = v;
  const model = host.modelOf(v);
  state.shownModel = model;
  for (let seat = 0; seat < SEATS.length; seat++) renderSeat(model, seat, null);
  if (state.game.renderCentre) state.game.renderCentre(els.centre, model, null, ctx);
  els.result.hidden = true;
  host.markLog(Math.max(0, trying.i - 1)); // the log as it was then: your move not yet in it
  root.dataset.state = trying.chosen ? "replay" : "your-turn";
  renderHand(model, v);
  renderActions(v);
  els.hint.hidden = !!trying.chosen || !els.hint.textContent;
  if (trying.chosen) {
    // the answer: the hard level's move marked where it is offered, your new choice beside it
    for (const el of /** @type {HTMLElement[]} */ ([...root.querySelectorAll("[data-action]")])) {
      el.classList.toggle("is-hinted", el.dataset.action === trying.mistake.better);
      el.classList.toggle("is-chosen", el.dataset.action === trying.chosen);
    }
  }
  drawTryMark();
}

function drawTryMark() {
  if (!trying) return;
  const { mistake, chosen, position } = trying;
  const specs = specsOf(position, trying.i);
  const verdict = !chosen ? null : chosen === mistake.better ? "better" : chosen === mistake.played ? "original" : "other";
  const back = h("button", { type: "button", class: "button", "data-testid": "review-back", onclick: backToReplay }, t("rv_back"));
  /** @type {Node[]} */
  let lines;
  if (!chosen) {
    lines = [
      h("p", { class: "review-line" }, h("strong", {}, t("rv_try"))),
      h("p", { class: "review-line", "data-testid": "review-try-prompt" }, t("rv_try_prompt")),
      h("p", { class: "review-line" }, back),
    ];
  } else {
    const key = { better: "rv_chose_better", original: "rv_chose_original", other: "rv_chose_other" }[verdict];
    const again = h("button", { type: "button", class: "button", "data-testid": "review-again", onclick: () => tryAgain(trying.i, mistake) }, t("rv_again"));
    lines = [
      h("p", { class: "review-line review-outcome", "data-testid": "review-outcome", "data-outcome": verdict }, ...tNodes(key, { action: moveNode(chosen, specs) })),
      ...betterLines(mistake, moveNode(mistake.better, specs)),
      // the reason is about the move made in the deal, not the new choice (which may be the
      // better one: "It cost…, yours 23%" under it read as a contradiction)
      // (chosen again, your move is named in the line above already)
      verdict === "original"
        ? null
        : h("p", { class: "review-line", "data-testid": "review-played" }, ...tNodes("rv_played_in_deal", { action: moveNode(mistake.played, specs) })),
      h("p", { class: "review-line review-reason", "data-testid": "review-reason" }, reasonOf(mistake)),
      h("p", { class: "review-line review-buttons" }, again, " ", back),
    ].filter((line) => line !== null);
  }
  const box = h(
    "div",
    { class: "review-verdict", "data-verdict": chosen ? "answer" : "try", "data-outcome": verdict ?? "", "data-testid": "review-verdict" },
    // a tick only for the hard level's move: a third move is neither judged right nor wrong
    h("span", { class: "review-icon", "aria-hidden": "true" }, { better: "✓", original: "✗", other: "?" }[verdict ?? "other"]),
    h("div", { class: "review-text" }, ...lines),
  );
  mark.dataset.verdict = chosen ? "answer" : "try";
  mark.replaceChildren(box);
  mark.hidden = false;
}

/** @param {string} action */
function choose(action) {
  if (!trying || trying.chosen) return;
  trying.chosen = action;
  state.selected = new Set();
  state.raised = null;
  drawTry();
  const outcome = /** @type {HTMLElement | null} */ (mark.querySelector("[data-testid=review-outcome]"));
  status(outcome ? spoken(outcome) : "");
  const again = /** @type {HTMLElement | null} */ (mark.querySelector("[data-testid=review-again]"));
  if (again) focusInView(again);
}

/**
 * A line's text as a screen reader reads it (a move's pictures and its shown name left out,
 * its full name kept), for the status line.
 * @param {HTMLElement} el
 */
function spoken(el) {
  const copy = /** @type {HTMLElement} */ (el.cloneNode(true));
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent.replace(/\s+/g, " ").trim();
}

/** Back to the replay: called before any step is drawn. */
export function leaveTry() {
  if (!trying) return;
  trying = null;
  delete root.dataset.trying;
  state.selected = new Set();
  state.raised = null;
  els.hand.replaceChildren(); // buttons until now: the replay's spans again
  els.hand.setAttribute("role", "list");
  els.actions.replaceChildren();
  els.actions.hidden = true;
  els.actions.style.minHeight = "";
  els.hint.hidden = true;
  for (const el of root.querySelectorAll(".is-hinted, .is-chosen")) el.classList.remove("is-hinted", "is-chosen");
}

function listen() {
  mistakesNav.addEventListener("click", (event) => {
    const link = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("a[data-step]"));
    if (!link) return;
    event.preventDefault();
    jumpedTo = Number(link.dataset.step);
    host.go(jumpedTo);
    focusInView(mark);
  });
  els.hand.addEventListener("click", (event) => {
    if (!trying || trying.chosen) return;
    const btn = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("button.hand-card"));
    if (!btn) return;
    const index = [...els.hand.children].indexOf(btn);
    if (index >= 0) setRoving(index, false);
    if (btn.getAttribute("aria-disabled") === "true") refuse(btn);
    else if (btn.hasAttribute("aria-pressed")) {
      // a game whose plays are chosen card by card (Chuo Pai): the selection narrows the plays
      if (state.selected.has(index)) state.selected.delete(index);
      else state.selected.add(index);
      refreshChoices();
    } else if (btn.dataset.action) {
      // a first tap raises, as at the table (usability walk: one tap to look gave it away)
      if (!raisedOnly(event, index, btn.dataset.action)) choose(btn.dataset.action);
    } else refuse(btn);
  });
  els.hand.addEventListener("keydown", (event) => {
    if (!trying) return;
    const buttons = /** @type {HTMLElement[]} */ ([...els.hand.querySelectorAll("button.hand-card")]);
    const index = buttons.indexOf(/** @type {HTMLElement} */ (document.activeElement));
    if (index < 0) return;
    /** @type {Record<string, number>} */
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (event.key in moves) setRoving((index + moves[event.key] + buttons.length) % buttons.length);
    else if (event.key === "Home") setRoving(0);
    else if (event.key === "End") setRoving(buttons.length - 1);
    else return;
    event.preventDefault(); // the replay's own arrow keys step only outside your choices
  });
  // the answers' shortcut keys, as at the table (renderActions lists them in state.shortcuts)
  document.addEventListener("keydown", (event) => {
    if (!trying || trying.chosen || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = /** @type {HTMLElement} */ (event.target);
    if (target.closest("input, textarea, select, [contenteditable]")) return;
    if (target !== document.body && !target.closest("main")) return; // not the header's controls
    if (event.key === "Escape") {
      event.preventDefault();
      backToReplay();
      return;
    }
    if (!keyShortcuts.get()) return; // the table's setting (core/actions.js)
    const btn = state.shortcuts.get(event.key.toLowerCase());
    if (!btn) return;
    event.preventDefault();
    btn.click();
  });
  els.actions.addEventListener("click", (event) => {
    if (!trying || trying.chosen) return;
    const btn = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("button.action"));
    if (!btn) return;
    if (btn.getAttribute("aria-disabled") === "true") refuse(btn);
    else if (btn.dataset.action) choose(btn.dataset.action);
  });
}

