// @ts-check
// Resume your deal (usability review m2). Every Start game form (templates/_macros.html,
// start_form) whose game has a deal unfinished in this browser gets a Resume your deal link
// before its button, saying the deal's level and who is to play, and its button then reads
// New deal and sends `?new=1`, which the table obeys (table/core/api.js, openDeal); so neither
// choice is made for you. The deal is the one the table remembers for its game
// (`cardavia.deal.<game>`, table/core/state.js), with its seat token (`cardavia.tokens`); the
// history's note (table/core/deals.js) spares asking the server of one known to be over. The
// server is asked for its view, as the table would, and a deal it has not, or one over, is left.

import { dealsPlayed } from "../table/core/deals.js";

const TOKENS_KEY = "cardavia.tokens";

/** @param {string} key */
function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage off: nothing to resume
  }
}

/**
 * A format's %(name)s filled in.
 * @param {string} format
 * @param {Record<string, string | number>} args
 */
const fill = (format, args) => format.replace(/%\((\w+)\)s/g, (_, name) => String(args[name] ?? ""));

/**
 * The unfinished deal of `game` this browser can resume, with its view; null if none.
 * @param {string} game
 */
async function unfinished(game) {
  const id = stored(`cardavia.deal.${game}`);
  if (!id) return null;
  const note = dealsPlayed()[id];
  if (note && (note.over || note.gone)) return null;
  let token = null;
  try {
    token = JSON.parse(stored(TOKENS_KEY) || "{}")[id] || null;
  } catch {
    token = null;
  }
  if (!token) return null; // not this browser's seat: the table would start afresh anyway
  try {
    const res = await fetch(`/api/games/${encodeURIComponent(id)}`, {
      headers: { Accept: "application/json", Authorization: `Bearer ${token}` },
      cache: "no-store",
    });
    if (!res.ok) return null;
    const { view } = await res.json();
    return view && !view.over && view.game === game ? { id, view } : null;
  } catch {
    return null; // the server is away: the form stays as it is
  }
}

/**
 * Who is to play, in the form's words: "your turn", a seat's name, or nothing to say.
 * @param {HTMLFormElement} form
 * @param {any} view
 */
function resumeText(form, view) {
  const d = form.dataset;
  const label = form.querySelector(`label[for="level-${d.game}-${view.level}"]`);
  const level = label ? (label.textContent || "").trim() : "";
  if (!level) return d.resume || "";
  const seats = view.seats.length;
  if (view.legal_actions.length || view.to_act.includes(view.seat)) return fill(d.resumeTurn || "", { level });
  const next = view.to_act[0];
  if (next === undefined) return fill(d.resumeLevel || "", { level });
  const info = view.seats[next] || {};
  const seat = info.kind === "human" && info.name ? info.name : fill(d.ai || "", { n: (next - view.seat + seats) % seats });
  return fill(d.resumeSeat || "", { level, seat });
}

/** @param {HTMLFormElement} form */
async function offerResume(form) {
  const game = form.dataset.game;
  if (!game) return;
  const found = await unfinished(game);
  if (!found) return;
  const start = form.querySelector("[data-role=start]");
  const url = new URL(form.action, window.location.href);
  url.searchParams.set("deal", found.id);
  const link = document.createElement("a");
  link.className = "button button-primary";
  link.href = url.pathname + url.search;
  link.dataset.testid = "resume-deal";
  link.textContent = resumeText(form, found.view);
  const about = start && start.getAttribute("aria-describedby");
  if (about) link.setAttribute("aria-describedby", about);
  const fresh = document.createElement("input");
  fresh.type = "hidden";
  fresh.name = "new";
  fresh.value = "1";
  form.prepend(fresh);
  if (start) {
    start.textContent = form.dataset.newDeal || start.textContent;
    start.before(link);
    // the main button is the one a choice made leads to: New deal once a friend's seat is
    // chosen (a table for friends), else Resume (usability walk: Resume stayed the main one)
    const friends = () => [...form.querySelectorAll("select[name^=seat]")].some((s) => /** @type {HTMLSelectElement} */ (s).value === "friend");
    const emphasise = () => {
      const invite = friends();
      link.classList.toggle("button-primary", !invite);
      start.classList.toggle("button-primary", invite);
    };
    form.addEventListener("change", emphasise);
    emphasise();
  }
}

for (const form of document.querySelectorAll("form[data-game]")) offerResume(/** @type {HTMLFormElement} */ (form));
