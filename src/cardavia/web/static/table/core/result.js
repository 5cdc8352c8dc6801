// @ts-check
// The end sheet: its heading, the plugin's breakdown, New deal (and the plugin's own buttons)
// and Download deal record; and who won, in words, for the status line too.

import { els, h } from "./dom.js";
import { config, t, seatName } from "./strings.js";
import { state, HUMAN } from "./state.js";
import { ctx } from "./ctx.js";
import { newDeal } from "./api.js";
import { noteView } from "./deals.js";

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

/** @param {View} v */
function defaultResultTitle(v) {
  return outcome(v, t("result_drawn"), { heading: true });
}

/** @param {View} v */
export function renderResult(v) {
  const game = state.game;
  if (!v.over) {
    els.result.hidden = true;
    els.result.replaceChildren();
    return;
  }
  const title = game.resultTitle ? game.resultTitle(v, ctx) : defaultResultTitle(v);
  /** @type {Node[]} */
  const parts = [h("h2", { id: "result-heading", class: "result-title" }, title)];
  if (game.resultLines) parts.push(...game.resultLines(v, ctx));
  const id = v.id || state.dealId;
  const recordUrl = `${config.api}/${encodeURIComponent(id)}/record`;
  const more = game.resultActions ? game.resultActions(v, ctx) : [];
  parts.push(
    h(
      "div",
      { class: "result-actions" },
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
    ),
  );
  els.result.replaceChildren(...parts);
  els.result.hidden = false;
  if (v.seat !== null) noteView(id, v);
  if (game.dealOver && !state.overSeen.has(id)) {
    state.overSeen.add(id);
    game.dealOver(v, ctx);
  }
}
