// @ts-check
// The deals this browser played, for the history page (`/{lang}/history`, static/history/):
// beside the seat tokens (`cardavia.tokens`, state.js), what the history shows of each deal,
// kept as the table goes: its game, when it was dealt, your seat and the level when it is
// created, and how it ended once it is over. Nothing here reaches the server. No DOM and no
// page config: the history page imports it as well as the table.

export const DEALS_KEY = "cardavia.history";
// the oldest go past this many (a few hundred bytes each)
const KEPT = 1000;

/**
 * What the history keeps of one deal.
 * @typedef {object} DealNote
 * @property {string} game
 * @property {number | null} at          when it was dealt (ms since 1970), null if not known
 * @property {number} seat               your seat
 * @property {string | null} level       the AI level
 * @property {boolean} over
 * @property {number | null} [winner]    once over: the winner's seat, or null (nobody)
 * @property {number[]} [scores]         once over: every seat's score
 * @property {number[]} [tied]           once over with no winner: the seats that tie for first (Chuo Pai)
 * @property {SeatNote[]} [seats]        once over: who sat where (the history names the winner)
 * @property {boolean} [gone]            the server no longer has it
 */

/**
 * One seat of a deal, as its view's `seats` gave it: a human's display name (null: none given).
 * @typedef {object} SeatNote
 * @property {string} kind   "human" or "ai"
 * @property {string | null} name
 */

/** @returns {Record<string, DealNote>} */
export function dealsPlayed() {
  try {
    const kept = JSON.parse(localStorage.getItem(DEALS_KEY) || "{}");
    return kept && typeof kept === "object" && !Array.isArray(kept) ? kept : {};
  } catch {
    return {};
  }
}

/** @param {Record<string, DealNote>} deals */
function keep(deals) {
  let ids = Object.keys(deals);
  if (ids.length > KEPT) {
    ids.sort((a, b) => (deals[b].at ?? 0) - (deals[a].at ?? 0));
    for (const id of ids.slice(KEPT)) delete deals[id];
  }
  try {
    localStorage.setItem(DEALS_KEY, JSON.stringify(deals));
  } catch {
    /* storage off or full: the history misses this deal */
  }
}

/**
 * A deal this browser has just been dealt a seat at.
 * @param {string} id
 * @param {{ game: string, seat: number, level: string | null }} facts
 */
export function noteDeal(id, { game, seat, level }) {
  const deals = dealsPlayed();
  if (deals[id]) return;
  deals[id] = { game, at: Date.now(), seat, level, over: false };
  keep(deals);
}

/**
 * What a view says of a deal of this browser's: how it ended once it is over, and who sat where
 * (or that the server no longer has it); a deal it did not note yet (from before the history, or
 * joined before the history noted joins) is added undated.
 * @param {string} id
 * @param {{ game: string, seat: number | null, level?: string | null, over: boolean, result?: { winner: number | null, scores: number[], breakdown?: { tied?: number[] } } | null, seats?: { kind: string, name?: string | null }[] } | null} view  null: gone
 */
export function noteView(id, view) {
  const deals = dealsPlayed();
  const note = deals[id];
  if (!view) {
    if (note) {
      note.gone = true;
      keep(deals);
    }
    return;
  }
  if (view.seat === null) return; // watched, not played here
  if (note && note.over === view.over && (!view.over || note.seats || !view.seats)) return;
  const next = note || { game: view.game, at: null, seat: view.seat, level: view.level ?? null, over: false };
  next.over = view.over;
  if (view.over && view.result) {
    next.winner = view.result.winner ?? null;
    next.scores = [...view.result.scores];
    const tied = view.result.breakdown?.tied;
    if (tied && tied.length) next.tied = [...tied];
  }
  if (view.over && view.seats) next.seats = view.seats.map((s) => ({ kind: s.kind, name: s.name ?? null }));
  deals[id] = next;
  keep(deals);
}
