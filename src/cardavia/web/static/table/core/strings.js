// @ts-check
// The page's config and the words of the table: t() and tn() over the strings the page was
// sent (web/strings/), seat and card names, and how the page's language lists names and runs
// sentences together. No DOM and no state: every other module may import this one.

/** @typedef {import("./types.js").Config} Config */
/** @typedef {import("./types.js").CardInfo} CardInfo */

const configEl = document.getElementById("cardavia-config");
/** The page's config (pages.table()); empty on a page without a table. */
export const config = /** @type {Config} */ (configEl ? JSON.parse(configEl.textContent) : {});
const STRINGS = config.strings || {};
const PLURALS = config.plural_forms || {};
/** Seat names, one per player: "You", "AI 1"… */
export const SEATS = config.seats || ["You", "AI 1", "AI 2", "AI 3"];

/**
 * `%(name)s` from args; `%%` is a percent sign, as in Python's %-formatting of the msgids.
 * @param {string} template
 * @param {Record<string, any>} args
 */
function fill(template, args) {
  return String(template).replace(/%\((\w+)\)s|%%/g, (match, name) =>
    match === "%%" ? "%" : Object.prototype.hasOwnProperty.call(args, name) ? String(args[name]) : match,
  );
}

/**
 * A translated string; an unknown key shows itself. A key sent only as a plural shows its
 * last form (a review stored before its sentence carried a number names it without one).
 * @param {string} key
 * @param {Record<string, any>} [args]
 */
export function t(key, args = {}) {
  if (key in STRINGS) return fill(STRINGS[key], args);
  const forms = PLURALS[key];
  return fill(forms && forms.length ? forms[forms.length - 1] : key, args);
}

/** @type {Intl.PluralRules} */
let pluralRules;
try {
  pluralRules = new Intl.PluralRules(config.lang);
} catch {
  pluralRules = new Intl.PluralRules("en");
}

/**
 * A plural string: the form for `n` in the page's language, `%(n)s` filled with `n`.
 * @param {string} key
 * @param {number} n
 * @param {Record<string, any>} [args]
 */
export function tn(key, n, args = {}) {
  const forms = PLURALS[key] || [key];
  const categories = config.plural_categories || {};
  let index = categories[pluralRules.select(n)];
  if (index === undefined) index = n === 1 ? 0 : forms.length - 1;
  const form = forms[Math.min(index, forms.length - 1)];
  // `args.n`, if given, is how n shows ("+6", "1.5"); the form is chosen by n itself
  return fill(form, { n, ...args });
}

/**
 * Like t(), but a placeholder may be filled with a node: returns [string | Node].
 * @param {string} key
 * @param {Record<string, string | Node>} args
 * @returns {(string | Node)[]}
 */
export function tNodes(key, args) {
  const template = key in STRINGS ? STRINGS[key] : key;
  return String(template)
    .split(/(%\(\w+\)s|%%)/)
    .map((part, i) => {
      if (i % 2 === 0) return part;
      if (part === "%%") return "%";
      const name = part.slice(2, -2);
      return Object.prototype.hasOwnProperty.call(args, name) ? args[name] : part;
    })
    .filter((part) => part !== "");
}

/**
 * "AI 2" never splits across lines on a phone: a no-break space before its number.
 * @param {number} seat
 */
export const seatName = (seat) =>
  (names.get(seat) ?? (seat === 0 && watching ? t("seat_player") : (SEATS[seat] ?? `#${seat}`))).replace(/ (?=\d)/g, "\u00a0");
let watching = false;
/** @type {Map<number, string>} the seats' names at a table for friends (setSeatNames) */
const names = new Map();
/** What the seats are called now, to tell whether a view renamed one (a friend sat down). */
export const seatNamesKey = () => [...names].join("|");
/**
 * At a table of two or more humans: "You" for your seat, each other player's display name
 * (or, with none, "Player" for seat 0, the creator's, "Player n" for seat n: numbered as the AI
 * seats are, so that "Player 2" and "AI 2" are never two seats), "AI n" for the AI seats.
 * Elsewhere the names of config.seats.
 * @param {{ seat: number | null, seats: { kind: string, name?: string | null }[] }} v
 */
export function setSeatNames(v) {
  names.clear();
  if (v.seats.filter((s) => s.kind === "human").length < 2) return;
  v.seats.forEach((s, i) => {
    if (i === v.seat) names.set(i, SEATS[0]);
    else if (s.kind === "human") names.set(i, s.name || unnamedPlayer(i));
    else names.set(i, SEATS[i] ?? `#${i}`);
  });
}
/**
 * An unnamed human seat's name: "Player" for seat 0, "Player n" for seat n (as "AI n").
 * @param {number} seat
 */
export const unnamedPlayer = (seat) => (seat === 0 ? t("seat_player") : t("seat_player_n", { n: seat }));
/**
 * A watched deal's seat 0 is a player, not "you" (state.setWatching).
 * @param {boolean} on
 */
export function nameSeatsForWatching(on) {
  watching = on;
}
/**
 * A card's name and picture URL from config.cards.
 * @param {string} code
 * @returns {CardInfo}
 */
export const cardInfo = (code) => (config.cards && config.cards[code]) || { name: code, url: "" };
/** @param {string} code */
export const cardName = (code) => cardInfo(code).name;

const CHINESE = config.lang === "zh";
/**
 * A list of card names ("small 1, small 2"): a comma in every language, 、 in Chinese. Not
 * Intl.ListFormat: its unit lists have no separator at all in Russian and Chinese, which runs
 * names of several words together.
 * @param {string[]} items
 */
export const joinList = (items) => items.join(CHINESE ? "、" : ", ");
/**
 * Parts of one phrase that each hold a list ("small 1, small 2; bi: …"): "；" in Chinese.
 * @param {string[]} parts
 */
export const joinParts = (parts) => parts.join(CHINESE ? "；" : "; ");

/**
 * Cards in words, identical ones counted, in their order: "Heaven 6-6 ×2, Red Nine 4-5".
 * @param {string[]} codes
 */
export function cardsText(codes) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const c of codes) counts.set(c, (counts.get(c) || 0) + 1);
  return joinList([...counts].map(([code, n]) => (n > 1 ? t("card_times", { card: cardName(code), n }) : cardName(code))));
}

// Names joined by "and" as the language writes it ("AI 1 and AI 2", "AI 1 y AI 2"). Chinese
// spaces Latin names off its own words, as the catalog does ("AI 1 和 AI 2"), where the list
// format joins them tight.
/** @type {Intl.ListFormat | null} */
let andFormat = null;
try {
  andFormat = new Intl.ListFormat(config.lang, { style: "long", type: "conjunction" });
} catch {
  andFormat = null;
}
/** @param {string[]} items */
export function joinAnd(items) {
  const joined = andFormat ? andFormat.format(items) : items.join(", ");
  return CHINESE ? joined.replace(/([A-Za-z0-9])和/g, "$1 和").replace(/和([A-Za-z0-9])/g, "和 $1") : joined;
}

/**
 * Sentences in a row: Chinese runs them together ("…更近。这样…"), other languages put a space
 * between; a part without a final stop (a label such as "Ready") gets one.
 * @param {...(string | null | undefined | false)} parts
 */
export function sentences(...parts) {
  const said = /** @type {string[]} */ (parts.filter(Boolean));
  /** @type {(p: string, i: number) => string} */
  const stop = (p, i) => (i < said.length - 1 ? withStop(p) : p);
  return said.map(stop).join(CHINESE ? "" : " ");
}

/**
 * A label as a sentence of its own for a screen reader, which otherwise runs the next words on
 * ("AI level: Easy Dealer"): a final stop added, the language's (usability review m11).
 * @param {string} text
 */
export const withStop = (text) => (/[.!?…。！？:：]$/.test(text) ? text : text + (CHINESE ? "。" : "."));

/**
 * A caption that leads into what follows it ("Drawn by AI 2: yellow Chariot"), for a screen
 * reader: a final colon, the language's.
 * @param {string} text
 */
export const withColon = (text) => (/[.!?…。！？:：]$/.test(text) ? text : text + (CHINESE ? "：" : ":"));

/**
 * A name and what is said of it ("small 5: in your kan"; "小写五：属于…", with no space after
 * the full-width colon).
 * @param {string} name
 * @param {string} text
 */
export const labelled = (name, text) => withColon(name) + (CHINESE ? "" : " ") + text;

let signedFormat;
try {
  signedFormat = new Intl.NumberFormat(config.lang, { signDisplay: "exceptZero" });
} catch {
  signedFormat = new Intl.NumberFormat("en", { signDisplay: "exceptZero" });
}
/**
 * A change of score with its sign ("+10", "−5", "0"): a true minus sign, as in the settlement's
 * formulas, not the hyphen most locales format.
 * @param {number} n
 */
export const signed = (n) => signedFormat.format(n).replace("-", "\u2212");

/** @type {Map<number, Intl.NumberFormat>} by the count of decimals */
const decimalFormats = new Map();
/** @param {number} digits */
function decimalFormat(digits) {
  let format = decimalFormats.get(digits);
  if (!format) {
    const options = { minimumFractionDigits: digits, maximumFractionDigits: digits };
    try {
      format = new Intl.NumberFormat(config.lang, options);
    } catch {
      format = new Intl.NumberFormat("en", options);
    }
    decimalFormats.set(digits, format);
  }
  return format;
}
/**
 * A sentence's params with their decimals as the page's language writes them ("0,8" in
 * Russian, Ukrainian, Czech and Spanish): a decimal the server wrote as text ("0.8", "-1.3", its
 * decimals kept) or a number that is not whole. Anything else is left as it is.
 * @param {Record<string, any>} params
 * @returns {Record<string, any>}
 */
export function localNumbers(params) {
  /** @type {Record<string, any>} */
  const out = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === "string" && /^-?\d+\.\d+$/.test(value)) out[key] = decimalFormat(value.split(".")[1].length).format(Number(value));
    else if (typeof value === "number" && Number.isFinite(value) && !Number.isInteger(value)) out[key] = decimalFormat(1).format(value);
    else out[key] = value;
  }
  return out;
}

/**
 * One of the server's sentences (a hint's or a review's why) in the page's language: a plural
 * when it carries a number, its decimals as the language writes them.
 * @param {{ key: string, n: number | null, params?: Record<string, any> }} w
 */
export function said(w) {
  const params = localNumbers(w.params || {}); // "0,8" where the language writes a decimal comma
  return typeof w.n === "number" ? tn(w.key, w.n, params) : t(w.key, params);
}
