// @ts-check
// The end sheet: its heading, the plugin's breakdown, New deal (and the plugin's own buttons)
// and Download deal record; and who won, in words, for the status line too.

import { els, h } from "./dom.js";
import { config, t, seatName } from "./strings.js";
import { state, HUMAN } from "./state.js";
import { ctx } from "./ctx.js";
import { newDeal } from "./api.js";
import { noteView } from "./deals.js";
import { notice } from "./status.js";

/** @typedef {import("./types.js").View} View */

/**
 * Who won a finished deal, in words: "You won!" / "AI 2 won" for the status line, or the end
 * sheet's heading with {heading: true}; `nobody` is the game's own words when nobody won.
 * @param {View} v
 * @param {string} nobody
 * @param {{ heading?: boolean }} [options]
 */
export function outcome(v, nobody, { heading = false } = {}) {
  const winner = v.result ? v.result.winner : null;
  if (winner === null || winner === undefined) return nobody;
  if (winner === HUMAN) return t(heading ? "result_you_won" : "status_you_won");
  return t(heading ? "result_seat_won" : "status_seat_won", { seat: seatName(winner) });
}

/**
 * The end sheet of a finished deal into `els.result` (hidden while the deal goes on): its heading,
 * then `lead` (a page's own line), the plugin's breakdown, and a row of `actions`. Shared by the
 * table, the replay page and the guided deal, which differ only in their buttons.
 * @param {View} v
 * @param {(Node | Node[] | null)[]} actions
 * @param {Node | null} [lead]
 * @returns {boolean} whether the sheet shows (the deal is over)
 */
export function endSheet(v, actions, lead = null) {
  if (!v.over) {
    els.result.hidden = true;
    els.result.replaceChildren();
    return false;
  }
  const game = state.game;
  const title = game.resultTitle ? game.resultTitle(v, ctx) : outcome(v, t("result_drawn"), { heading: true });
  els.result.replaceChildren(
    h("h2", { id: "result-heading", class: "result-title" }, title),
    ...(lead ? [lead] : []),
    ...(game.resultLines ? game.resultLines(v, ctx) : []),
    h("div", { class: "result-actions" }, ...actions),
  );
  els.result.hidden = false;
  return true;
}

/**
 * Another player at this friends table has dealt the next deal, in which your seat waits (its
 * decisions timed): the end sheet says so above its buttons, and New deal, which leads there,
 * says where it goes. In place, so that the focus stays where it is.
 * @param {View} v
 */
export function nextDealt(v) {
  const button = els.result.querySelector("[data-testid=new-deal]");
  if (!v.over || !v.match || !v.match.next || !button || els.result.querySelector("[data-role=next-dealt]")) return;
  button.textContent = t("friends_go_next");
  const said = h("p", { class: "result-next", "data-role": "next-dealt", "data-testid": "next-dealt" }, t("friends_next_dealt"));
  els.result.querySelector(".result-actions")?.before(said);
  notice(t("friends_next_dealt"), { polite: true }); // read out; the sheet keeps the words
}

/** @param {View} v */
export function renderResult(v) {
  const game = state.game;
  const id = v.id || state.dealId;
  const recordUrl = `${config.api}/${encodeURIComponent(id)}/record`;
  const more = game.resultActions && v.over ? game.resultActions(v, ctx) : [];
  const shown = endSheet(v, [
    h(
      "button",
      {
        type: "button",
        class: "button button-primary",
        "data-testid": "new-deal",
        onclick: () => newDeal(game.newDealBody ? game.newDealBody(v, ctx) : undefined),
      },
      t("new_deal"),
    ),
    more.map((spec) =>
      h(
        "button",
        { type: "button", class: `button${spec.primary ? " button-primary" : ""}`, "data-testid": spec.testid, onclick: spec.onclick },
        spec.label,
      ),
    ),
    h(
      "a",
      { class: "button", href: recordUrl, download: `cardavia-${config.game}-${id}.json`, "data-testid": "download-record" },
      t("download_record"),
    ),
    // the deal again, every hand shown; and the deals this browser played (core/deals.js)
    h("a", { class: "button", href: `/${config.lang}/games/${config.game}/replay/${encodeURIComponent(id)}`, "data-testid": "replay-link" }, t("replay_deal")),
    h("a", { class: "button", href: `/${config.lang}/history`, "data-testid": "history-link" }, t("your_deals")),
  ]);
  if (!shown) return;
  if (v.seat !== null) {
    nextDealt(v); // a finished deal opened again after its next was dealt
    noteView(id, v);
  }
  if (game.dealOver && !state.overSeen.has(id)) {
    state.overSeen.add(id);
    game.dealOver(v, ctx);
  }
}
