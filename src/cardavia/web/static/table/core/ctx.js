// @ts-check
// `ctx`, what every plugin hook gets as its last argument: the helpers (which a plugin may as
// well import from the modules that define them) and a few verbs of the table.

import { config, t, tn, seatName, cardName, cardInfo, joinList, joinAnd, sentences, SEATS } from "./strings.js";
import { h, cardImg, cardFace } from "./dom.js";
import { state, storage, HUMAN } from "./state.js";
import { notice } from "./status.js";
import { act, newDeal } from "./api.js";
import { refreshChoices } from "./actions.js";
import { answerLine, dealerStartLine } from "./log.js";
import { outcome } from "./result.js";

/**
 * The hand cards chosen so far (games where cards are selected, then played by a button).
 * @type {import("./types.js").Selection}
 */
export const selection = {
  codes: () => (state.shownModel ? [...state.selected].sort((a, b) => a - b).map((i) => state.shownModel.hand[i]) : []),
  indexes: () => [...state.selected].sort((a, b) => a - b),
  has: (i) => state.selected.has(i),
  clear: () => {
    state.selected = new Set();
    refreshChoices();
  },
};

/** @type {import("./types.js").Ctx} */
export const ctx = {
  config,
  get HUMAN() {
    return HUMAN;
  },
  t,
  tn,
  h,
  seatName,
  cardName,
  cardInfo,
  cardImg,
  cardFace,
  joinList,
  joinAnd,
  dealerStartLine,
  answerLine,
  outcome,
  sentences,
  storage,
  notice: (text, options) => notice(text, options),
  act: (action) => act(action),
  newDeal: (body) => newDeal(body),
  get view() {
    return state.view;
  },
  get dealId() {
    return state.dealId;
  },
  get players() {
    return state.game ? state.game.players : SEATS.length;
  },
  selection,
};
