// @ts-check
// Your only move, made for you (usability review p6). When the rules layer offers your seat
// exactly one legal action (the server's `legal_actions` holds one action: what the hint calls
// "It is your only move", and the agents' search "forced"), the table sends it itself after a
// beat of the pace setting (the table's data-state is "waiting" meanwhile: present.js), and
// says so as news, naming the move by its log line. No rule is
// read here: the server's list decides. Chuo Pai's engine applies its own forced moves before
// any seat is asked (CP§3.2), so there this never fires; Sì Sè Pái's kept General or flower
// (SSP-4), say, is played like that.

import { sleep } from "./dom.js";
import { t } from "./strings.js";
import { state, HUMAN, pace, reducedMotion } from "./state.js";
import { ctx } from "./ctx.js";
import { notice } from "./status.js";

/** @typedef {import("./types.js").View} View */

/**
 * The one action a view leaves you, or null (a choice, nothing to do, or only watching).
 * @param {View | null} v
 * @returns {string | null}
 */
export function forcedAction(v) {
  if (!v || v.over || v.seat === null || v.waiting) return null;
  const legal = new Set(v.legal_actions);
  return legal.size === 1 ? [...legal][0] : null;
}

/**
 * Make the view's only move once it has been on screen a beat (none at the instant pace or
 * under reduced motion), unless the table moved on meanwhile; `act` sends it.
 * @param {string} action
 * @param {(action: string, options: { forced: boolean }) => Promise<void>} act
 */
export async function playForced(action, act) {
  const { generation, view } = state;
  if (!reducedMotion.matches) await sleep(pace.ms());
  if (generation !== state.generation || state.view !== view || state.busy) return;
  await act(action, { forced: true });
}

/**
 * Say which move was made for you: the log line of your last event before another seat's
 * ("You took the General", not the answer that asked for it).
 * @param {View} v
 * @param {number} version
 */
export function sayForced(v, version) {
  let mine = null;
  for (const e of v.log) {
    if ((e.v ?? 0) <= version) continue;
    if (e.seat === HUMAN) mine = e;
    else if (e.seat !== null && e.seat !== undefined) break;
  }
  const line = mine ? state.game.describeEvent(mine, ctx) : null;
  notice(line ? t("notice_forced_move", { move: line }) : t("hint_forced"), { polite: true });
}
