// @ts-check
// The table of the Paohuzi family on the 80 number cards (Paohuzi, rules/paohuzi.md; Two Seven
// Ten, rules/erqishi.md, a rule-set variant of it): your hand sorted small then large with its
// kans locked and set apart, the stock and the card in play in the centre (who revealed or
// discarded it, the dealer's shown card at the start), every seat's exposed groups with their
// huxi, the claims as buttons (win, pao, peng, one button per chi with its full set of bi groups,
// pass), stale or passed cards and the dead hand explained in words, and the end sheet: each
// group's huxi, the total, the game's settlement and the payments per seat.
//
// `zipaiPlugin(rules)` builds the plugin for registerGame; `rules` holds what a game of the
// family does differently (ZipaiRules below; Paohuzi's behaviour is the default). A game's words
// come by the same keys (phz_…): its strings module (web/strings/<game>.py) maps a key to its
// own msgid where the rule differs. The game-independent table is core/; the interface is
// described in docs/table-client.md and typed in core/types.js.

import { ctx } from "../core/ctx.js";
import { HUMAN, keysLine } from "../core/state.js";
import { t, tn, seatName, cardName, joinList, joinParts, sentences, signed } from "../core/strings.js";
import { h, cardFace } from "../core/dom.js";
import { answerLine, dealerStartLine } from "../core/log.js";
import { outcome } from "../core/result.js";
import { fillCentre, stockPile, publicCard } from "./centre.js";
import { winButton, passButton, numberKeys, groupOf } from "./claims.js";

/** @typedef {import("../core/types.js").ButtonSpec} ButtonSpec */

/**
 * What a game of the family does differently from Paohuzi (every field optional).
 * @typedef {object} ZipaiRules
 * @property {boolean} [dealtTiFaceDown] an opening ti lies face down (PHZ-15; default true)
 * @property {(play: {source: string, from: number}) => boolean} [mayChi] may you chi the card in play
 * @property {(play: {source: string, from: number}) => boolean} [mayPeng] may you peng it
 * @property {(view: any) => string} [statusNoCard] the status when a win is offered with no card in play
 * @property {(event: any, you: boolean, args: Record<string, any>) => string | null | undefined} [describe] a log line of the game's own (undefined: the shared one)
 * @property {(breakdown: any) => Node} [scoreBlock] the end sheet's total and settlement
 * @property {(breakdown: any, winner: number) => Node[]} [resultNotes] lines under the winning card
 * @property {(seat: number, model: any) => HTMLElement[]} [seatChips] extra chips of a seat
 * @property {(verb: string) => string | null} [claimNote] words under a claim button
 * @property {(view: any) => string | null} [winLabel] Win!'s label when a win is offered
 * @property {(breakdown: any) => string | undefined} [winningNote] the end sheet's winning-card line
 */

// The family's styles are Paohuzi's (table/paohuzi.css, scoped by the table's data-family,
// set here). The page links them on another game of the family's table too (traditions.py
// `family`), before the plugin runs: a sheet linked from here came after the first layout,
// which the decision's scroll into view measured.
function markFamily() {
  document.querySelector("[data-testid=table]")?.setAttribute("data-family", "zipai");
}

/**
 * A rule's phrases ("10–14 huxi: 1 · 15–20: 2 · …"), each kept on one line: the line breaks
 * between them, never inside one after its dash ("21–" above "24: 4").
 * @param {string} rule
 * @returns {(string | Node)[]}
 */
function rulePhrases(rule) {
  return rule.split(" · ").flatMap((part, i) => {
    const phrase = h("span", { class: "phz-rule-part" }, part);
    return i ? [" · ", phrase] : [phrase];
  });
}

/**
 * The end sheet's sums, a <dl> of rows: the total, what it pays… (Paohuzi's tun, Two Seven
 * Ten's units and who pays them).
 * @param {{ cls: string, testid: string, data: Record<string, string | number>, term: string, rule?: string, value: string }[]} rows
 */
export function sumsList(rows) {
  return h(
    "dl",
    { class: "phz-sums" },
    rows.map((row) =>
      h(
        "div",
        { class: `phz-sum ${row.cls}`, "data-testid": row.testid, ...Object.fromEntries(Object.entries(row.data).map(([k, v]) => [`data-${k}`, v])) },
        h("dt", {}, row.term, row.rule ? h("span", { class: "phz-rule" }, rulePhrases(row.rule)) : null),
        h("dd", {}, row.value),
      ),
    ),
  );
}

/**
 * Who paid and who received, as the server settled it (`payments`, one signed change per seat,
 * PHZ-13 / ER-15): a Player / Change table, as Nantong's settlement, the winner's row marked
 * (usability review m6: a sign on a sentence about someone paying read against you).
 * @param {number[]} payments
 * @param {number} winner
 */
function paymentsTable(payments, winner) {
  return h(
    "section",
    { class: "phz-payments", "aria-labelledby": "phz-payments-heading" },
    h("h3", { id: "phz-payments-heading" }, t("phz_result_payments")),
    h(
      "table",
      { class: "phz-pay-table", "data-testid": "phz-payments" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("phz_col_player")), h("th", { scope: "col", class: "phz-num" }, t("phz_col_change")))),
      h(
        "tbody",
        {},
        payments.map((amount, seat) =>
          h(
            "tr",
            {
              class: `phz-payment${seat === winner ? " is-winner" : ""}${amount < 0 ? " is-paying" : ""}`,
              "data-testid": "phz-payment",
              "data-player": seat,
              "data-amount": amount,
            },
            h("th", { scope: "row" }, seatName(seat), seat === winner ? h("span", { class: "phz-payment-tag" }, t("phz_col_winner")) : null),
            h("td", { class: "phz-num phz-payment-value" }, signed(amount)),
          ),
        ),
      ),
    ),
  );
}

/**
 * The plugin of a game of the family, for registerGame.
 * @param {ZipaiRules} [rules]
 * @returns {import("../core/types.js").Plugin<any>}
 */
export function zipaiPlugin(rules = {}) {

  const PLAYERS = 3;
  const HAND = 20; // PHZ-9: cards owned between turns, plus one per 4-card group after the first

  // ------------------------------------------------------------------ cards (PHZ-2, PHZ-4)

  // "s1".."s10" small, "L1".."L10" large, as ids 0..19: small before large, by rank.
  const idOf = (code) => (code[0] === "L" ? 10 : 0) + Number(code.slice(1)) - 1;
  const isLarge = (code) => code[0] === "L";

  // the huxi of identical groups, small / large (PHZ-4)
  const IDENTICAL_HUXI = { ti: [9, 12], pao: [6, 9], wei: [3, 6], kan: [3, 6], peng: [1, 3] };
  const identicalHuxi = (kind, code) => IDENTICAL_HUXI[kind][isLarge(code) ? 1 : 0];

  // Every chi-type group, as sorted ids (38 groups: sequences, 2-7-10, mixed).
  const CHI_GROUPS = [];
  for (const base of [0, 10]) {
    for (let r = 0; r < 8; r++) CHI_GROUPS.push([base + r, base + r + 1, base + r + 2]);
    CHI_GROUPS.push([base + 1, base + 6, base + 9]);
  }
  for (let r = 0; r < 10; r++) {
    CHI_GROUPS.push([r, r, r + 10], [r, r + 10, r + 10]);
  }

  const sortCodes = (codes) => [...codes].sort((a, b) => idOf(a) - idOf(b));

  function countsOf(codes) {
    const counts = new Array(20).fill(0);
    for (const c of codes) counts[idOf(c)] += 1;
    return counts;
  }

  const fits = (group, counts) => group.every((c) => counts[c] >= group.filter((x) => x === c).length);

  function without(counts, group) {
    const rest = [...counts];
    for (const c of group) rest[c] -= 1;
    return rest;
  }

  // PHZ-8: sets of bi groups from `rest` that use up every copy of `card` (A-PHZ-8).
  function biSets(rest, card) {
    const copies = rest[card];
    if (!copies) return [[]];
    const fitting = CHI_GROUPS.filter((g) => g.includes(card) && fits(g, rest));
    const count = (g) => g.filter((x) => x === card).length;
    const out = fitting.filter((g) => count(g) === copies).map((g) => [g]);
    if (copies === 2) {
      const singles = fitting.filter((g) => count(g) === 1);
      singles.forEach((g1, i) => {
        for (const g2 of singles.slice(i)) if (fits([...g1, ...g2], rest)) out.push([g1, g2]);
      });
    }
    return out;
  }

  // Could you chi `card` with this hand if it were not stale (PHZ-7, PHZ-8, PHZ-9)? `free`:
  // concealed non-kan counts; `discardDue`: the chi would call for a discard.
  function couldChi(free, card, discardDue) {
    for (const g of CHI_GROUPS) {
      if (!g.includes(card)) continue;
      const fromHand = [...g];
      fromHand.splice(fromHand.indexOf(card), 1);
      if (!fits(fromHand, free)) continue;
      const rest = without(free, fromHand);
      for (const bis of biSets(rest, card)) {
        let left = rest;
        for (const bi of bis) left = without(left, bi);
        if (!discardDue || left.some((n) => n > 0)) return true;
      }
    }
    return false;
  }

  // ------------------------------------------------------------------ words

  const KIND_KEYS = {
    chi: "phz_kind_chi",
    bi: "phz_kind_bi",
    peng: "phz_kind_peng",
    wei: "phz_kind_wei",
    pao: "phz_kind_pao",
    ti: "phz_kind_ti",
    kan: "phz_kind_kan",
    "1-2-3": "phz_kind_123",
    "2-7-10": "phz_kind_2710",
    sequence: "phz_kind_sequence",
    mixed: "phz_kind_mixed",
    pair: "phz_kind_pair",
    triple: "phz_kind_triple",
    other: "phz_kind_other",
  };
  const kindName = (kind) => t(KIND_KEYS[kind] || kind);

  const cardsText = (codes) => joinList(codes.map(cardName));

  // "small 1, small 2, small 3; bi: small 5, large 5, large 5" for a chi and its bi groups
  function chiText(groups) {
    const [chi, ...bis] = groups;
    return joinParts([cardsText(chi), ...bis.map((bi) => t("phz_bi_part", { cards: cardsText(bi) }))]);
  }

  // `chi s3 s4 s5 bi s5 L5 L5` -> [[s3, s4, s5], [s5, L5, L5]]
  function chiGroups(action) {
    const groups = [[]];
    for (const token of action.split(" ").slice(1)) {
      if (token === "bi") groups.push([]);
      else groups[groups.length - 1].push(token);
    }
    return groups;
  }

  // ------------------------------------------------------------------ the display model
  // Besides the core's fields: stock, shown (the dealer's shown card), public (the card in the
  // centre: {code, by, how}), inPlay ({code, source, from} while a card is under claim), kans,
  // stale ({chi, peng}: your stale cards) and per seat `dead`. A group also keeps `huxi`
  // (null when hidden), `faceDown` and its card.

  let kanSet = new Set(); // your kans, for sortHand (which gets only the codes)

  function group(kind, cards, huxi, { hidden = false, mine = false } = {}) {
    const card = cards && cards[0] ? cards[0] : null;
    // PHZ-3, PHZ-15: an opening ti lies face down, its card unknown to the others; a wei is
    // placed face down too (spec §3), its card known to all from the public reveal. You see the
    // faces of your own.
    const faceDown = hidden || kind === "wei"; // no wei in a game without one
    const size = cards ? cards.length : 4;
    const shown = faceDown && !mine ? new Array(size).fill(null) : [...cards];
    const name = kindName(kind);
    let label = name;
    if (faceDown) label = card ? t("phz_face_down_card", { kind: name, card: cardName(card) }) : t("phz_face_down", { kind: name });
    if (huxi !== null && huxi !== undefined) label = t("phz_group_huxi", { group: label, huxi: tn("phz_huxi", huxi) });
    return { cards: shown, kind, label, huxi: huxi ?? null, faceDown, card };
  }

  // `dealtTi`: the cards of your opening ti (the log tells; the view shows you its faces).
  function viewGroup(g, seat, dealtTi) {
    const mine = seat === HUMAN;
    const tiDown = rules.dealtTiFaceDown ?? true;
    const hidden = g.cards === null || (tiDown && mine && g.kind === "ti" && dealtTi.has(g.cards[0]));
    return group(g.kind, g.cards || new Array(g.size).fill(null), g.huxi, { hidden, mine });
  }

  function seatHuxi(s) {
    return s.groups.reduce((sum, g) => sum + (g.huxi ?? 0), 0);
  }

  function activeSeat(v) {
    const tb = v.table;
    if (v.over) return v.result && v.result.winner !== null ? v.result.winner : null;
    if (v.legal_actions.length) return HUMAN;
    if (tb.phase === "discard" && tb.discarder !== null) return tb.discarder;
    return tb.turn ?? null;
  }

  const TAKES = new Set(["chi", "peng", "pao", "wei", "ti", "win", "unclaimed", "drawn"]);

  function model(v) {
    const tb = v.table;
    kanSet = new Set(tb.kans);
    const dealtTi = new Set(v.log.filter((e) => e.kind === "ti" && e.from === "deal" && e.seat === HUMAN && e.card).map((e) => e.card));
    const m = {
      hand: [...tb.hand],
      kans: [...tb.kans],
      dealer: tb.dealer,
      active: activeSeat(v),
      fresh: null,
      stock: tb.stock,
      shown: tb.shown,
      stale: { chi: [...tb.stale.chi], peng: [...tb.stale.peng] },
      inPlay: tb.public_card && !v.over ? { code: tb.public_card, source: tb.source, from: tb.offered_by } : null,
      public: null,
      seats: tb.seats.map((s, i) => ({
        count: s.concealed,
        groups: s.groups.map((g) => viewGroup(g, i, dealtTi)),
        pile: [...s.discards],
        dead: s.dead,
        passed: [...(s.passed || [])],
      })),
    };
    if (m.inPlay) {
      m.public = { code: tb.public_card, by: tb.offered_by, how: tb.source === "reveal" ? "revealed" : "discarded" };
    } else {
      // No card under claim: show what became of the last one, faded (taken, unclaimed, won).
      let moved = false;
      for (let i = v.log.length - 1; i >= 0; i--) {
        const e = v.log[i];
        if (e.kind === "reveal" || e.kind === "discard") {
          moved = true;
          break;
        }
        if (TAKES.has(e.kind) && !(e.kind === "ti" && e.from === "deal")) {
          m.public = publicAfter(e);
          moved = true;
          break;
        }
      }
      if (!moved && !v.over && tb.shown) m.public = { code: tb.shown, by: tb.dealer, how: "shown" };
    }
    return m;
  }

  // The centre after an event that settles the card in play.
  function publicAfter(e) {
    switch (e.kind) {
      case "chi":
      case "peng":
      case "pao":
        return { code: e.card, by: e.seat, how: "took", kind: e.kind };
      case "wei":
      case "ti":
        return { code: e.card, by: e.seat, how: "compulsory", kind: e.kind };
      case "unclaimed":
        return { code: e.card, by: e.seat, how: "unclaimed" };
      case "win":
        return e.card ? { code: e.card, by: e.seat, how: "won" } : null;
      default:
        return null;
    }
  }

  // PHZ-12: a chi or peng you passed up makes the card stale for it, unless a higher claim
  // took the card before your turn to be asked came. The engine tells you which, once the card
  // goes (`stale`); tell the player.
  function news(e) {
    if (e.kind !== "stale" || e.seat !== HUMAN) return;
    const chi = e.verbs.includes("chi");
    const peng = e.verbs.includes("peng");
    const args = { card: cardName(e.card) };
    const polite = { polite: true };
    if (chi && peng) ctx.notice(t("phz_notice_stale_both", args), polite);
    else if (chi) ctx.notice(t("phz_notice_stale_chi", args), polite);
    else if (peng) ctx.notice(t("phz_notice_stale_peng", args), polite);
  }

  // The hand: small then large, by rank; each kan after them, as its own group.
  const sortKey = (code) => (kanSet.has(code) ? 100 : 0) + idOf(code);
  const sortHand = (codes) => [...codes].sort((a, b) => sortKey(a) - sortKey(b));

  // ------------------------------------------------------------------ what blocks your claims

  // PHZ-9: would a take that adds a card call for a discard?
  function discardDue(m) {
    const me = m.seats[HUMAN];
    if (!me) return false; // watching: no hand of yours
    let owned = m.hand.length;
    let quads = 0;
    for (const g of me.groups) {
      owned += g.cards.length;
      if (g.kind === "ti" || g.kind === "pao") quads += 1;
    }
    return owned + 1 > HAND + Math.max(0, quads - 1);
  }

  // The claims on the card in play that stale cards take from you (PHZ-12), as notes.
  function staleBlocks(m) {
    const play = m.inPlay;
    const me = m.seats[HUMAN];
    if (!play || !me || me.dead) return [];
    const card = idOf(play.code);
    const free = countsOf(m.hand.filter((c) => !m.kans.includes(c)));
    const out = [];
    const fromStock = play.source === "reveal";
    const chiSeat = rules.mayChi
      ? rules.mayChi(play)
      : fromStock
        ? play.from === HUMAN || HUMAN === (play.from + 1) % PLAYERS
        : HUMAN === (play.from + 1) % PLAYERS;
    if (chiSeat && m.stale.chi.includes(play.code) && !m.kans.includes(play.code) && couldChi(free, card, discardDue(m))) {
      out.push({ verb: "chi", text: t("phz_stale_chi", { card: cardName(play.code) }) });
    }
    const due = discardDue(m);
    const pengOk = free[card] >= 2 && !(due && free.reduce((a, b) => a + b, 0) - 2 === 0);
    const pengSeat = rules.mayPeng ? rules.mayPeng(play) : play.from !== HUMAN;
    if (pengSeat && pengOk && m.stale.peng.includes(play.code)) {
      out.push({ verb: "peng", text: t("phz_stale_peng", { card: cardName(play.code) }) });
    }
    return out;
  }

  // Your stale cards, in a line (PHZ-12): for chi and peng, for chi only, for peng only.
  function staleList(m) {
    const chi = sortCodes(m.stale.chi);
    const peng = sortCodes(m.stale.peng);
    const both = chi.filter((c) => peng.includes(c));
    const parts = [];
    if (both.length) parts.push(t("phz_stale_list_both", { cards: cardsText(both) }));
    const chiOnly = chi.filter((c) => !both.includes(c));
    if (chiOnly.length) parts.push(t("phz_stale_list_chi", { cards: cardsText(chiOnly) }));
    const pengOnly = peng.filter((c) => !both.includes(c));
    if (pengOnly.length) parts.push(t("phz_stale_list_peng", { cards: cardsText(pengOnly) }));
    return sentences(...parts);
  }

  // ------------------------------------------------------------------ the centre

  /** @type {{ stock: ReturnType<typeof stockPile>, public: ReturnType<typeof publicCard>, shown: HTMLElement, notes: HTMLElement }} */
  let centre = null; // the widgets setup() built

  function setup() {
    markFamily();
    const stock = stockPile();
    const pub = publicCard({ caption: captionText, faded: (p) => ["took", "compulsory", "unclaimed"].includes(p.how) });
    const shown = h("p", { class: "phz-shown", "data-testid": "shown-card", hidden: true });
    const notes = h("div", { class: "phz-notes", "data-testid": "phz-notes" });
    fillCentre(t("phz_centre_heading"), h("div", { class: "phz-centre-row" }, stock.el, pub.el, shown), notes);
    centre = { stock, public: pub, shown, notes };
  }

  function captionText(pub) {
    const you = pub.by === HUMAN;
    const seat = seatName(pub.by);
    switch (pub.how) {
      case "revealed":
        return you ? t("phz_caption_you_revealed") : t("phz_caption_revealed", { seat });
      case "discarded":
        return you ? t("caption_you_discarded") : t("caption_discarded", { seat });
      case "took": // chi, peng or pao
        return t(`phz_caption_${you ? "you_" : ""}took_${pub.kind}`, { seat });
      case "compulsory": // wei or ti
        return t(`phz_caption_${you ? "you_" : ""}${pub.kind}`, { seat });
      case "unclaimed":
        return you ? t("phz_caption_you_unclaimed") : t("phz_caption_unclaimed", { seat });
      case "won":
        return you ? t("caption_you_won") : t("caption_won", { seat });
      case "shown":
        return you ? t("phz_caption_you_shown") : t("phz_caption_shown", { seat });
      default:
        return "";
    }
  }

  function renderCentre(el, m) {
    const { shown, notes } = centre;
    centre.stock.show(m.stock);
    centre.public.show(m.public);
    const pub = m.public;
    // the dealer's shown card (PHZ-2), while it is not the big card already
    const showShown = !!m.shown && !(pub && pub.how === "shown");
    shown.hidden = !showShown;
    if (showShown && shown.dataset.code !== m.shown) {
      shown.dataset.code = m.shown;
      shown.replaceChildren(
        cardFace(m.shown, "card-shown", ""),
        h("span", { class: "phz-shown-text" }, h("span", { class: "phz-shown-label" }, t("phz_shown_label")), h("span", {}, cardName(m.shown))),
      );
    }
    const lines = [];
    if (m.seats[HUMAN]?.dead) lines.push(h("p", { class: "phz-note phz-note-dead", "data-testid": "dead-note" }, t("phz_note_dead")));
    for (const block of staleBlocks(m)) {
      lines.push(h("p", { class: "phz-note phz-note-stale", "data-testid": "stale-note", "data-verb": block.verb }, block.text));
    }
    const list = staleList(m);
    if (list) lines.push(h("p", { class: "phz-note phz-note-muted", "data-testid": "stale-list" }, list));
    const text = lines.map((n) => n.textContent).join("|");
    if (notes.dataset.text !== text) {
      notes.dataset.text = text;
      notes.replaceChildren(...lines);
    }
    notes.hidden = !lines.length;
  }

  // ------------------------------------------------------------------ seats

  function seatExtras(slot, seat, m) {
    const s = m.seats[seat];
    const huxi = seatHuxi(s);
    const chips = [
      h(
        "span",
        { class: "phz-chip phz-chip-huxi", "data-testid": "huxi-count", "data-huxi": huxi, title: t("phz_huxi_title") },
        tn("phz_huxi", huxi),
      ),
    ];
    if (seat === HUMAN && m.kans.length) {
      const kanHuxi = m.kans.reduce((sum, c) => sum + identicalHuxi("kan", c), 0);
      chips.push(h("span", { class: "phz-chip phz-chip-kans", "data-testid": "kan-huxi" }, tn("phz_kans_huxi", kanHuxi)));
    }
    if (rules.seatChips) chips.push(...rules.seatChips(seat, m));
    if (s.dead) {
      chips.push(
        h(
          "span",
          {
            class: "phz-chip phz-chip-dead",
            "data-testid": "dead-mark",
            title: seat === HUMAN ? t("phz_note_dead") : t("phz_dead_seat_title", { seat: seatName(seat) }),
          },
          t("phz_dead_mark"),
        ),
      );
    }
    const text = chips.map((c) => c.textContent).join("|");
    if (slot.dataset.text !== text) {
      slot.dataset.text = text;
      slot.replaceChildren(...chips);
    }
    // Each group's huxi under it (the core draws the groups; their labels name the huxi for
    // screen readers), and face-down groups marked.
    const el = slot.closest(".seat");
    const nodes = el ? el.querySelectorAll("[data-role=exposed] > .group") : [];
    nodes.forEach((node, i) => {
      const g = s.groups[i];
      if (!g) return;
      node.dataset.huxi = g.huxi === null ? "" : String(g.huxi);
      if (g.faceDown) node.dataset.face = "down";
      node.title = node.textContent.replace(/:\s*$/, "").trim();
      node.append(h("span", { class: "phz-group-huxi", "aria-hidden": "true" }, g.huxi === null ? "?" : String(g.huxi)));
    });
  }

  // ------------------------------------------------------------------ the hand

  function handCardState(code, i, m, v) {
    const kan = m.kans.includes(code);
    const attrs = { "data-size": isLarge(code) ? "large" : "small" };
    if (kan) {
      attrs["data-kan"] = "true";
      return {
        locked: true,
        group: `kan-${code}`,
        reason: t("phz_reason_kan", { card: cardName(code) }),
        attrs,
      };
    }
    const state = { action: `discard ${code}`, group: isLarge(code) ? "L" : "s", attrs };
    if (m.seats[HUMAN]?.dead) return { ...state, reason: t("phz_reason_dead_hand") };
    if (!v || v.over) return state;
    if (v.legal_actions.length && !v.legal_actions[0].startsWith("discard ")) return { ...state, reason: t("phz_reason_claim") };
    return { ...state, reason: t("phz_reason_not_discarding") };
  }

  // ------------------------------------------------------------------ the claims

  // A button's face: the groups it would expose (chi and bi apart), over its name.
  function claimFace(name, groups) {
    return h(
      "span",
      { class: "phz-claim" },
      h(
        "span",
        { class: "phz-claim-groups", "aria-hidden": "true" },
        groups.map((g) =>
          h(
            "span",
            { class: "phz-claim-group", "data-kind": g.kind },
            h("span", { class: "phz-claim-cards" }, g.cards.map((c) => cardFace(c, "card-tiny", ""))),
            groups.length > 1 ? h("span", { class: "phz-claim-tag" }, kindName(g.kind)) : null,
          ),
        ),
      ),
      h("span", { class: "phz-claim-name" }, name),
    );
  }

  function actionButtons(v) {
    const legal = v.legal_actions;
    if (!legal.length) return { buttons: [], hint: "" };
    if (legal[0].startsWith("discard ")) return { buttons: [], hint: t("hand_hint") };
    const tb = v.table;
    const card = tb.public_card;
    const m = model(v);
    /** @type {ButtonSpec[]} */
    const buttons = [];
    const canWin = legal.includes("win");
    const winLabel = canWin && rules.winLabel ? rules.winLabel(v) : null;
    buttons.push(...winButton(legal, winLabel ? { label: winLabel } : {}));
    const key = numberKeys();
    const stale = staleBlocks(m);
    for (const verb of ["pao", "peng"]) {
      const action = legal.find((a) => a.startsWith(`${verb} `));
      const c = action ? action.split(" ")[1] : card;
      const cards = new Array(verb === "pao" ? 4 : 3).fill(c);
      const name = kindName(verb);
      if (action) {
        const note = rules.claimNote ? rules.claimNote(verb) : null;
        buttons.push({
          action,
          testid: "claim-option",
          label: claimFace(note ? `${name} · ${note}` : name, [{ kind: verb, cards }]),
          key: key(),
          aria: note ? `${groupOf(name, cards)} (${note})` : groupOf(name, cards),
        });
      } else if (verb === "peng") {
        const block = stale.find((b) => b.verb === "peng");
        if (block) buttons.push({ action: null, testid: "claim-option", label: claimFace(name, [{ kind: verb, cards }]), reason: block.text });
      }
    }
    const chis = legal.filter((a) => a.startsWith("chi "));
    for (const action of chis) {
      const groups = chiGroups(action);
      const name = groups.length > 1 ? t("phz_act_chi_bi") : kindName("chi");
      buttons.push({
        action,
        testid: "claim-option",
        label: claimFace(name, groups.map((cards, i) => ({ kind: i ? "bi" : "chi", cards }))),
        key: key(),
        aria: t("group_of", { group: name, cards: chiText(groups) }),
      });
    }
    if (!chis.length) {
      const block = stale.find((b) => b.verb === "chi");
      if (block) buttons.push({ action: null, testid: "claim-option", label: claimFace(kindName("chi"), []), reason: block.text });
    }
    buttons.push(passButton(legal, t("phz_reason_claim")));
    return { buttons, hint: keysLine("key_hint", "key_hint_off") };
  }

  // ------------------------------------------------------------------ status and log

  function lastCompulsory(v) {
    for (let i = v.log.length - 1; i >= 0; i--) {
      const e = v.log[i];
      if ((e.kind === "wei" || e.kind === "ti") && e.from !== "deal") return e;
      if (e.kind === "reveal") break;
    }
    return null;
  }

  function status(v) {
    const tb = v.table;
    if (v.over) return outcome(v, t("status_drawn"));
    const legal = v.legal_actions;
    if (legal.length) {
      if (legal[0].startsWith("discard ")) {
        const first = !v.log.some((e) => e.kind === "reveal" || e.kind === "discard");
        return first ? t("phz_status_first_discard") : t("status_your_discard");
      }
      if (!tb.public_card) {
        if (rules.statusNoCard) return rules.statusNoCard(v);
        const e = lastCompulsory(v);
        const key = e && e.kind === "ti" ? "phz_status_win_after_ti" : "phz_status_win_after_wei";
        return t(key, { card: e ? cardName(e.card) : "" });
      }
      const card = cardName(tb.public_card);
      if (tb.source === "reveal") {
        return tb.offered_by === HUMAN ? t("phz_status_you_revealed", { card }) : t("phz_status_seat_revealed", { seat: seatName(tb.offered_by), card });
      }
      return t("status_seat_discarded", { seat: seatName(tb.offered_by), card });
    }
    if (tb.my_answer) return t("status_answered");
    if (tb.phase === "discard" && tb.discarder !== null && tb.discarder !== HUMAN) {
      return t("status_seat_discarding", { seat: seatName(tb.discarder) });
    }
    const seat = tb.turn;
    if (seat === HUMAN || seat === null || seat === undefined) return t("status_waiting");
    return t("status_seat_playing", { seat: seatName(seat) });
  }

  const PAO_KEYS = {
    kan: ["phz_log_you_pao_kan", "phz_log_seat_pao_kan"],
    wei: ["phz_log_you_pao_wei", "phz_log_seat_pao_wei"],
    peng: ["phz_log_you_pao_peng", "phz_log_seat_pao_peng"],
  };

  function describeEvent(e) {
    const you = e.seat === HUMAN;
    const args = { seat: seatName(e.seat), card: e.card ? cardName(e.card) : "" };
    const own = rules.describe ? rules.describe(e, you, args) : undefined;
    if (own !== undefined) return own;
    switch (e.kind) {
      case "deal":
        return null;
      case "shown":
        return t(you ? "phz_log_you_shown" : "phz_log_shown", args);
      case "kan":
        return you ? t("phz_log_you_kan", args) : null;
      case "reveal":
        return you ? t("phz_log_you_revealed", args) : t("phz_log_seat_revealed", args);
      case "wei":
        return you ? t("phz_log_you_wei", args) : t("phz_log_seat_wei", args);
      case "ti":
        if (e.from === "deal") {
          if (you) return e.card ? t("phz_log_you_ti_dealt", args) : null;
          return t("phz_log_seat_ti_dealt", args);
        }
        return you ? t("phz_log_you_ti", args) : t("phz_log_seat_ti", args);
      case "chi":
        args.groups = chiText((e.groups || []).map((g) => g.cards));
        return you ? t("phz_log_you_chi", args) : t("phz_log_seat_chi", args);
      case "peng":
        return you ? t("phz_log_you_peng", args) : t("phz_log_seat_peng", args);
      case "pao": {
        const keys = PAO_KEYS[e.upgraded] || PAO_KEYS.kan;
        return you ? t(keys[0], args) : t(keys[1], args);
      }
      case "unclaimed":
        return you ? t("phz_log_you_unclaimed", args) : t("phz_log_unclaimed", args);
      case "discard":
        return you ? t("log_you_discarded", args) : t("log_seat_discarded", args);
      case "dead":
        return you ? t("phz_log_you_dead") : t("phz_log_seat_dead", args);
      case "win":
        if (e.heavenly) return you ? t("phz_log_you_heavenly") : t("phz_log_seat_heavenly", args);
        args.huxi = e.huxi;
        return you ? tn("phz_log_you_won", e.tun, args) : tn("phz_log_seat_won", e.tun, args);
      case "drawn":
        return t("log_drawn");
      case "answer":
        return answerLine(e, (action) => {
          const verb = action.split(" ")[0];
          return verb === "chi" && action.includes(" bi ") ? t("phz_act_chi_bi") : kindName(verb);
        });
      default:
        return null;
    }
  }

  // ------------------------------------------------------------------ the end sheet

  // PHZ-13: the total and the tun it pays.
  function tunBlock(bd) {
    const huxi = bd.huxi ?? 0;
    const tun = bd.tun ?? 0;
    return sumsList([
      { cls: "phz-sum-total", testid: "phz-total", data: { huxi }, term: t("phz_result_total"), value: tn("phz_huxi", huxi) },
      { cls: "phz-sum-tun", testid: "phz-tun", data: { tun }, term: t("phz_result_tun"), rule: t("phz_result_tun_rule"), value: tn("phz_result_tun_calc", tun, { huxi }) },
    ]);
  }

  function resultLines(v) {
    const result = v.result || { winner: null, breakdown: {} };
    const winner = result.winner;
    const bd = result.breakdown || {};
    if (winner === null || winner === undefined) {
      return [h("p", { class: "result-note", "data-testid": "phz-drawn" }, t("phz_result_drawn_note"))];
    }
    const parts = [];
    let note = rules.winningNote ? rules.winningNote(bd) : undefined;
    if (note !== undefined) {
      /* the game's own line */
    } else if (bd.heavenly) note = t("phz_result_heavenly");
    else if (bd.from === HUMAN) note = t("phz_result_you_revealed", { card: cardName(bd.winning_card) });
    else note = t("phz_result_revealed", { card: cardName(bd.winning_card), seat: seatName(bd.from) });
    parts.push(h("p", { class: "result-note", "data-testid": "phz-winning-card", "data-code": bd.winning_card || "" }, note));
    if (rules.resultNotes) parts.push(...rules.resultNotes(bd, winner));

    // the winning card: in the concealed part of the hand, else the pao it made of a group, or
    // the compulsory wei or ti it made just before the win
    const groups = bd.groups || [];
    let winAt = groups.findIndex((g) => !g.exposed && g.kind !== "kan" && g.cards.includes(bd.winning_card));
    if (winAt < 0) winAt = groups.findIndex((g) => ["pao", "ti", "wei"].includes(g.kind) && g.cards[0] === bd.winning_card);
    const rows = groups.map((g, i) => {
      const tags = [g.exposed ? t("result_exposed") : t("result_concealed")];
      if (g.type && g.type !== g.kind) tags.push(kindName(g.type));
      return h(
        "li",
        {
          class: `result-group phz-result-group${g.huxi ? " has-points" : ""}`,
          "data-testid": "phz-result-group",
          "data-kind": g.kind,
          "data-huxi": g.huxi,
          "data-code": g.cards.join(" "),
        },
        h(
          "span",
          { class: "result-cards" },
          g.cards.map((c, k) => {
            const winning = i === winAt && k === g.cards.indexOf(bd.winning_card);
            const face = cardFace(c, `card-mini${winning ? " phz-winning-card" : ""}`, winning ? t("phz_winning_card_alt", { card: cardName(c) }) : cardName(c));
            if (winning) face.dataset.testid = "phz-winning-mark";
            return face;
          }),
        ),
        h(
          "span",
          { class: "result-kind" },
          h("span", { class: "result-kind-name" }, kindName(g.kind)),
          h("span", { class: "result-tag" }, tags.join(" · ")),
        ),
        h("span", { class: "result-points" }, tn("phz_huxi", g.huxi)),
      );
    });
    const title = winner === HUMAN ? t("phz_result_your_groups") : t("phz_result_groups_of", { seat: seatName(winner) });
    parts.push(h("ul", { class: "result-groups phz-result-groups", "aria-label": title }, rows));

    parts.push(rules.scoreBlock ? rules.scoreBlock(bd) : tunBlock(bd));

    parts.push(paymentsTable(bd.payments || result.scores || [], winner));
    return parts;
  }

  return {
    players: PLAYERS,
    cardSize: [40, 128],
    hand: { slots: 21, gaps: 5, phoneRow: 11 },
    setup,
    model,
    news,
    sortHand,
    renderCentre,
    handCardState,
    actionButtons,
    describeEvent,
    startLine: dealerStartLine,
    actor: (e) => (["reveal", "discard", "chi", "peng", "pao", "wei", "ti", "win"].includes(e.kind) && !(e.kind === "ti" && e.from === "deal") ? e.seat : null),
    instant: (e) => ["answer", "stale", "deal", "shown", "kan", "dead"].includes(e.kind) || (e.kind === "ti" && e.from === "deal"),
    status,
    seatExtras,
    resultLines,
    offered: (m) => (m.inPlay && m.inPlay.source === "discard" ? { seat: m.inPlay.from, code: m.inPlay.code } : null),
  };
}
