// @ts-check
// What the table keeps: the constants of the table, and `state`, the one object that holds
// everything that changes while the page is open (the deal on screen, what is in flight, the
// focus and selection, the hint, the notice's timer…). Every module reads and writes it here,
// so what a piece of code depends on is named where it is used: `state.view`, `state.busy`.

import { config, nameSeatsForWatching, t } from "./strings.js";

/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").DisplayModel} DisplayModel */
/** @typedef {import("./types.js").Plugin} Plugin */
/** @typedef {import("./types.js").ButtonSpec} ButtonSpec */
/** @typedef {import("./types.js").Hint} Hint */
/** @typedef {import("./types.js").Storage} Storage */

/** Your seat. */
// The seat this page plays and shows the hand of, which the table places at the bottom (0 for
// the creator; an invited friend's other seat, core/seats.js placeSeats turns the table round
// it); -1 while the deal is watched (opened without its seat token), so that no seat is "you"
// and every log line and caption names the seat. A live binding: importers see `setSeat`.
export let HUMAN = 0;
/** @param {boolean} watching */
export function setWatching(watching) {
  setSeat(watching ? null : 0);
}
/** @param {number | null} seat  the view's seat (null: watching) */
export function setSeat(seat) {
  HUMAN = seat === null ? -1 : seat;
  nameSeatsForWatching(seat === null);
}
/** How long each paced move stays on screen, at least, at each pace of the setting (usability
 * review m1); "normal" is the default. */
export const PACES = { slow: 1100, normal: 600, fast: 250, instant: 0 };

/** The pace of the other seats' moves, kept in this browser for every game. */
export const pace = {
  key: "cardavia.pace",
  /** @returns {keyof typeof PACES} */
  get() {
    try {
      const kept = localStorage.getItem(this.key);
      return kept && kept in PACES ? /** @type {keyof typeof PACES} */ (kept) : "normal";
    } catch {
      return "normal";
    }
  },
  /** @param {string} value */
  set(value) {
    try {
      if (value in PACES) localStorage.setItem(this.key, value);
    } catch {
      /* storage off: for this page only */
    }
  },
  ms() {
    return PACES[this.get()];
  },
};
export const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

// The AI level asked for by the Start game form (`?level=`); then the level of the deal shown
// (view.level), so that New deal, Next deal and Restart keep it. null: the server's default.
// "greedy" (docs/api.md) is the plain baseline policy: reproducible `?seed=` deals for bug
// reports and tests. It is not offered, and shows no badge.
export const LEVELS = ["easy", "normal", "hard"];
export const URL_LEVELS = [...LEVELS, "greedy"];
const levelParam = new URLSearchParams(window.location.search).get("level");
export const askedLevel = URL_LEVELS.includes(levelParam) ? levelParam : null;

/**
 * @typedef {object} TableState
 * @property {Plugin | null} game       the plugin of config.game, once registered
 * @property {boolean} booted           the table has started (one plugin only)
 * @property {string | null} dealId
 * @property {string | null} token   the seat token of the deal shown (null: watching it)
 * @property {View | null} view         the last view fully rendered
 * @property {DisplayModel | null} shownModel  the model last drawn, for re-rendering the hand on a selection
 * @property {boolean} busy             an action is being sent
 * @property {{ deal: string | null, version: number } | null} sent  the deal and version at which
 *   this page last sent an action (versions start afresh at each deal)
 * @property {number} generation       bumps on New deal, so stale loops stop
 * @property {string | null} level      the level of the next deals (see askedLevel)
 * @property {[number, number]} cardSize  the card faces' viewBox (the plugin's cardSize)
 * @property {number} handFocus         roving tabindex position in the hand
 * @property {Set<number>} selected     indexes of selected hand cards (hand cards with `select`)
 * @property {{ index: number, action: string } | null} raised  the hand card a first tap raised
 *   (usability review M1: a second tap, or the Discard button, plays it)
 * @property {Set<string>} overSeen     deal ids whose dealOver hook has run
 * @property {number} noticeTimer       the timer that clears a passing notice
 * @property {boolean} noticeSticky     the notice shown stays until cleared
 * @property {string | null} refusal    the text of the notice a refused tap showed, while it shows
 * @property {number} lastStepAt        when the last paced move was shown
 * @property {boolean} skipping          Skip was pressed: the moves being replayed show at once
 * @property {boolean} claimOut         your claim is out: the next move by a seat is its award
 * @property {boolean} restoreFocus     after acting, keyboard users land on the next decision
 * @property {number | null} decisionInView  the version whose decision was scrolled into view
 * @property {number | null} watchingTurn    the version a watch at your turn waits past
 * @property {number | null} awaitingNext    the generation whose finished deal a poll waits on for its next
 * @property {Map<string, HTMLElement>} shortcuts  key -> button, while it is your turn
 * @property {ButtonSpec[]} offeredSpecs  the ButtonSpecs shown, for naming a hinted action
 * @property {{ version: number, answer: Hint } | null} hint  the hint shown
 * @property {number | null} hintAsked  the version a hint request is out for
 */

/** @type {TableState} */
export const state = {
  game: null,
  booted: false,
  dealId: null,
  token: null,
  view: null,
  shownModel: null,
  busy: false,
  sent: null,
  generation: 0,
  level: askedLevel,
  cardSize: [40, 104],
  handFocus: 0,
  selected: new Set(),
  raised: null,
  overSeen: new Set(),
  noticeTimer: 0,
  noticeSticky: false,
  refusal: null,
  lastStepAt: 0,
  skipping: false,
  claimOut: false,
  restoreFocus: false,
  decisionInView: null,
  watchingTurn: null,
  awaitingNext: null,
  shortcuts: new Map(),
  offeredSpecs: [],
  hint: null,
  hintAsked: null,
};

/**
 * A yes-or-no setting kept in this browser for every game.
 * @param {string} key
 * @param {boolean} fallback  before it is ever set, or with storage off
 */
function flag(key, fallback) {
  return {
    key,
    get() {
      try {
        const kept = localStorage.getItem(key);
        return kept === null ? fallback : kept === "1";
      } catch {
        return fallback;
      }
    },
    /** @param {boolean} on */
    set(on) {
      try {
        localStorage.setItem(key, on ? "1" : "0");
      } catch {
        /* storage off: for this page only */
      }
    },
  };
}

/** Whether a click on a hand card only raises it, as a tap does, until a second click (off:
 * one click plays, as on a desktop). */
export const confirmPlays = flag("cardavia.confirm-plays", false);

/** Whether single keys answer (H for Hint, the key on each answer): on unless turned off, for
 * a speech-input user whose words a stray letter would play (WCAG 2.1.4). */
export const keyShortcuts = flag("cardavia.key-shortcuts", true);

/**
 * A plugin's keyboard line: `on` names the shortcut keys, `off` (the keys turned off) speaks of
 * Tab instead, so that no line names a key that does nothing.
 * @param {string} on  a strings key
 * @param {string} off  a strings key
 */
export const keysLine = (on, off) => t(keyShortcuts.get() ? on : off);

/** Where this game's deal id is remembered (a reload resumes the deal). */
export const STORAGE_KEY = `cardavia.deal.${config.game}`;
// Seat tokens by deal id, for every game (architecture.md §6): a deal opened without its token
// is watched, never played.
const TOKENS_KEY = "cardavia.tokens";

/** @returns {Record<string, string>} */
function tokens() {
  try {
    const kept = JSON.parse(localStorage.getItem(TOKENS_KEY) || "{}");
    return kept && typeof kept === "object" ? kept : {};
  } catch {
    return {};
  }
}

/** @param {string} id */
export const tokenFor = (id) => tokens()[id] || null;

/**
 * @param {string} id
 * @param {string} token
 */
export function keepToken(id, token) {
  try {
    localStorage.setItem(TOKENS_KEY, JSON.stringify({ ...tokens(), [id]: token }));
  } catch {
    /* storage off: the token lives as long as the page */
  }
}

/**
 * Per-game JSON values in localStorage (a running total, say), under cardavia.<game>.<key>.
 * @type {Storage}
 */
export const storage = {
  get(key, fallback = null) {
    try {
      const raw = localStorage.getItem(`cardavia.${config.game}.${key}`);
      return raw === null ? fallback : JSON.parse(raw);
    } catch {
      return fallback;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(`cardavia.${config.game}.${key}`, JSON.stringify(value));
    } catch {
      /* storage off */
    }
  },
};
