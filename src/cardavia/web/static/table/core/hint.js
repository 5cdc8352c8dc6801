// @ts-check
// Hint asks the server what the table's level would play now (POST …/hint, docs/api.md), and
// says which level that is. The answer is one legal action and why: the hint line names it as its button or hand card does,
// and that button or card is marked .is-hinted until the next view. The request can take
// about half a second; the table stays usable meanwhile and a late answer for an old position
// is dropped.

import { root, els, h, cardFace } from "./dom.js";
import { t, tn, tNodes, cardName, sentences, said } from "./strings.js";
import { state } from "./state.js";
import { request, dealUrl, gone, follow, ApiProblem } from "./api.js";
import { notice } from "./status.js";
import { holdHand } from "./scroll.js";
import { selection } from "./ctx.js";
import { refuse, namesOf } from "./actions.js";
import { present, presentedPast } from "./present.js";

/** @typedef {import("./types.js").Hint} Hint */
/** @typedef {import("./types.js").Child} Child */

const canHint = () =>
  !!state.view &&
  !state.view.over &&
  state.view.legal_actions.length > 0 &&
  root.dataset.state === "your-turn" &&
  !state.busy;

/** The Hint button: shown while a deal is on, enabled when you owe a decision. */
export function renderHintButton() {
  const btn = els.hintButton;
  // watching, or a table still waiting for its players (nobody may act): no hint
  btn.hidden = !state.view || state.view.over || state.view.seat === null || !!state.view.waiting;
  const ready = canHint() && state.hintAsked === null;
  btn.setAttribute("aria-disabled", ready ? "false" : "true");
  // the reason is told on a click (refuse); none while a hint is being worked out
  const reason = ready || state.hintAsked !== null ? null : t("hint_wait");
  if (reason) btn.setAttribute("aria-description", reason);
  else btn.removeAttribute("aria-description");
}

/**
 * @param {Child} content
 * @param {boolean} [thinking]
 * @param {string | null} [action]
 */
function setHintLine(content, thinking = false, action = null) {
  // like a notice, a hint of a few lines comes above your hand: holdHand keeps the hand where it
  // is, as far as keeping the prompt on the screen allows
  holdHand(() => els.hintLine.replaceChildren(.../** @type {(string | Node)[]} */ ([content].flat().filter((part) => part !== ""))));
  els.hintLine.classList.toggle("is-thinking", thinking);
  if (action) els.hintLine.dataset.action = action;
  else delete els.hintLine.dataset.action;
}

export function clearHint() {
  state.hint = null;
  setHintLine("");
}

/** Mark the hinted action: its buttons, and one hand card (copies of a card act alike). */
export function markHint() {
  const { hint, view } = state;
  const action = hint && view && hint.version === view.version ? hint.answer.action : null;
  for (const el of root.querySelectorAll(".is-hinted")) el.classList.remove("is-hinted");
  for (const el of els.hand.querySelectorAll(".hint-badge")) el.remove();
  if (!action) return;
  /** @param {HTMLElement} el */
  const same = (el) => el.dataset.action === action;
  const marked = /** @type {HTMLElement[]} */ ([...els.actions.querySelectorAll("[data-action]")]);
  for (const el of marked.filter(same)) {
    el.classList.add("is-hinted");
    const strip = el.closest(".action-strip"); // swiped into view, clear of the strip's fade
    if (strip) strip.scrollLeft += el.getBoundingClientRect().left - strip.getBoundingClientRect().left - 32;
  }
  const card = /** @type {HTMLElement[]} */ ([...els.hand.querySelectorAll("[data-action]")]).find(same);
  if (card) {
    card.classList.add("is-hinted");
    // a bulb badge, as on a hinted button (a card's own ::before and ::after draw its look)
    card.append(h("span", { class: "hint-badge", "aria-hidden": "true" }));
  }
}

/**
 * The name a button shows: its label if a string; in a label built of nodes, the first part
 * that screen readers read too (a game may put card faces or a note around the name).
 * @param {Child} label
 * @returns {string}
 */
function shownName(label) {
  if (Array.isArray(label)) return label.length ? shownName(label[0]) : "";
  if (!(label instanceof Element)) return label instanceof Node ? label.textContent : String(label ?? "");
  const part = [...label.children].find((el) => el.getAttribute("aria-hidden") !== "true");
  return part ? shownName(part) : label.textContent;
}

/**
 * An action as the table offers it: its button's name and card faces (screen readers get the
 * button's accessible name), or "Discard <card>" for a hand card (a hand card discards itself
 * in every game). The replay page's review names moves so too, with the specs of that
 * decision's position.
 * @param {string} action
 * @param {import("./types.js").ButtonSpec[]} [specs]  the buttons offered (default: those shown)
 */
export function actionNode(action, specs = state.offeredSpecs) {
  /** @param {string[]} codes */
  const faces = (codes) => h("span", { class: "hint-cards", "aria-hidden": "true" }, codes.map((c) => cardFace(c, "card-tiny", "")));
  const spec = specs.find((s) => s.action === action);
  if (spec) {
    const shown = shownName(spec.label);
    const full = spec.aria || shown;
    // the button's cards: `cards`, or the faces a game drew into its label (Paohuzi's claims)
    const drawn = /** @type {Element[]} */ ([spec.label].flat().filter((n) => n instanceof Element));
    const codes =
      spec.cards ||
      drawn.flatMap((n) =>
        /** @type {HTMLElement[]} */ ([...n.querySelectorAll(".card[data-code]:not([data-code=''])")]).map((c) => c.dataset.code),
      );
    // named in words as on its button (M2): "Single · Plum Blossom 5-5"
    const words = namesOf(spec);
    const seen = words ? `${shown} · ${words}` : shown;
    return h(
      "span",
      { class: "hint-action" },
      codes.length ? faces(codes) : null,
      full === seen ? seen : [h("span", { "aria-hidden": "true" }, seen), h("span", { class: "visually-hidden" }, full)],
    );
  }
  const [verb, code, more] = action.split(" ");
  if (verb === "discard" && code && more === undefined) {
    return h("span", { class: "hint-action" }, tNodes("hint_discard", { card: h("span", {}, faces([code]), " ", cardName(code)) }));
  }
  return h("span", { class: "hint-action" }, action);
}

/** @param {number} share */
const percent = (share) => Math.round(share * 100);
// Below this many simulated deals a win share says little ("it won 0% of 1"): the
// rule-of-thumb hint then goes without numbers.
const FEW_SAMPLES = 10;

/**
 * The move's merits in the policies' terms (the server's `why` sentences), e.g. "Your hand
 * is then 2 cards from a win. 7 unseen cards would bring it closer."
 * @param {Hint} hn
 */
function hintWhy(hn) {
  return sentences(...(hn.why || []).map(said));
}

/**
 * Why, in one line: the move's merits, and the simulations when they overruled the rule of
 * thumb (or when there is nothing else to say).
 * @param {Hint} hn
 */
function hintReason(hn) {
  const n = hn.samples || 0;
  const known = typeof hn.share === "number";
  if (hn.reason === "forced") return t("hint_forced");
  if (hn.reason === "win") return t("hint_win");
  const why = hintWhy(hn);
  if (hn.reason === "search" && known && n && typeof hn.next_share === "number") {
    const searched =
      n >= FEW_SAMPLES ? tn("hint_search", n, { share: percent(hn.share), next: percent(hn.next_share) }) : t("hint_search_few");
    return sentences(why, searched);
  }
  if (why) return why;
  if (hn.reason === "greedy") {
    return known && n >= FEW_SAMPLES ? tn("hint_greedy", n, { share: percent(hn.share) }) : t("hint_greedy_plain");
  }
  return null;
}

/**
 * @param {Hint} hn
 * @param {number} version
 */
function showHint(hn, version) {
  if (!state.view.legal_actions.includes(hn.action)) return; // never point at something illegal
  // a selection may have narrowed the buttons (Chuo Pai): show every choice again
  const offered = () =>
    state.offeredSpecs.some((s) => s.action === hn.action) || els.hand.querySelector(`[data-action="${CSS.escape(hn.action)}"]`);
  if (!offered() && state.selected.size) selection.clear();
  const action = actionNode(hn.action);
  const reason = hintReason(hn);
  state.hint = { version, answer: hn };
  // the levels a player chooses are named; the greedy baseline (tests, bug reports) is not
  const level = hn.level && ["easy", "normal", "hard"].includes(hn.level) ? t(`level_${hn.level}`) : null;
  const line = level
    ? reason
      ? tNodes("hint_line_level_reason", { action, reason, level })
      : tNodes("hint_line_level", { action, level })
    : reason
      ? tNodes("hint_line_reason", { action, reason })
      : tNodes("hint_line", { action });
  setHintLine(line, false, hn.action);
  markHint();
}

async function askHint() {
  if (!canHint() || state.hintAsked !== null) return;
  if (state.hint && state.hint.version === state.view.version) {
    // asked again for the same position: say it again rather than think again
    const again = state.hint;
    setHintLine("");
    setTimeout(() => state.hint === again && showHint(again.answer, again.version), 50);
    return;
  }
  const asked = state.view.version;
  const gen = state.generation;
  state.hintAsked = asked;
  renderHintButton();
  setHintLine(t("hint_busy"), true);
  let answer = null;
  let problem = null;
  try {
    answer = await request("POST", `${dealUrl(state.dealId)}/hint`, { version: asked }, gen, { retry: false });
  } catch (err) {
    problem = err;
  }
  state.hintAsked = null;
  if (gen !== state.generation) return;
  renderHintButton();
  const view = state.view;
  if (state.busy || !view || view.version !== asked || view.over || presentedPast(asked)) {
    // you moved on meanwhile: the answer is for an older position
    if (els.hintLine.classList.contains("is-thinking")) setHintLine("");
    return;
  }
  setHintLine("");
  if (answer && answer.hint) {
    showHint(answer.hint, asked);
  } else if (problem instanceof ApiProblem && problem.status === 409 && problem.data && problem.data.view) {
    notice(t("err_stale"));
    await present(problem.data.view);
    follow();
  } else if (problem instanceof ApiProblem && problem.status === 409) {
    notice(t("hint_wait"));
  } else if (gone(problem)) {
    notice(t("err_unknown_deal"), { sticky: true });
  } else {
    notice(t("hint_failed"));
  }
}

/** The Hint button: a disabled one tells why. */
export function listenHint() {
  els.hintButton.addEventListener("click", () => {
    if (els.hintButton.getAttribute("aria-disabled") === "true") refuse(els.hintButton);
    else askHint();
  });
}
