// @ts-check
// The history page (`/{lang}/history`, templates/history.html): the deals played in this
// browser, newest first, with how each ended and links to its replay (or to go on with it), and
// per game the finished deals, your win share with its 95% interval against the fair share (one
// deal in as many as there are players), and your mean score.
//
// Only this browser knows its deals: the table notes each one as it is dealt and as it ends
// (table/core/deals.js), beside its seat token. A deal it has a token for but no note of (one
// played before the history) or one not over when last seen is asked of the server once more,
// with its token, a few at a time.

import { config, joinAnd, signed, t, tn } from "../table/core/strings.js";
import { dealsPlayed, noteView } from "../table/core/deals.js";
import { h } from "../table/core/dom.js";

/** @typedef {import("../table/core/deals.js").DealNote} DealNote */
/**
 * @typedef {object} HistoryConfig
 * @property {string} lang
 * @property {string} api
 * @property {Record<string, { name: string, players: number, table_url: string, replay_url: string, unit: string, seats: string[] }>} games
 */
const C = /** @type {HistoryConfig} */ (/** @type {any} */ (config));
const TOKENS_KEY = "cardavia.tokens"; // table/core/state.js keeps the seat tokens there
const ASKED = 25; // deals asked of the server per visit, at most
const Z = 1.96; // a 95% interval

const root = /** @type {HTMLElement} */ (document.querySelector("[data-testid=history]"));
const percent = new Intl.NumberFormat(C.lang, { style: "percent", maximumFractionDigits: 0 });
const number = new Intl.NumberFormat(C.lang, { maximumFractionDigits: 1 });
const when = new Intl.DateTimeFormat(C.lang, { dateStyle: "medium", timeStyle: "short" });

/** @returns {Record<string, string>} */
function tokens() {
  try {
    const kept = JSON.parse(localStorage.getItem(TOKENS_KEY) || "{}");
    return kept && typeof kept === "object" ? kept : {};
  } catch {
    return {};
  }
}

/**
 * Ask the server how the deals not yet known to be over stand (and what the deals from before
 * the history were); at most ASKED of them, four at a time.
 */
async function refresh() {
  const kept = tokens();
  const notes = dealsPlayed();
  // and those over whose winner, another seat, the history cannot name yet (noted before it
  // kept who sat where: at a friends table, that seat may be a friend's, not the AI's)
  const unnamed = (/** @type {DealNote} */ d) => d.over && !d.seats && d.winner !== null && d.winner !== undefined && d.winner !== d.seat;
  const ids = Object.keys(kept).filter((id) => !notes[id] || (!notes[id].gone && (!notes[id].over || unnamed(notes[id]))));
  const queue = ids.slice(0, ASKED);
  const ask = async () => {
    for (let id = queue.shift(); id; id = queue.shift()) {
      try {
        const res = await fetch(`${C.api}/${encodeURIComponent(id)}`, {
          headers: { Accept: "application/json", Authorization: `Bearer ${kept[id]}` },
          cache: "no-store",
        });
        if (res.status === 404 || res.status === 410) noteView(id, null);
        else if (res.ok) {
          const data = await res.json();
          if (data.view && C.games[data.view.game]) noteView(id, data.view);
        }
      } catch {
        /* offline: the page shows what it kept */
      }
    }
  };
  await Promise.all([ask(), ask(), ask(), ask()]);
}

/**
 * The Wilson score interval of `wins` out of `n` at 95%.
 * @param {number} wins
 * @param {number} n
 * @returns {[number, number]}
 */
export function wilson(wins, n) {
  if (!n) return [0, 1];
  const p = wins / n;
  const z2 = Z * Z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** @param {[string, DealNote][]} deals */
function gamesTable(deals) {
  const rows = Object.entries(C.games).map(([id, game]) => {
    const done = deals.filter(([, d]) => d.game === id && d.over && d.scores);
    if (!done.length) return null;
    const wins = done.filter(([, d]) => d.winner === d.seat).length;
    const [low, high] = wilson(wins, done.length);
    const mean = done.reduce((sum, [, d]) => sum + (d.scores[d.seat] ?? 0), 0) / done.length;
    const rounded = Math.round(mean * 10) / 10 || 0;
    const share = t("hs_share", { share: percent.format(wins / done.length), low: percent.format(low), high: percent.format(high) });
    // each cell names its column too: a phone shows a game's row as a card of labelled lines
    /** @param {string} key @param {string} role @param {string} text */
    const cell = (key, role, text) => h("td", { role: "cell", "data-role": role, "data-label": t(key) }, text);
    return h(
      "tr",
      { role: "row", "data-game": id, "data-deals": done.length, "data-wins": wins },
      h("th", { scope: "row", role: "rowheader" }, game.name),
      cell("hs_deals", "deal-count", tn("hs_count", done.length)),
      cell("hs_win_share", "win-share", share),
      cell("hs_fair_share", "fair-share", percent.format(1 / game.players)),
      // in the game's unit (rounded first: -0.04 would read "−0")
      cell("hs_mean_score", "mean-score", scored(id, rounded, number.format(rounded).replace("-", "\u2212"))),
    );
  });
  const present = rows.filter((r) => r !== null);
  if (!present.length) return null; // no deal ended yet: no figures (the deals list says why)
  const head = ["hs_game", "hs_deals", "hs_win_share", "hs_fair_share", "hs_mean_score"].map((key) => h("th", { scope: "col", role: "columnheader" }, t(key)));
  // the roles a table has anyway, said outright: a phone shows the rows as blocks (history.css),
  // and some browsers (Safari) then stop telling screen readers it is a table
  return h(
    "table",
    { class: "history-table", role: "table", "data-testid": "history-games" },
    h("thead", { role: "rowgroup" }, h("tr", { role: "row" }, ...head)),
    h("tbody", { role: "rowgroup" }, ...present),
  );
}

/**
 * A seat of a deal, named as its table named it for you: yours "You", a friend by their name
 * (or "Player", "Player n"), an AI seat "AI n". A deal noted before the history kept who sat where: seat
 * 0 is the creator's, a human, when yours was another (you joined a friends table); any other
 * seat is taken for the AI's, as at a table of your own.
 * @param {DealNote} d
 * @param {number} seat
 */
function seatName(d, seat) {
  const names = (C.games[d.game] || { seats: [] }).seats;
  const human = d.seats ? d.seats[seat]?.kind === "human" : seat === 0 && d.seat !== 0;
  // an unnamed player as the table names one: "Player" (seat 0), "Player n" (seat n, as "AI n")
  const player = seat === 0 ? t("hs_player") : t("hs_player_n", { n: seat });
  if (seat === d.seat) return names[0] || player;
  if (human) return d.seats?.[seat]?.name || player;
  return names[seat] || player;
}

/**
 * How a deal ended, in words, from your seat.
 * @param {DealNote} d
 */
function ending(d) {
  if (d.gone && !d.over) return t("hs_gone");
  if (!d.over) return t("hs_in_progress");
  const who =
    d.winner === null || d.winner === undefined
      ? d.tied && d.tied.length
        ? t("hs_tied", { seats: joinAnd(d.tied.map((i) => seatName(d, i))) })
        : t("hs_drawn")
      : d.winner === d.seat
        ? t("hs_you_won")
        : t("hs_seat_won", { seat: seatName(d, d.winner) });
  if (!d.scores) return who;
  // as the end sheet shows it: a payment signed ("+3", "−1", a minus sign, not a hyphen) where
  // the scores sum to nothing (Nantong, the Paohuzi family); points as they are (Sì Sè Pái,
  // Chuo Pai)
  const mine = d.scores[d.seat] ?? 0;
  const payments = Object.values(d.scores).reduce((sum, n) => sum + (n || 0), 0) === 0;
  return `${who} · ${t("hs_score", { score: scored(d.game, mine, payments ? signed(mine) : number.format(mine)) })}`;
}

/**
 * A score in its game's unit ("+6 units", "14 cards"), the plural chosen by its size.
 * @param {string} game
 * @param {number} value
 * @param {string} shown  the number as it shows (signed, or with a decimal)
 */
function scored(game, value, shown) {
  const unit = C.games[game] && C.games[game].unit;
  return unit ? tn(unit, Math.abs(value), { n: shown }) : shown;
}

/**
 * The review of your decisions, on the deal's replay page (static/table/replay/review.js).
 * @param {string} replayUrl
 * @param {string} id
 * @param {string} head  the id of the deal's heading line, which describes the link
 */
const reviewLink = (replayUrl, id, head) =>
  h("a", { class: "button", href: `${replayUrl}/${encodeURIComponent(id)}#review`, "aria-describedby": head, "data-testid": "history-review" }, t("hs_review"));

/** @param {[string, DealNote][]} deals */
function dealsList(deals) {
  if (!deals.length) return h("p", { class: "history-empty" }, t("hs_empty"));
  const items = deals.map(([id, d], n) => {
    const game = C.games[d.game];
    // each deal's links are described by its heading (game, level, date): a list of links all
    // named "Replay" and "Review" told a screen reader nothing of which (accessibility audit)
    const head = `history-deal-${n}`;
    const link = d.over
      ? h("a", { class: "button", href: `${game.replay_url}/${encodeURIComponent(id)}`, "aria-describedby": head, "data-testid": "history-replay" }, t("hs_replay"))
      : d.gone
        ? null
        : h("a", { class: "button", href: `${game.table_url}?deal=${encodeURIComponent(id)}`, "aria-describedby": head, "data-testid": "history-continue" }, t("hs_continue"));
    const level = d.level && ["easy", "normal", "hard"].includes(d.level) ? t(`hs_level_${d.level}`) : null;
    return h(
      "li",
      { class: "history-deal", "data-testid": "history-deal", "data-deal": id, "data-game": d.game, "data-over": String(d.over) },
      h(
        "p",
        { class: "history-deal-head", id: head },
        h("span", { class: "history-game" }, game.name),
        level ? h("span", { class: "history-level" }, ` · ${level}`) : null,
        h("span", { class: "history-when" }, ` · ${d.at ? when.format(new Date(d.at)) : t("hs_unknown_date")}`),
      ),
      h("p", { class: "history-ending", "data-testid": "history-ending" }, ending(d)),
      link ? h("p", { class: "history-links" }, link, d.over ? [" ", reviewLink(game.replay_url, id, head)] : null) : null,
    );
  });
  return h("ol", { class: "history-list", "data-testid": "history-deals" }, ...items);
}

function render() {
  const deals = Object.entries(dealsPlayed())
    .filter(([, d]) => C.games[d.game])
    // newest first; undated ones (from before the history) last
    .sort(([, a], [, b]) => (b.at ?? 0) - (a.at ?? 0));
  const games = gamesTable(deals);
  // (with no figures, "By game" would only repeat the deals list's "No deals yet")
  /** @type {HTMLElement} */ (root.querySelector(".history-games")).hidden = !games;
  root.querySelector("[data-role=games]").replaceChildren(...(games ? [games] : []));
  root.querySelector("[data-role=deals]").replaceChildren(dealsList(deals));
}

render();
refresh().then(() => {
  render();
  root.dataset.state = "ready";
});
