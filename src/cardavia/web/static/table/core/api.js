// @ts-check
// The HTTP API (architecture.md §6, docs/api.md): one request with retries and notices,
// create or resume a deal (`?deal=`, `?seed=`, localStorage; a deal that is gone, 404, or no
// longer replays, 410, gives way to a new one), the long-poll loop, sending an action (409: a
// newer view; 422: refused), and New deal.

import { root, els, sleep } from "./dom.js";
import { config, t, SEATS } from "./strings.js";
import { state, askedLevel, LEVELS, STORAGE_KEY, tokenFor, keepToken } from "./state.js";
import { ctx } from "./ctx.js";
import { notice, setState, status } from "./status.js";
import { markPlaced } from "./scroll.js";
import { present, presentedPast, renderFinal } from "./present.js";
import { nextDealt } from "./result.js";
import { renderActions } from "./actions.js";
import { focusHand } from "./hand.js";
import { focusLost, byKeyboard } from "./focus.js";
import { noteDeal } from "./deals.js";
import { forcedAction, playForced, sayForced } from "./forced.js";

import { keepInvites, keepJoined, dealOfInvite, inviteCode, joinForm, isFriendsTable } from "./friends.js";

/** @typedef {import("./types.js").View} View */

/** An answer that is not 2xx (status 0: no answer at all, or a generation gone by). */
export class ApiProblem extends Error {
  /**
   * @param {number} status
   * @param {any} data
   */
  constructor(status, data) {
    super((data && data.error && data.error.message) || `HTTP ${status}`);
    this.status = status;
    this.data = data;
  }
}

/**
 * One request, retried with a notice on network errors and 5xx answers (unless `retry` is
 * false: then those throw an ApiProblem with status 0 or the 5xx status).
 * @param {string} method
 * @param {string} url
 * @param {Record<string, any> | null} [body]
 * @param {number} [gen]   the generation it belongs to: a New deal since drops it
 * @param {{ retry?: boolean, lost?: () => void }} [options]  `lost`: called when it is retried
 * @returns {Promise<any>}
 */
export async function request(method, url, body, gen = state.generation, { retry = true, lost } = {}) {
  for (let attempt = 0; ; attempt++) {
    if (gen !== state.generation) throw new ApiProblem(0, null);
    let res;
    /** @type {Record<string, string>} */
    const headers = body ? { "Content-Type": "application/json", Accept: "application/json" } : { Accept: "application/json" };
    // the seat token goes to the deal it belongs to only (and to the next deal of a friends
    // table, which the same seats' tokens deal)
    const next = body && body.after && body.after === state.dealId;
    if (state.token && state.dealId && (url.startsWith(dealUrl(state.dealId)) || next)) headers.Authorization = `Bearer ${state.token}`;
    try {
      res = await fetch(url, {
        method,
        headers,
        body: body ? JSON.stringify(body) : undefined,
        cache: "no-store",
      });
    } catch {
      res = null;
    }
    if (res && res.status < 500) {
      const data = await res.json().catch(() => null);
      if (attempt && els.notice.textContent === t("err_network")) notice("");
      if (res.ok) return data;
      throw new ApiProblem(res.status, data);
    }
    if (!retry) throw new ApiProblem(res ? res.status : 0, null);
    if (lost) lost();
    notice(t("err_network"), { sticky: true });
    await sleep(Math.min(8000, 500 * 2 ** attempt));
  }
}

/** @param {string} id */
export const dealUrl = (id) => `${config.api}/${encodeURIComponent(id)}`;
/**
 * No such deal (404), or one stored under rules that have changed since (410): it cannot go on.
 * @param {unknown} err
 */
export const gone = (err) => err instanceof ApiProblem && (err.status === 404 || err.status === 410);

/**
 * @param {string} id
 * @param {string | null} [token]  its seat token, when this browser has one
 */
function rememberDeal(id, token = null) {
  state.dealId = id;
  state.token = token;
  // a deal watched (no token) is not this browser's to resume
  if (token) {
    keepToken(id, token);
    try {
      localStorage.setItem(STORAGE_KEY, id);
    } catch {
      /* storage off */
    }
  }
  const url = new URL(window.location.href);
  if (url.searchParams.get("deal") !== id || ["seed", "new", "name"].some((k) => url.searchParams.has(k))) {
    url.searchParams.set("deal", id);
    url.searchParams.delete("seed"); // a reload continues this deal, not a new one
    url.searchParams.delete("new");
    url.searchParams.delete("name"); // given to the deal, and no business of the address bar
    history.replaceState(history.state, "", url);
  }
}

/**
 * `?seed=N` deals a reproducible deal (bug reports, tests); otherwise the server picks one.
 * @param {number | undefined} seed
 * @param {Record<string, any>} [extra]
 * @returns {Promise<View>}
 */
async function createDeal(seed, extra) {
  /** @type {Record<string, any>} */
  const body = { ...(extra || {}), game: config.game };
  if (seed !== undefined) body.seed = seed;
  if (state.level && !("level" in body)) body.level = state.level;
  const seats = seatsAsked();
  if (seats && !body.after) {
    body.seats = seats;
    // the time per decision, in seconds (the server's default else; docs/api.md)
    const params = new URLSearchParams(window.location.search);
    const allowance = params.get("allowance");
    if (allowance && /^\d{1,3}$/.test(allowance)) body.allowance = Number(allowance);
    // the name your friends see you by (1–24 characters; none: "Player 1")
    const name = Array.from((params.get("name") || "").replace(/\s+/g, " ").trim()).slice(0, 24).join("");
    if (name) body.name = name;
  }
  let data;
  try {
    data = await request("POST", config.api, body);
  } catch (err) {
    // a name the server does not take (a joiner, a direction mark): the table without it, and
    // why, rather than a start retried for ever with the same name
    if (!(body.name && err instanceof ApiProblem && err.status === 422 && err.data?.error?.code === "bad_name")) throw err;
    delete body.name;
    data = await request("POST", config.api, body);
    notice(t("friends_name_refused"), { sticky: true });
  }
  rememberDeal(data.id, data.token);
  // the history page lists it, whatever deal comes next (core/deals.js)
  noteDeal(data.id, { game: config.game, seat: data.seat, level: data.view.level ?? null });
  keepInvites(data.id, data.invites);
  return data.view;
}

/**
 * The seats the Start game form asked for (`?seat1=friend&seat2=ai…`, you in seat 0): null
 * when every other seat is the AI's, as before.
 * @returns {string[] | null}
 */
function seatsAsked() {
  const params = new URLSearchParams(window.location.search);
  const kinds = ["human"];
  for (let seat = 1; seat < SEATS.length; seat++) kinds.push(params.get(`seat${seat}`) === "friend" ? "human" : "ai");
  return kinds.includes("human", 1) ? kinds : null;
}

/**
 * The deal the page opens: the URL's, the remembered one, or a new one.
 * @returns {Promise<View>}
 */
export async function openDeal() {
  const params = new URLSearchParams(window.location.search);
  const code = inviteCode();
  let fromUrl = params.get("deal");
  if (code) {
    // this browser's own seat at the invite's deal (the creator checking the link, a friend
    // opening it again): back to the table in that seat, no join
    const held = dealOfInvite(code);
    if (held) {
      fromUrl = held;
    } else {
      status("");
      const joined = await joinForm(code);
      keepJoined(joined.id, joined.seat, code);
      // a join never replaces a seat token this browser holds (another seat's, kept elsewhere
      // than the invites): it stays in the seat it had
      if (!tokenFor(joined.id)) {
        rememberDeal(joined.id, joined.token);
        noteDeal(joined.id, { game: joined.view.game ?? config.game, seat: joined.seat, level: joined.view.level ?? null });
        return joined.view;
      }
      fromUrl = joined.id;
    }
    const url = new URL(window.location.href);
    url.hash = "";
    url.searchParams.set("deal", fromUrl);
    history.replaceState(history.state, "", url);
  }
  const seed = params.get("seed");
  if (!fromUrl && seed && /^\d{1,15}$/.test(seed)) return createDeal(Number(seed));
  // `?new=1`: the Start game form's New deal, shown beside Resume your deal (static/start/resume.js)
  let stored = null;
  try {
    stored = params.get("new") === "1" ? null : localStorage.getItem(STORAGE_KEY);
  } catch {
    stored = null;
  }
  const id = fromUrl || stored;
  if (id) {
    try {
      state.dealId = id;
      state.token = tokenFor(id);
      let data;
      try {
        data = await request("GET", dealUrl(id));
      } catch (err) {
        // a token the deal no longer knows (its store was replaced): watch it instead
        if (!(err instanceof ApiProblem && err.status === 403 && state.token)) throw err;
        state.token = null;
        data = await request("GET", dealUrl(id));
      }
      // A deal this browser played before seats had tokens: its seat is claimed once.
      if (!state.token && id === stored) data = (await claim(id)) || data;
      // A remembered deal that is over is history: start afresh unless the URL names it. One
      // still on goes on, at whatever level the Start game form asked for: it is never dropped
      // unasked (usability review m2); the form offers Resume your deal or New deal.
      if (fromUrl || !data.view.over) {
        rememberDeal(id, state.token);
        if (!fromUrl && askedLevel && LEVELS.includes(askedLevel) && data.view.level !== askedLevel && LEVELS.includes(data.view.level)) {
          tillMove(t("notice_resumed_level", { level: t(`level_${data.view.level}`), asked: t(`level_${askedLevel}`) }));
        }
        return data.view;
      }
    } catch (err) {
      if (!gone(err) && !(err instanceof ApiProblem && err.status === 400)) throw err;
      if (fromUrl) notice(t("err_unknown_deal_new")); // (usability walk: it said "Start a new deal" as one started)
    }
  }
  return createDeal(undefined, state.game.newDealBody ? state.game.newDealBody(null, ctx) : undefined);
}

/**
 * Seat 0 of a deal stored before seats had tokens (docs/api.md); null if it has its player.
 * @param {string} id
 * @returns {Promise<{ view: View } | null>}
 */
async function claim(id) {
  try {
    const data = await request("POST", `${dealUrl(id)}/claim`, {});
    state.token = data.token;
    keepToken(id, data.token);
    return data;
  } catch (err) {
    if (err instanceof ApiProblem && err.status === 409) return null;
    throw err;
  }
}

/** Long-poll until the human must act or the deal is over. */
export async function follow() {
  const gen = state.generation;
  while (gen === state.generation && state.view && !state.view.over && !state.view.legal_actions.length) {
    setState("waiting");
    let data;
    try {
      data = await request("GET", pollUrl(state.view), null, gen);
    } catch (err) {
      if (gen !== state.generation) return;
      if (gone(err)) {
        notice(t("err_unknown_deal"), { sticky: true });
        return;
      }
      notice(t("err_network"), { sticky: true });
      await sleep(2000);
      continue;
    }
    if (gen !== state.generation) return;
    // a newer view, or the same one now owing you a decision (a move that showed nothing new)
    if (data && data.view && (data.view.version > state.view.version || data.view.legal_actions.length)) {
      await present(data.view);
    } else if (data && data.view) {
      sameVersion(data.view);
    }
  }
  if (gen === state.generation && state.view && state.view.over) {
    awaitNext(gen);
    return;
  }
  if (gen !== state.generation || !state.view || state.view.over || !state.view.legal_actions.length) return;
  // your only move is made for you (core/forced.js); any other decision waits for you, and
  // for the deal moving on elsewhere meanwhile
  const only = forcedAction(state.view);
  if (only) playForced(only, act);
  else watchTurn();
}

/**
 * A finished deal at a friends table, seen from a seat: another player may deal the next one
 * (their Next deal), and your decisions there are timed. Keep asking until it is dealt, then
 * say so on the end sheet (usability walk: a friend's clock ran out at the next deal while
 * their page still showed the last one's end). Quietly: Next deal leads there all the same.
 * @param {number} gen
 */
async function awaitNext(gen) {
  if (state.awaitingNext === gen) return; // one poll a deal (follow() may end more than once)
  state.awaitingNext = gen;
  const waits = () =>
    gen === state.generation && !!state.view && state.view.over && state.view.seat !== null && isFriendsTable(state.view);
  try {
    while (waits() && !(state.view.match && state.view.match.next)) {
      let data = null;
      try {
        data = await request("GET", pollUrl(state.view), null, gen, { retry: false });
      } catch (err) {
        if (gen !== state.generation || gone(err)) return;
        await sleep(5000);
        continue;
      }
      if (!(waits() && data && data.view && data.view.over)) continue;
      sameVersion(data.view); // the sheet drawn anew if the seats changed; its next said below
      if (data.view.match && data.view.match.next) nextDealt(data.view);
    }
  } finally {
    if (state.awaitingNext === gen) state.awaitingNext = null;
  }
}

/**
 * A poll's answer of the version shown (it timed out, or who sits where changed: a friend
 * joined, one went away, or a finished deal's next was dealt): kept, and the table redrawn
 * when the seats changed.
 * @param {View} v
 */
function sameVersion(v) {
  const seated = JSON.stringify(v.seats) !== JSON.stringify(state.view && state.view.seats);
  state.view = v;
  if (seated) renderFinal(v);
}

/**
 * A long poll of the deal `v` shows: held until a newer view, with the seats the page shows
 * (a friend who joined or went away between two polls answers at once).
 * @param {View} v
 */
const pollUrl = (v) => `${dealUrl(state.dealId)}?wait=${v.version}${v.seats_tag ? `&seats=${v.seats_tag}` : ""}`;

/**
 * While it is your turn, keep listening: the move may be made elsewhere (another tab, another
 * browser following this deal), and this table then shows it and follows on. Quietly: a
 * problem here is the next move's to report.
 */
async function watchTurn() {
  const gen = state.generation;
  const asked = state.view.version;
  if (state.watchingTurn === asked) return;
  state.watchingTurn = asked;
  try {
    for (;;) {
      let data = null;
      try {
        data = await request("GET", `${dealUrl(state.dealId)}?wait=${asked}`, null, gen, { retry: false });
      } catch (err) {
        if (gen !== state.generation || gone(err)) return;
        await sleep(5000);
      }
      // (your move, or a hint's stale answer, is bringing the moves past it: theirs to show)
      if (gen !== state.generation || state.busy || !state.view || state.view.version !== asked || presentedPast(asked)) return;
      if (data && data.view && data.view.version > asked) {
        await present(data.view);
        follow();
        return;
      }
    }
  } finally {
    if (state.watchingTurn === asked) state.watchingTurn = null;
  }
}

// A notice that stays until your next move (a passing one could go unread; a sticky one would
// outstay the move it is about).
let untilMove = "";
/** @param {string} text */
function tillMove(text) {
  untilMove = text;
  notice(text, { sticky: true });
}

/** Whether some of the game's log is on the screen (below the table on a phone). */
function logOnScreen() {
  const box = els.logPanel ? els.logPanel.getBoundingClientRect() : null;
  return !!box && box.bottom > 0 && box.top < window.innerHeight;
}

/**
 * Send an action (ignored unless legal and nothing is in flight), then show what follows.
 * @param {string} action
 * @param {{ forced?: boolean }} [options]  `forced`: the table made your only move (forced.js)
 */
export async function act(action, { forced = false } = {}) {
  if (state.busy || !state.view || !state.view.legal_actions.includes(action)) return;
  state.busy = true;
  state.raised = null;
  // You play with the log off the screen: the page is where you play from, not a place kept
  // for reading the log (where a reader answers by key). A prompt the table then leaves above
  // the screen comes back at your next decision (having scrolled down to a low card of a tall
  // hand, it stayed above the screen for the rest of the deal).
  if (!forced && !logOnScreen()) markPlaced();
  state.restoreFocus = byKeyboard() && root.contains(document.activeElement);
  // a passing notice was about the last decision (Paohuzi's stale card, Chuo Pai's forced
  // pass): it goes once you answer again, rather than sit under the next, unrelated prompt
  if (!state.noticeSticky || els.notice.textContent === untilMove) notice("");
  const gen = state.generation;
  setState("waiting");
  for (const b of root.querySelectorAll("button[data-action]")) b.setAttribute("aria-disabled", "true");
  let offline = false; // the move waited for the connection to come back
  try {
    const version = state.view.version;
    state.sent = { deal: state.dealId, version };
    const data = await request("POST", `${dealUrl(state.dealId)}/actions`, { action, version }, gen, {
      lost: () => {
        offline = true;
      },
    });
    state.busy = false;
    if (gen !== state.generation) return;
    if (forced) sayForced(data.view, version);
    await present(data.view);
  } catch (err) {
    state.busy = false;
    if (gen !== state.generation) return;
    if (err instanceof ApiProblem && err.status === 409 && err.data && err.data.view) {
      // A move sent across a lost connection that the table had moved past did not count: say
      // so until your next move (usability review m10). Your only move, made for you in two
      // tabs at once, was made by the other: nothing to say.
      if (offline) tillMove(t("err_move_lost"));
      else if (!forced) notice(t("err_stale"));
      await present(err.data.view);
    } else if (err instanceof ApiProblem && err.status === 422) {
      notice(t("err_illegal", { message: err.message }), { sticky: true });
      renderFinal(state.view);
      return;
    } else if (gone(err)) {
      notice(t("err_unknown_deal"), { sticky: true });
      return;
    } else {
      notice(err.message || t("err_network"));
      renderFinal(state.view);
      return;
    }
  }
  follow();
}

/**
 * Start another deal; `body` adds fields to POST /api/games (a plugin's Restart, say).
 * @param {Record<string, any>} [body]
 */
export async function newDeal(body) {
  // a friends table's next deal: the same players in the same seats (docs/api.md)
  if (state.view && state.view.over && isFriendsTable(state.view) && state.token) body = { ...(body || {}), after: state.view.id };
  state.generation++;
  state.busy = false;
  state.view = null;
  state.selected = new Set();
  setState("idle");
  status(t("status_loading"));
  notice("");
  els.result.hidden = true;
  markPlaced(); // where the end sheet was: a prompt the new deal leaves above the screen comes back
  renderActions(null);
  const gen = state.generation;
  state.restoreFocus = true; // the end sheet's button that started it is gone: on to the decision
  state.handFocus = 0; // a new hand: its roving focus starts at the first card
  try {
    const next = await createDeal(undefined, body);
    if (gen !== state.generation) return;
    await present(next, { initial: true });
    if (focusLost()) focusHand({ preventScroll: true });
    if (!next.over) follow(); // waits, or watches your turn, or makes your only move
  } catch {
    notice(t("err_start"), { sticky: true });
  }
}

/** The creator starts a friends table with the AI in the empty seats. */
export async function startWithAi() {
  const gen = state.generation;
  try {
    const data = await request("POST", `${dealUrl(state.dealId)}/start`, {}, gen);
    if (gen !== state.generation) return;
    state.view = null; // who sits where changed: drawn afresh (the running follow() goes on)
    await present(data.view, { initial: true });
  } catch (err) {
    notice(err instanceof Error ? err.message : t("err_network"));
  }
}

/** An away player takes the seat back from the AI. */
export async function comeBack() {
  const gen = state.generation;
  try {
    const data = await request("POST", `${dealUrl(state.dealId)}/back`, {}, gen);
    if (gen !== state.generation) return;
    if (data.view.version > state.view.version || data.view.legal_actions.length) await present(data.view);
    else renderFinal(data.view);
  } catch (err) {
    notice(err instanceof Error ? err.message : t("err_network"));
  }
}
