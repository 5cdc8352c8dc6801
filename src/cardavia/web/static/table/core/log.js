// @ts-check
// The log panel: a line per event in the plugin's words (the plugin may leave an event out),
// the deal's first line, and your own claim answers, with the note when another seat's claim
// came first.

import { els, h } from "./dom.js";
import { t, seatName } from "./strings.js";
import { state, HUMAN } from "./state.js";
import { ctx } from "./ctx.js";
import { actorOf } from "./present.js";

/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").LogEvent} LogEvent */

/**
 * One event's line. Your claim is out (you answered with a claim and the card is not yet
 * given): the next move by a seat is the award, and if it is another seat's, the log says
 * your claim lapsed.
 * @param {LogEvent} e
 */
export function appendLog(e) {
  const text = state.game.describeEvent(e, ctx);
  const seat = e.kind === "answer" ? null : actorOf(e);
  if (state.claimOut && seat !== null && seat !== undefined) {
    state.claimOut = false;
    if (seat !== HUMAN) logLine({ kind: "lapsed", v: e.v }, t("log_claim_outranked", { seat: seatName(seat) }));
  }
  if (e.kind === "answer") state.claimOut = e.action !== "pass";
  if (text === null || text === undefined) return;
  logLine(e, text);
}

/**
 * The whole log from a view's entries, not read out (its live region off meanwhile): a deal
 * opened, or a seat renamed (a friend sat down where "Player 1" was written before).
 * @param {View} v
 */
export function relog(v) {
  els.log.setAttribute("aria-live", "off");
  els.log.replaceChildren();
  state.claimOut = false;
  logStart(v);
  for (const e of v.log) appendLog(e);
  // The accessibility tree is updated after this script yields: turned back on at once, the
  // live region would read out every line just added.
  requestAnimationFrame(() => setTimeout(() => els.log.removeAttribute("aria-live"), 100));
}

/**
 * @param {LogEvent} e
 * @param {string} text
 */
function logLine(e, text) {
  const item = h(
    "li",
    { class: `log-${e.kind}`, "data-kind": e.kind, "data-seat": e.seat ?? "", "data-v": e.v },
    h("span", { class: "log-text" }, text),
  );
  // follow the newest line only when the reader is at the end, not while reading older ones
  const atEnd = els.log.scrollHeight - els.log.scrollTop - els.log.clientHeight < 24;
  els.log.append(item);
  // instant, not the CSS's smooth scrolling: mid-animation the next line would not be at the end
  if (atEnd) els.log.scrollTo({ top: els.log.scrollHeight, behavior: "instant" });
}

/** @param {View} v */
export function logStart(v) {
  const text = state.game.startLine ? state.game.startLine(v, ctx) : null;
  if (!text) return;
  els.log.append(h("li", { class: "log-start", "data-kind": "start" }, h("span", { class: "log-text" }, text)));
}

/**
 * Your own claim answer in the log ("You passed", "You called a win", "You called: pong");
 * `groupOf(action)` names the group an answer claims, in the game's words.
 * @param {LogEvent} e
 * @param {(action: string) => string} groupOf
 */
export function answerLine(e, groupOf) {
  const action = e.action || "";
  if (action === "pass") return t("log_you_passed");
  if (action === "win") return t("log_you_called_win");
  return t("log_you_called", { group: groupOf(action) });
}

/**
 * The usual first log line: "New deal. You are the dealer." / "… AI 3 is the dealer."
 * @param {View} v
 */
export function dealerStartLine(v) {
  const dealer = v.table.dealer;
  return dealer === HUMAN ? t("log_start_you") : t("log_start_seat", { seat: seatName(dealer) });
}
