// @ts-check
// A table for friends (architecture.md §6, docs/api.md): joining through an invite link
// (`#invite=<code>`: in the fragment, and the preview's body, so an unused code never reaches a
// server log; the join's path carries it once it is spent), the waiting
// screen with the invite links and "Start with AI in empty seats", the names of the seats, who
// is away, the countdown of a timed decision, and your turn signalled while the tab is in the
// background (the title, and a sound if you chose it).

import { root, els, h } from "./dom.js";
import { config, t, tn, seatName, setSeatNames, unnamedPlayer, joinAnd, withStop } from "./strings.js";
import { state, tokenFor, LEVELS } from "./state.js";
import { notice } from "./status.js";

/** @typedef {import("./types.js").View} View */

const INVITES_KEY = "cardavia.invites";
const SOUND_KEY = "cardavia.sound";
const TITLE = document.title;

/**
 * Whether a view is of a table of two or more humans.
 * @param {View | null} v
 */
export const isFriendsTable = (v) => !!v && v.seats.filter((s) => s.kind === "human").length >= 2;

/** @returns {Record<string, Record<string, string>>} */
function allInvites() {
  try {
    const kept = JSON.parse(localStorage.getItem(INVITES_KEY) || "{}");
    return kept && typeof kept === "object" ? kept : {};
  } catch {
    return {};
  }
}

/**
 * Keep a new table's invite codes, so that its creator finds the links again after a reload
 * (the server keeps only their hashes).
 * @param {string} id
 * @param {Record<string, string>} invites
 */
export function keepInvites(id, invites) {
  if (!invites || !Object.keys(invites).length) return;
  try {
    localStorage.setItem(INVITES_KEY, JSON.stringify({ ...allInvites(), [id]: invites }));
  } catch {
    /* storage off: the links show until the page is left */
  }
  memory[id] = invites;
}
/** @type {Record<string, Record<string, string>>} */
const memory = {};

/**
 * Keep the code this browser joined a deal with, beside the creator's codes (`cardavia.invites`):
 * the same link opened again leads back to the seat (dealOfInvite).
 * @param {string} id
 * @param {number} seat
 * @param {string} code
 */
export function keepJoined(id, seat, code) {
  const kept = allInvites();
  try {
    localStorage.setItem(INVITES_KEY, JSON.stringify({ ...kept, [id]: { ...(kept[id] || {}), [String(seat)]: code } }));
  } catch {
    /* storage off */
  }
}

/**
 * The deal an invite code is of, when this browser holds a seat there: the creator's own link
 * (its codes are kept by deal id, keepInvites), or the link a friend joined with (keepJoined).
 * Such a link goes back to the table in the seat this browser holds, and never joins: a join
 * would take the invite's seat from the friend it was meant for. The link names no deal (only
 * the code, in the fragment), so this is known from what the browser kept; null otherwise.
 * @param {string} code
 * @returns {string | null}
 */
export function dealOfInvite(code) {
  for (const [id, codes] of Object.entries(allInvites())) {
    if (codes && typeof codes === "object" && Object.values(codes).includes(code) && tokenFor(id)) return id;
  }
  return null;
}

/**
 * An invite's link, in no language (`/games/<game>/table`): the server sends the friend on to
 * the table in their own (web/pages.py table_for_you), and the browser keeps the fragment.
 * @param {string} code
 */
export const inviteUrl = (code) => `${window.location.origin}/games/${encodeURIComponent(config.game)}/table#invite=${encodeURIComponent(code)}`;

/** The invite code of the page's URL (`#invite=`), if any. */
export function inviteCode() {
  const match = /^#invite=([A-Za-z0-9_-]{1,64})$/.exec(window.location.hash);
  return match ? match[1] : null;
}

/**
 * Ask the invited player's name, then take the seat: resolves with the answer of
 * `POST /api/invites/{code}` ({id, seat, token, view}), or null when the code gives no seat
 * (said on the page).
 * @param {string} code
 * @returns {Promise<any>}
 */
export function joinForm(code) {
  return new Promise((resolve) => {
    const input = /** @type {HTMLInputElement} */ (
      h("input", {
        type: "text",
        id: "friends-name",
        maxlength: 24,
        required: true,
        autocomplete: "nickname",
        "aria-describedby": "friends-about", // who invites you, read with the field it follows
        "data-testid": "join-name",
      })
    );
    const message = h("p", { class: "friends-message", role: "alert", tabindex: "-1" });
    const about = h("div", { class: "friends-about", id: "friends-about", "data-testid": "join-about", hidden: true });
    const asked = [
      h("label", { for: "friends-name" }, t("friends_your_name")),
      input,
      h("button", { type: "submit", class: "button button-primary", "data-testid": "join-button" }, t("friends_join")),
    ];
    const form = h("form", { class: "friends-join", "data-testid": "join-form" }, h("h2", {}, t("friends_join_title")), about, ...asked, message);
    describeInvite(code, about, (said) => {
      const focused = asked.some((el) => el.contains(document.activeElement));
      for (const el of asked) el.remove();
      message.textContent = said;
      // a way on from a seat nobody may take: a deal of this game against the AI (the link
      // names no deal to watch, by design: usability walk, a dead end)
      form.append(h("a", { class: "button", href: window.location.pathname, "data-testid": "join-instead" }, t("new_deal")));
      if (focused) message.focus(); // the field the focus was in is gone
    });
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const name = input.value.trim();
      if (!name) return;
      const res = await fetch(`/api/invites/${encodeURIComponent(code)}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ name }),
      }).catch(() => null);
      const data = res ? await res.json().catch(() => null) : null;
      if (res && res.status === 201 && data) {
        form.remove();
        delete root.dataset.joining;
        history.replaceState(history.state, "", window.location.pathname);
        resolve(data);
      } else if (res && res.status === 409) {
        message.textContent = t("friends_seat_taken");
      } else if (res && res.status === 404) {
        message.textContent = t("friends_bad_invite");
      } else if (res && res.status === 422 && data && data.error && data.error.code === "bad_name") {
        const reason = data.reason; // beside the error (web/names.py name_error)
        message.textContent = t(reason === "name_taken" ? "friends_name_taken" : reason === "seat_label" ? "friends_name_label" : "friends_bad_name");
        input.focus();
      } else {
        message.textContent = (data && data.error && data.error.message) || t("err_network");
      }
    });
    els.controls.prepend(form);
    // the seats wait for the table's view: until the join, the page's placeholders would name
    // the creator "AI 1" and the friend's own seat someone else's (table.css hides them)
    root.dataset.joining = "true";
    input.focus();
  });
}

/**
 * Who invites you, above the name field (`POST /api/invite-preview`): the creator's name, who
 * sits where and the AI's level (the usability walk: the page did not say who asks you to play).
 * A code that gives no seat, or whose seat is taken, is said at once (`closed`) rather than after
 * a name; with no answer, the form asks the name all the same and the join says what is wrong.
 * @param {string} code
 * @param {HTMLElement} about
 * @param {(said: string) => void} closed
 */
async function describeInvite(code, about, closed) {
  // the code in the body: a path would put it in a server's access log (the link keeps it in
  // its fragment for that reason)
  const res = await fetch("/api/invite-preview", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ code }),
  }).catch(() => null);
  if (res && res.status === 404) return closed(t("friends_bad_invite"));
  const data = res && res.ok ? await res.json().catch(() => null) : null;
  if (!data) return;
  if (!data.free) return closed(t("friends_seat_taken"));
  /** @type {{ kind: string, name: string | null, joined: boolean }[]} */
  const seats = data.seats;
  const creator = seats[0] && seats[0].kind === "human" ? seats[0].name : null;
  const who = seats.map((s, i) =>
    i === data.seat ? t("friends_you_here") : s.kind === "ai" ? seatName(i) : s.joined ? s.name || unnamedPlayer(i) : t("friends_free_seat"),
  );
  // the AI plays its seats, and any seat still free if the creator starts without it
  const ai = seats.some((s, i) => i !== data.seat && (s.kind === "ai" || !s.joined));
  const level = ai && LEVELS.includes(data.level) ? t("level_badge", { level: t(`level_${data.level}`) }) : null;
  const lines = [creator ? t("friends_invited_by", { name: creator }) : null, t("friends_at_table", { seats: joinAnd(who) }), level && withStop(level)];
  about.replaceChildren(...lines.filter(Boolean).map((line) => h("p", {}, line)));
  about.hidden = false;
}

/** The waiting screen's panel, made once, above the answers. */
function panel() {
  let el = /** @type {HTMLElement | null} */ (root.querySelector("[data-role=friends]"));
  if (!el) {
    el = h("section", { class: "friends", "data-role": "friends", "data-testid": "friends", "aria-labelledby": "friends-heading", hidden: true });
    els.controls.prepend(el);
  }
  return el;
}

/**
 * Copy an invite link: said in the polite news region too (a button's new name is not read
 * out, accessibility audit). With no clipboard (a page not served over HTTPS, say), the link
 * is selected in its field for the player to copy.
 * @param {string} text
 * @param {HTMLElement} button
 * @param {HTMLInputElement} field
 */
async function copy(text, button, field) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = t("friends_copied");
    notice(t("friends_copied"), { polite: true });
  } catch {
    field.focus();
    field.select();
  }
}

/**
 * What a table that waits for its players says: to a player, that their friends are awaited;
 * to a spectator (no seat here), that the players are.
 * @param {View} v
 */
export function waitingText(v) {
  return t(v.seat === null ? "friends_waiting_watched" : "friends_waiting");
}

/**
 * Who sits where at a friends table, the waiting screen while seats are empty, the away
 * notice, the countdowns. `start` and `back`: what the creator's Start and the away player's
 * "I'm back" send.
 * @param {View} v
 * @param {{ start: () => void, back: () => void }} send
 */
export function renderFriends(v, send) {
  setSeatNames(v);
  const el = panel();
  el.hidden = !v.waiting;
  if (v.waiting) {
    const invites = memory[v.id] || allInvites()[v.id] || {};
    const rows = v.seats.map((s, i) => {
      if (s.kind !== "human") return null;
      const row = h(
        "li",
        { class: "friends-seat", "data-seat": i, "data-joined": String(!!s.joined) },
        h("strong", {}, seatName(i)),
        h("span", {}, s.joined ? t("friends_joined") : t("friends_not_joined")),
      );
      const code = invites[String(i)];
      if (!s.joined && v.seat === 0 && code) {
        const link = inviteUrl(code);
        const field = /** @type {HTMLInputElement} */ (
          h("input", { type: "text", readonly: true, value: link, class: "friends-link", "aria-label": t("friends_invite_label", { n: i }), "data-testid": `invite-${i}` })
        );
        field.addEventListener("focus", () => field.select());
        const button = h("button", { type: "button", class: "button", "data-testid": `copy-${i}` }, t("friends_copy"));
        button.addEventListener("click", () => copy(link, button, field));
        row.append(field, button);
      }
      return row;
    });
    el.replaceChildren(h("h2", { id: "friends-heading" }, waitingText(v)), h("ul", { class: "friends-seats" }, rows));
    // the creator's only (replaceChildren would write a null out as the text "null")
    if (v.seat === 0) el.append(h("button", { type: "button", class: "button button-primary", "data-testid": "start-ai", onclick: send.start }, t("friends_start_ai")));
  }
  renderPresence(v, send);
  signalTurn(v);
}

// ------------------------------------------------------------------ away, countdowns

/** @type {Map<number, number>} seat -> when its time runs out (performance.now() ms) */
const deadlines = new Map();
let ticker = 0;
/** seconds left at which your own decision's countdown warns, once (WCAG 2.2.1) */
export const WARN_AT = 10;
/** @type {number | null} your seat (null: watching), for the ticker */
let mySeat = null;

/**
 * Each seat's badges: away, and the time left for the decision it owes.
 * @param {View} v
 * @param {{ back: () => void }} send
 */
function renderPresence(v, send) {
  deadlines.clear();
  const now = performance.now();
  v.seats.forEach((s, i) => {
    const seat = root.querySelector(`.seat[data-seat="${i}"] .seat-head`);
    if (!seat) return;
    let badge = /** @type {HTMLElement | null} */ (seat.querySelector("[data-role=presence]"));
    if (!badge) {
      badge = h("span", { class: "badge badge-presence", "data-role": "presence", "data-testid": "presence" });
      seat.append(badge);
    }
    if (s.time_left !== null && s.time_left !== undefined && !v.over) deadlines.set(i, now + s.time_left * 1000);
    badge.dataset.away = s.away ? "true" : "false";
    badge.hidden = !s.away && !deadlines.has(i);
    if (s.away) badge.textContent = t("friends_away");
  });
  const mine = v.seat !== null ? v.seats[v.seat] : null;
  let away = /** @type {HTMLElement | null} */ (root.querySelector("[data-role=away]"));
  if (mine && mine.away && !v.over) {
    if (!away) {
      away = h(
        "p",
        { class: "friends-away", "data-role": "away", role: "status" },
        h("span", {}, t("friends_you_away")),
        " ",
        h("button", { type: "button", class: "button", "data-testid": "back", onclick: send.back }, t("friends_back")),
      );
      els.controls.prepend(away);
    }
  } else if (away) away.remove();
  sayTimedOut(v, mine, now);
  mySeat = v.seat;
  tick();
  clearInterval(ticker);
  if (deadlines.size) ticker = window.setInterval(tick, 1000);
}

/** @type {{ deal: string | null, version: number, at: number, from: number, warned: boolean } | null} the decision you owe, while its time runs (`from`: seconds it had when it came) */
let owed = null;

/**
 * A decision asked of you alone (a claim window) that timed out gets the AI's answer and no
 * away mark (docs/api.md, absent players), and the log then names that answer yours: say, to
 * you alone, that the AI gave it. Only when its time had run out and this page sent nothing
 * for it (another tab's answer, or the window closing early, says nothing).
 * @param {View} v
 * @param {View["seats"][number] | null} mine  your seat's row (null: watching)
 * @param {number} now  performance.now()
 */
function sayTimedOut(v, mine, now) {
  if (owed && owed.deal === state.dealId && v.version !== owed.version) {
    const sent = state.sent !== null && state.sent.deal === owed.deal && state.sent.version === owed.version;
    // (the time left was counted before its view came: half a second's leeway for the way)
    if (now >= owed.at - 500 && !sent && mine && !mine.away) notice(t("friends_timed_out"), { polite: true });
    owed = null;
  }
  const left = mine ? mine.time_left : null;
  if (mine && !v.over && v.legal_actions.length && left !== null && left !== undefined) {
    const same = owed && owed.deal === state.dealId && owed.version === v.version;
    const at = now + left * 1000;
    owed = same ? { ...owed, at } : { deal: state.dealId, version: v.version, at, from: left, warned: false };
  }
}

function tick() {
  const now = performance.now();
  for (const [seat, at] of deadlines) {
    const badge = /** @type {HTMLElement | null} */ (root.querySelector(`.seat[data-seat="${seat}"] [data-role=presence]`));
    if (!badge || badge.dataset.away === "true") continue;
    const left = Math.max(0, Math.ceil((at - now) / 1000));
    badge.textContent = t("friends_time_left", { time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}` });
    const short = seat === mySeat && left <= WARN_AT;
    badge.dataset.short = String(short);
    if (short) warnShort(left);
  }
}

/**
 * Your own decision's time is nearly out: say so once, before the AI answers for you (the
 * badge alone is seen only by who looks at it). Not for a decision that came with less time
 * than that, nor again for one already warned of.
 * @param {number} left  whole seconds left
 */
function warnShort(left) {
  if (!owed || owed.warned || left <= 0) return;
  owed.warned = true;
  // shown while the time runs, not 6 s (usability walk: gone with 3 s left); answering clears it
  if (owed.from > WARN_AT) notice(tn("friends_time_short", left), { polite: true, lasts: left * 1000 });
}

// ------------------------------------------------------------------ your turn, in the background

/** @param {View} v */
function signalTurn(v) {
  const yours = !v.over && v.legal_actions.length > 0;
  if (yours && document.hidden && isFriendsTable(v)) {
    if (!document.title.startsWith("●")) {
      document.title = `● ${t("friends_your_turn_title")} · ${TITLE}`;
      if (soundOn()) beep();
    }
  } else if (document.title !== TITLE) document.title = TITLE;
}

document.addEventListener("visibilitychange", () => {
  if (!document.hidden && document.title !== TITLE) document.title = TITLE;
});

const soundOn = () => {
  try {
    return localStorage.getItem(SOUND_KEY) === "on";
  } catch {
    return false;
  }
};

/** A short tone (no file to load): Web Audio, where the browser lets the page play it. */
function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.4);
  } catch {
    /* no audio */
  }
}

/**
 * The "Sound on your turn" setting, shown at a friends table once.
 * @param {View} v
 */
export function renderSoundSetting(v) {
  if (!isFriendsTable(v) || v.seat === null || root.querySelector("[data-role=sound]")) return;
  const box = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id: "friends-sound", "data-testid": "sound" }));
  box.checked = soundOn();
  box.addEventListener("change", () => {
    try {
      localStorage.setItem(SOUND_KEY, box.checked ? "on" : "off");
    } catch {
      /* storage off */
    }
  });
  els.controls.append(h("p", { class: "friends-sound", "data-role": "sound" }, box, " ", h("label", { for: "friends-sound" }, t("friends_sound"))));
}
