// @ts-check
// Cardavia table client, the game-independent core: its entry point. ES modules, no build step.
//
// It plays one deal against the AI seats through the HTTP API (architecture.md §6): create or
// resume a deal (`?deal=`, `?seed=`, localStorage), then loop: show the new log entries one at
// a time (paced, instant under prefers-reduced-motion), render the view, and either offer the
// human's legal actions or long-poll `GET ?wait=<version>` until the human must act or the deal
// is over. The core also shows the deal's AI level by every AI seat (`?level=` on the page URL
// picks it, and New deal keeps it) and offers a Hint: what the table's level would play now.
//
// Everything a game decides (the hand order, the centre, the buttons, the texts) comes from a
// game plugin, static/table/<game>.js, which table.html loads as the page's one module script.
// The plugin imports the core and registers itself:
//
//   import { registerGame } from "./core/main.js";
//   import { t } from "./core/strings.js";
//
//   registerGame("mygame", {
//     players: 3,                                  // seats at the table, you in seat 0
//     cardSize: [40, 128],                         // the card faces' viewBox, width × height
//     model(view) { … },                           // the display model of a view (also of each
//                                                  //   step of a replay, so AI moves appear one by one)
//     status: () => t("status_waiting"),
//     describeEvent: (event) => …,                 // the event's log line
//     actionButtons: (view) => ({ buttons: [], hint: "" }),
//   });
//
// The hooks, their defaults and the `ctx` every hook gets are typed in core/types.js and
// described in docs/table-client.md; static/table/shared/ has the widgets several games use
// (the stock and public card, the claim buttons).
//
// The core's modules, by concern (each opens with what it holds):
//   main.js      boot: registerGame, the layout from the plugin, the listeners, the first deal
//   state.js     constants and `state`, the one object of everything that changes
//   strings.js   config, t(), tn(), names and lists in the page's language
//   dom.js       element helpers and the table's elements
//   api.js       transport, retries, 409/422, create or resume a deal, long polls, act, newDeal
//   forced.js    your only move, made for you and said
//   present.js   the display model and the paced replay; the settled view's render
//   status.js    data-state, the status line, notices
//   scroll.js    the page's scrolls about your decision; where the table last left the page
//   seats.js     the seat panels and the AI level badges
//   hand.js      your hand: cards, roving focus, selection
//   actions.js   answer buttons, strips, keyboard shortcuts
//   focus.js     where the focus goes after a move; Skip to your turn
//   hint.js      Hint
//   log.js       the log panel
//   result.js    the end sheet
//   deals.js     what the history page keeps of this browser's deals
//   ctx.js       what hooks get as `ctx`
//   types.js     JSDoc types only (the View, the display model, the plugin)
// The modules call each other only once the page runs (none calls another while loading), so
// the cycles between them (present → actions → api → present) are harmless.

import { root, els, $$, sleep } from "./dom.js";
import { config, t, SEATS } from "./strings.js";
import { state, pace } from "./state.js";
import { ctx } from "./ctx.js";
import { openDeal, follow } from "./api.js";
import { present } from "./present.js";
import { notice, setState, status } from "./status.js";
import { listenHand } from "./hand.js";
import { listenActions } from "./actions.js";
import { listenHint } from "./hint.js";

/** @typedef {import("./types.js").Plugin} Plugin */

/** Every plugin registered on this page, by game id. */
export const games = new Map();

/** The card size and hand layout the plugin asks for, as CSS custom properties. */
function layout() {
  const game = state.game;
  if (Array.isArray(game.cardSize)) state.cardSize = game.cardSize;
  const [w, h] = state.cardSize;
  root.style.setProperty("--card-aspect", `${w} / ${h}`);
  root.style.setProperty("--card-ratio", String(h / w));
  const hand = { slots: 21, gaps: 4, phoneRow: 11, phoneMin: 40, ...(game.hand || {}) };
  root.style.setProperty("--hand-slots", String(hand.slots));
  root.style.setProperty("--hand-gaps", String(hand.gaps));
  root.style.setProperty("--hand-phone-row", String(hand.phoneRow));
  root.style.setProperty("--hand-phone-min", `${hand.phoneMin}px`);
  if (game.pileLabel) $$("[data-role=discards]").forEach((el) => el.setAttribute("aria-label", t(game.pileLabel)));
  if (game.groupsLabel) $$("[data-role=exposed]").forEach((el) => el.setAttribute("aria-label", t(game.groupsLabel)));
}

/** The pace setting (kept in this browser; under the answers, and in the Look panel on a
 * phone) and Skip, which shows the moves being replayed at once (usability review m1): the
 * button, or a tap on the table while they are shown. */
function listenPace() {
  // the Look panel is in the page header, outside the table
  const selects = /** @type {HTMLSelectElement[]} */ ([...document.querySelectorAll("select[data-role=pace]")]);
  for (const select of selects) {
    select.value = pace.get();
    select.addEventListener("change", () => {
      pace.set(select.value);
      for (const other of selects) other.value = select.value;
    });
  }
  const skip = () => {
    state.skipping = true;
  };
  document.querySelector("[data-role=skip-replay]")?.addEventListener("click", skip);
  document.querySelector("[data-role=felt]")?.addEventListener("click", () => {
    if (root.dataset.state === "animating") skip();
  });
}

async function start() {
  layout();
  if (state.game.setup) state.game.setup(ctx);
  listenHand();
  listenHint();
  listenActions();
  listenPace();
  setState("idle");
  status(t("status_loading"));
  const gen = state.generation;
  let first;
  for (;;) {
    try {
      first = await openDeal();
      break;
    } catch {
      if (gen !== state.generation) return;
      notice(t("err_start"), { sticky: true });
      await sleep(3000);
    }
  }
  if (gen !== state.generation) return;
  if (els.notice.textContent === t("err_start")) notice("");
  await present(first, { initial: true });
  follow();
}

// What the page does once its game's plugin has registered: play a deal, or, on a page that
// only shows deals with the same drawing (the replay page, static/table/replay/), its own start.
/** @type {() => void} */
let run = start;

/**
 * Show deals instead of playing one: `begin` runs once the plugin has registered, after the
 * layout it asks for and its setup(). Call before the plugin's module loads.
 * @param {() => void} begin
 */
export function startWith(begin) {
  run = () => {
    layout();
    if (state.game.setup) state.game.setup(ctx);
    begin();
  };
}

/**
 * A game's plugin registers itself; the plugin of the page's game starts the table.
 * @template {import("./types.js").DisplayModel} M
 * @param {string} id
 * @param {import("./types.js").Plugin<M>} plugin
 */
export function registerGame(id, plugin) {
  games.set(id, plugin);
  if (state.booted || !root || id !== config.game) return;
  for (const hook of ["model", "status", "describeEvent", "actionButtons"]) {
    if (typeof plugin[hook] !== "function") throw new Error(`table plugin ${id}: ${hook}() is missing`);
  }
  if (plugin.players && plugin.players !== SEATS.length) {
    console.warn(`table plugin ${id}: ${plugin.players} players, but the page has ${SEATS.length} seats`);
  }
  state.booted = true;
  state.game = plugin;
  run();
}

// The page's module script is the game's plugin, which imports this file and registers before
// DOMContentLoaded (module scripts run deferred, in order).
document.addEventListener("DOMContentLoaded", () => {
  if (root && !state.booted) console.error(`Cardavia: no table plugin registered for ${config.game}`);
});
