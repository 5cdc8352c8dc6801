// @ts-check
// The Nantong long cards parts of the table (rules: content/rules/nantong): the two indicators,
// the stock with its front and back ends, the card under claim, the opening phase as its own
// step (opening four / three / Tiandi Hezi / ready / finish as buttons), the hand sorted by suit
// with the drawn card set apart, melds per seat, claims (win, pong, kong, pass) and robbing an
// added kong, the log lines, and the scoring sheet (every player's units and doublings, the
// winner's bonuses and multipliers, rounding and the pairwise settlement) with Next deal and
// Restart for a running match (view.match). The game-independent table is core/; the
// interface is described in docs/table-client.md and typed in core/types.js. The public card
// and the claim buttons are shared (shared/).
//
// Log events (games/nantong/observation.py): an opening declaration is "declare" {group_kind:
// "four" | "three" | "hezi", cards}; a kong is "kong" {card}, made on a turn {group_kind:
// "concealed" | "added"} or claimed from a discard {from}. The others: deal, hand, setup {ready},
// draw {from: "front" | "back", stock}, drew {card} (yours only), discard, pong {card, from},
// add_kong {card} (the card robbers may win on), answer {action} (yours only), win, exhausted.

import { registerGame } from "./core/main.js";
import { HUMAN, keysLine } from "./core/state.js";
import { t, tn, seatName, cardName, joinList, sentences, signed } from "./core/strings.js";
import { h, cardFace } from "./core/dom.js";
import { answerLine, dealerStartLine } from "./core/log.js";
import { outcome } from "./core/result.js";
import { fillCentre, publicCard } from "./shared/centre.js";
import { winButton, passButton } from "./shared/claims.js";

/** @typedef {import("./core/types.js").ButtonSpec} ButtonSpec */

(() => {
  const PLAYERS = 3;
  const COPIES = 4;
  const DECLARATIONS = ["four", "three", "hezi"];

  // ------------------------------------------------------------------ cards

  // Myriads, Strings, Coins by rank, then the honours Thousand, White Flower, Red Flower.
  const CODES = [..."MSC"]
    .flatMap((s) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((r) => `${r}${s}`))
    .concat(["T", "W", "R"]);
  const INDEX = new Map(CODES.map((c, i) => [c, i]));
  const idOf = (code) => INDEX.get(code) ?? 99;
  const suitOf = (code) => (code && code.length === 2 ? code[1] : "H"); // M S C, H an honour
  const byRank = (a, b) => idOf(a) - idOf(b);
  const sortCodes = (codes) => [...codes].sort(byRank);

  // The drawn card stays apart at the right end of your hand. The core calls sortHand right
  // after model(), which sets this.
  let drawnForSort = null;

  function sortHand(codes) {
    const sorted = sortCodes(codes);
    if (drawnForSort) {
      const i = sorted.lastIndexOf(drawnForSort);
      if (i >= 0) sorted.push(...sorted.splice(i, 1));
    }
    return sorted;
  }

  // ------------------------------------------------------------------ melds

  const MELD_KEYS = {
    pong: "nt_meld_pong",
    kong: "nt_meld_kong",
    added: "nt_meld_added",
    concealed: "nt_meld_concealed",
    four: "nt_meld_four",
    three: "nt_meld_three",
    hezi: "nt_meld_hezi",
  };
  const MELD_SIZE = { pong: 3, kong: 4, added: 4, concealed: 4, four: 4, three: 3, hezi: 2 };
  const meldName = (kind) => t(MELD_KEYS[kind] || kind);
  const isOpening = (kind) => DECLARATIONS.includes(kind);

  // A set-down group as the core draws it; a concealed kong shows its end cards face down.
  function meldGroup(kind, card) {
    const n = MELD_SIZE[kind] || 3;
    const cards = Array(n).fill(card);
    if (kind === "concealed") {
      cards[0] = null;
      cards[n - 1] = null;
    }
    return { cards, kind, card, label: t("group_of", { group: meldName(kind), cards: cardName(card) }) };
  }

  // The declaration an event shows: four, three or hezi.
  const declaredKind = (e) => e.group_kind;

  // How a kong event was made: "concealed", "added", or "kong" (claimed from a discard).
  const kongKind = (e) => e.group_kind || "kong";

  const isKongEvent = (e) => e.kind === "kong";
  const isDeclareEvent = (e) => e.kind === "declare";

  // ------------------------------------------------------------------ the display model
  // Besides the core's fields: phase ("opening" | "turn" | "claim" | "over"), stock (count),
  // lastDraw {seat, from} (the end of the stock just drawn from), indicators, drawn (your card
  // set apart), public {code, by, how: "discarded" | "rob" | "claimed" | "won"} or null, ready[]
  // and setupDone[] per seat, match (view.match).

  function activeSeat(v) {
    const tb = v.table;
    if (v.over) return v.result && v.result.winner !== null ? v.result.winner : null;
    if (v.legal_actions.length) return HUMAN;
    if (tb.phase === "opening") return tb.opener;
    if (tb.phase === "turn") return tb.turn;
    return null; // a claim window: who is being asked stays private
  }

  // The last draw if nothing happened since: the stock's end stays lit while the drawer decides.
  function lastDrawOf(log) {
    for (let i = log.length - 1; i >= 0; i--) {
      const e = log[i];
      if (e.kind === "drew" || e.kind === "answer") continue;
      return e.kind === "draw" ? { seat: e.seat, from: e.from } : null;
    }
    return null;
  }

  function publicOf(v) {
    const tb = v.table;
    if (tb.public_card) {
      return { code: tb.public_card, by: tb.offered_by, how: tb.claim === "rob" ? "rob" : "discarded" };
    }
    // No card under claim: the last claimed or winning card, faded, tells what just happened.
    for (let i = v.log.length - 1; i >= 0; i--) {
      const e = v.log[i];
      if (e.kind === "drew" || e.kind === "answer") continue;
      if (e.kind === "win" && e.card) return { code: e.card, by: e.seat, how: "won" };
      if ((e.kind === "pong" || e.kind === "kong") && e.from !== undefined && e.from !== null) {
        return { code: e.card, by: e.seat, how: "claimed" };
      }
      break;
    }
    return null;
  }

  function model(v) {
    const tb = v.table;
    const drawn = !v.over && tb.phase === "turn" && tb.turn === HUMAN ? tb.drawn : null;
    drawnForSort = drawn;
    return {
      phase: v.over ? "over" : tb.phase,
      dealer: tb.dealer,
      stock: tb.stock,
      indicators: [...tb.indicators],
      lastDraw: v.over ? null : lastDrawOf(v.log),
      drawn,
      hand: [...tb.hand],
      public: publicOf(v),
      ready: tb.seats.map((s) => !!s.ready),
      setupDone: tb.seats.map((s) => !!s.setup_done),
      seats: tb.seats.map((s) => ({
        groups: s.groups.map((g) => meldGroup(g.kind, g.cards[0])),
        pile: [...s.discards],
        count: s.concealed,
      })),
      active: activeSeat(v),
      match: v.match || null,
      fresh: null,
    };
  }

  // ------------------------------------------------------------------ the centre

  let centre = null; // the elements and widgets setup() built

  function setup() {
    const indicatorCards = h("div", { class: "nt-indicator-cards" });
    const indicators = h(
      "figure",
      { class: "nt-indicators", "data-testid": "indicators" },
      indicatorCards,
      h("figcaption", { class: "nt-indicators-caption" }, t("nt_indicators")),
    );

    const stack = h("span", { class: "nt-stock-stack" });
    const stockText = h("span", { class: "stock-text" });
    const stockNote = h("span", { class: "nt-stock-note" });
    const stock = h(
      "div",
      { class: "nt-stock", "data-testid": "stock-count" },
      h(
        "div",
        { class: "nt-stock-row", "aria-hidden": "true" },
        h("span", { class: "nt-stock-end", "data-end": "back" }, t("nt_stock_back")),
        stack,
        h("span", { class: "nt-stock-end", "data-end": "front" }, t("nt_stock_front")),
      ),
      stockText,
      stockNote,
    );

    const pub = publicCard({ cls: "nt-public", caption: captionText, faded: (p) => p.how === "claimed" });

    const opening = h(
      "div",
      { class: "nt-opening", "data-testid": "opening-phase", hidden: true },
      h("h3", { class: "nt-opening-title" }, t("nt_opening_title")),
      h("p", { class: "nt-opening-text" }, t("nt_opening_text")),
    );
    const match = h("p", { class: "nt-match", "data-testid": "match-totals", hidden: true });

    fillCentre(t("nt_centre_heading"), h("div", { class: "nt-centre-row" }, indicators, stock, pub.el), opening, match);
    centre = { indicators, indicatorCards, stack, stock, stockText, stockNote, public: pub, opening, match };
  }

  // How the card in the centre came: discarded, added to a kong (and open to robbing), claimed, won.
  function captionText(pub) {
    const you = pub.by === HUMAN;
    const key = {
      discarded: you ? "caption_you_discarded" : "caption_discarded",
      rob: you ? "nt_caption_you_rob" : "nt_caption_rob",
      claimed: you ? "caption_you_claimed" : "caption_claimed",
      won: you ? "caption_you_won" : "caption_won",
    }[pub.how];
    return t(key, { seat: seatName(pub.by) });
  }

  function matchText(totals) {
    return totals.map((n, seat) => t("nt_match_seat", { seat: seatName(seat), n: signed(n) })).join(" · ");
  }

  function renderCentre(el, m) {
    const c = centre;
    // the indicators, always in view
    const shown = [...c.indicatorCards.querySelectorAll(".card")].map((x) => x.dataset.code).join(" ");
    if (shown !== m.indicators.join(" ")) {
      c.indicatorCards.replaceChildren(...m.indicators.map((code) => cardFace(code, "nt-card-indicator")));
      c.indicators.setAttribute(
        "aria-label",
        t("nt_indicators_aria", { first: cardName(m.indicators[0]), second: cardName(m.indicators[1]) }),
      );
    }

    // the stock: the back end lights up when a replacement is drawn from it
    c.stock.dataset.count = String(m.stock);
    c.stack.style.setProperty("--nt-stock", String(m.stock));
    c.stockText.textContent = tn("stock_count", m.stock);
    const draw = m.lastDraw;
    c.stock.dataset.last = draw ? draw.from : "";
    if (draw && draw.from === "back") {
      c.stockNote.textContent =
        draw.seat === HUMAN ? t("nt_stock_you_replacement") : t("nt_stock_seat_replacement", { seat: seatName(draw.seat) });
    } else {
      c.stockNote.textContent = "";
    }

    // the card under claim (or the last claimed / winning card, faded)
    c.public.show(m.public);

    // the opening phase, as its own step (no card can be under claim yet)
    c.opening.hidden = m.phase !== "opening";
    c.public.el.hidden = m.phase === "opening";

    // the running total of the match, from the second deal on
    const match = m.match;
    const running = !!(match && match.previous);
    c.match.hidden = !running;
    if (running) {
      c.match.replaceChildren(
        h("span", { class: "nt-match-label" }, t("nt_match_before")),
        " ",
        h("span", { class: "nt-match-values" }, matchText(match.totals_before)),
      );
    }

    // the melds get their names as tooltips (screen readers read the label the core adds)
    for (const g of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#table .group[data-kind]"))) {
      const label = g.querySelector(".visually-hidden");
      if (label && !g.title) g.title = label.textContent.replace(/:\s*$/, "");
    }
  }

  // ------------------------------------------------------------------ seats

  function seatExtras(slot, seat, m) {
    const chips = [];
    if (m.ready[seat]) chips.push(h("span", { class: "nt-chip nt-chip-ready", "data-testid": "ready-mark" }, t("nt_ready_mark")));
    if (m.phase === "opening" && m.setupDone[seat]) {
      chips.push(h("span", { class: "nt-chip nt-chip-done" }, t("nt_setup_done")));
    }
    const text = chips.map((x) => x.textContent).join("|");
    if (slot.dataset.text === text) return;
    slot.dataset.text = text;
    slot.replaceChildren(...chips);
  }

  // ------------------------------------------------------------------ the hand

  function handCardState(code, i, m, v) {
    const isDrawn = !!m.drawn && i === m.hand.length - 1 && code === m.drawn;
    const suit = suitOf(code);
    const attrs = { "data-suit": suit };
    if (isDrawn) {
      attrs["data-drawn"] = "true";
      attrs["data-tag"] = t("nt_drawn_tag");
      attrs["aria-label"] = t("nt_drawn_card", { card: cardName(code) });
    }
    const state = { action: `discard ${code}`, group: isDrawn ? "drawn" : suit, attrs };
    if (!v) return state;
    const legal = v.legal_actions;
    if (legal.includes(state.action)) return state;
    const tb = v.table;
    if (tb.phase === "opening" && legal.length) state.reason = t("nt_reason_opening");
    else if (tb.phase === "claim" && legal.length) state.reason = t("nt_reason_claim");
    else if (legal.length && tb.seats[HUMAN]?.ready) state.reason = t("nt_reason_ready");
    else if (legal.length) state.reason = t("nt_reason_cannot_discard");
    else state.reason = t("nt_reason_wait");
    return state;
  }

  // ------------------------------------------------------------------ the answers

  // A button's label with a short explanation under it (the core appends the label's nodes).
  const labelWithNote = (label, note) => [
    h("span", { class: "nt-action-name" }, label),
    h("span", { class: "nt-action-note" }, note),
  ];

  function openingButtons(v) {
    const legal = v.legal_actions;
    const buttons = [];
    let n = 0;
    const hasDeclaration = legal.some((a) => DECLARATIONS.includes(a.split(" ")[0]));
    for (const action of legal) {
      const [verb, code] = action.split(" ");
      if (DECLARATIONS.includes(verb)) {
        n += 1;
        const size = MELD_SIZE[verb];
        const name = meldName(verb);
        const note = t(`nt_note_${verb}`);
        buttons.push({
          action,
          testid: "opening-option",
          label: labelWithNote(name, note),
          key: n <= 9 ? String(n) : null,
          cards: Array(size).fill(code),
          primary: n === 1,
          aria: sentences(t("group_of", { group: name, cards: cardName(code) }), note),
        });
      } else if (verb === "ready") {
        // the cards a ready hand waits for (NT§1.1), worked out by the server
        const waits = v.action_facts.ready?.waits ?? [];
        const note = t("nt_note_ready");
        buttons.push({
          action,
          testid: "opening-option",
          label: labelWithNote(t("nt_act_ready"), note),
          key: "r",
          cards: waits.length ? waits.slice(0, 6) : null,
          primary: !hasDeclaration,
          aria: sentences(t("nt_ready_waits", { cards: joinList(waits.map(cardName)) }), note),
        });
      } else if (verb === "finish") {
        const note = hasDeclaration ? t("nt_note_finish_skip") : t("nt_note_finish");
        buttons.push({
          action,
          testid: "opening-option",
          label: labelWithNote(t("nt_act_finish"), note),
          key: "f",
          primary: !hasDeclaration && !legal.includes("ready"),
          aria: sentences(t("nt_act_finish"), note),
        });
      }
    }
    // the keys of the answers offered only: a dealer may never declare ready (review p4)
    const ready = legal.includes("ready");
    const key = hasDeclaration ? (ready ? "nt_opening_hint" : "nt_opening_hint_no_ready") : ready ? "nt_opening_hint_ready" : "nt_opening_hint_finish";
    return { buttons, hint: keysLine(key, "key_hint_off") };
  }

  function claimButtons(v) {
    const legal = v.legal_actions;
    const tb = v.table;
    const card = tb.public_card;
    const canWin = legal.includes("win");
    /** @type {ButtonSpec[]} */
    const buttons = winButton(legal, { label: tb.claim === "rob" ? t("nt_act_rob") : t("act_win") });
    let n = 0;
    const claims = legal.filter((a) => /^(pong|kong) /.test(a)).sort((a, b) => (a < b ? 1 : -1)); // pong, kong
    for (const action of claims) {
      const [verb, code] = action.split(" ");
      n += 1;
      const name = verb === "pong" ? t("nt_act_pong") : t("nt_act_kong");
      buttons.push({
        action,
        testid: "claim-option",
        label: name,
        key: String(n),
        cards: Array(verb === "pong" ? 3 : 4).fill(code),
        primary: !canWin && n === 1,
        aria: t("group_of", { group: name, cards: cardName(code || card) }),
      });
    }
    buttons.push(passButton(legal));
    return { buttons, hint: keysLine("key_hint", "key_hint_off") };
  }

  function turnButtons(v) {
    const legal = v.legal_actions;
    /** @type {ButtonSpec[]} */
    const buttons = winButton(legal);
    let n = 0;
    for (const action of legal) {
      const [verb, code] = action.split(" ");
      if (verb !== "kong") continue;
      n += 1;
      const concealed = v.table.hand.filter((c) => c === code).length === COPIES;
      const name = concealed ? t("nt_act_concealed_kong") : t("nt_act_added_kong");
      buttons.push({
        action,
        testid: "kong-option",
        label: labelWithNote(name, t("nt_note_kong")),
        key: String(n),
        cards: Array(COPIES).fill(code),
        aria: sentences(t("group_of", { group: name, cards: cardName(code) }), t("nt_note_kong")),
      });
    }
    const discards = legal.some((a) => a.startsWith("discard "));
    const hint = n || buttons.length ? keysLine(n ? "nt_turn_hint" : "nt_turn_hint_win", "nt_turn_hint_off") : discards ? t("hand_hint") : "";
    return { buttons, hint };
  }

  function actionButtons(v) {
    const legal = v.legal_actions;
    if (!legal.length) return { buttons: [], hint: "" };
    const phase = v.table.phase;
    if (phase === "opening") return openingButtons(v);
    if (phase === "claim") return claimButtons(v);
    return turnButtons(v);
  }

  // ------------------------------------------------------------------ status and log

  function status(v) {
    const tb = v.table;
    if (v.over) return outcome(v, t("nt_status_exhausted"));
    const legal = v.legal_actions;
    if (legal.length) {
      if (tb.phase === "opening") return t("nt_status_opening_you");
      if (tb.phase === "claim") {
        const args = { seat: seatName(tb.offered_by), card: cardName(tb.public_card) };
        return tb.claim === "rob" ? t("nt_status_rob", args) : t("status_seat_discarded", args);
      }
      const drawn = tb.drawn;
      if (drawn) {
        // "win" only when a win is among the choices
        const win = legal.includes("win");
        const args = { card: cardName(drawn) };
        if (tb.seats[HUMAN]?.ready) return t(win ? "nt_status_ready_drew_win" : "nt_status_ready_drew", args);
        if (lastDrawOf(v.log)?.from === "back") {
          return t(win ? "nt_status_replacement_win" : "nt_status_replacement", args);
        }
        return t(win ? "nt_status_drew_win" : "nt_status_drew", args);
      }
      const last = [...v.log].reverse().find((e) => e.kind !== "answer");
      if (last && last.kind === "pong") return t("nt_status_after_pong");
      return t("nt_status_first_discard");
    }
    if (tb.my_answer) return t("status_answered");
    if (tb.phase === "opening" && tb.opener !== HUMAN) {
      return t("nt_status_opening_seat", { seat: seatName(tb.opener) });
    }
    if (tb.phase === "turn" && tb.turn !== HUMAN) return t("status_seat_playing", { seat: seatName(tb.turn) });
    return t("status_waiting");
  }

  function describeEvent(e) {
    const you = e.seat === HUMAN;
    // another seat's claim on your discard or kong reads "your …", never "from You"
    const onYours = e.from === HUMAN;
    const args = { seat: seatName(e.seat), card: e.card ? cardName(e.card) : "" };
    if (e.from !== undefined && e.from !== null && typeof e.from === "number") args.from = seatName(e.from);
    if (isDeclareEvent(e)) {
      const kind = declaredKind(e);
      args.card = cardName(e.cards[0]);
      return t(`nt_log_${you ? "you" : "seat"}_${kind}`, args);
    }
    if (isKongEvent(e)) {
      const how = { concealed: "concealed", added: "added", kong: "exposed" }[kongKind(e)];
      if (how === "exposed" && onYours) return t("nt_log_seat_exposed_kong_yours", args);
      return t(`nt_log_${you ? "you" : "seat"}_${how}_kong`, args);
    }
    switch (e.kind) {
      case "deal":
        return t("nt_log_indicators", {
          first: cardName(e.indicators[0]),
          second: cardName(e.indicators[1]),
        });
      case "hand":
        return null;
      case "setup":
        if (e.ready) return you ? t("nt_log_you_ready") : t("nt_log_seat_ready", args);
        return you ? t("nt_log_you_finished") : t("nt_log_seat_finished", args);
      case "draw":
        // your own draws are told by the "drew" event that names the card
        if (you) return null;
        return e.from === "back" ? t("nt_log_seat_replacement", args) : t("nt_log_seat_drew", args);
      case "drew":
        return e.from === "back" ? t("nt_log_you_replacement", args) : t("log_you_drew", args);
      case "discard":
        return you ? t("log_you_discarded", args) : t("log_seat_discarded", args);
      case "pong":
        if (onYours) return t("nt_log_seat_pong_yours", args);
        return t(you ? "nt_log_you_pong" : "nt_log_seat_pong", args);
      case "add_kong":
        return t(you ? "nt_log_you_add_kong" : "nt_log_seat_add_kong", args);
      case "answer":
        return answerLine(e, (action) => (action.startsWith("pong") ? t("nt_act_pong") : t("nt_act_kong")));
      case "win": {
        if (!e.card) return t(you ? "nt_log_you_won_heavenly" : "nt_log_seat_won_heavenly", args);
        if (e.robbed) {
          if (onYours) return t("nt_log_seat_won_rob_yours", args);
          return t(you ? "nt_log_you_won_rob" : "nt_log_seat_won_rob", args);
        }
        if (onYours) return t("nt_log_seat_won_discard_yours", args);
        if (e.from !== null && e.from !== undefined) return t(you ? "nt_log_you_won_discard" : "nt_log_seat_won_discard", args);
        return t(you ? "nt_log_you_won_self" : "nt_log_seat_won_self", args);
      }
      case "exhausted":
        return t("nt_log_exhausted");
      default:
        return e.kind;
    }
  }

  const actor = (e) => (["deal", "hand", "answer", "exhausted"].includes(e.kind) ? null : e.seat ?? null);

  // Your own draw is shown by the "drew" event that follows it; answers are never paced.
  const instant = (e) =>
    e.kind === "answer" || e.kind === "hand" || e.kind === "deal" || (e.kind === "draw" && e.seat === HUMAN);

  // ------------------------------------------------------------------ the scoring sheet

  const UNIT_KEYS = {
    P: "nt_meld_pong",
    C3: "nt_unit_three_in_hand",
    EK: "nt_meld_kong",
    CK: "nt_meld_concealed",
    C4: "nt_unit_four_in_hand",
    HZ: "nt_meld_hezi",
  };
  const UNIT_SIZE = { P: 3, C3: 3, EK: 4, CK: 4, C4: 4, HZ: 2 };

  const SHAPES = { qing: "nt_shape_qing", piao: "nt_shape_piao", tazi: "nt_shape_tazi" };
  const ROLES = {
    pair: "nt_bonus_card_pair",
    middle: "nt_bonus_card_middle",
    "3 of 1-2-3": "nt_bonus_card_three",
    "7 of 7-8-9": "nt_bonus_card_seven",
  };
  const MULTIPLIERS = {
    piao: "nt_shape_piao",
    "closed float": "nt_mult_closed_float",
    "three elders": "nt_mult_three_elders",
    heavenly: "nt_mult_heavenly",
    earthly: "nt_mult_earthly",
    ready: "nt_mult_ready",
    "last card": "nt_mult_last_card",
  };

  function bonusName(name) {
    if (SHAPES[name]) return t(SHAPES[name]);
    const wenqian = /^wenqian ×(\d+)$/.exec(name);
    if (wenqian) return tn("nt_bonus_wenqian", Number(wenqian[1]));
    if (name === "self-draw") return t("nt_bonus_self_draw");
    if (name === "kong replacement") return t("nt_bonus_kong_replacement");
    const role = /^winning card: (.+)$/.exec(name);
    if (role && ROLES[role[1]]) return t(ROLES[role[1]]);
    return name;
  }

  const multiplierName = (name) => (MULTIPLIERS[name] ? t(MULTIPLIERS[name]) : name);

  function doublingName(reason) {
    if (reason === "old general") return t("nt_dbl_old_general");
    if (reason === "exact pung") return t("nt_dbl_exact");
    const ind = /^indicator (\S+)$/.exec(reason);
    if (ind) return t("nt_dbl_indicator", { card: cardName(ind[1]) });
    return reason;
  }

  // The unit's name; an opening group is named by the declaration it came from.
  function unitName(u, player) {
    if (u.kind === "OD") {
      const meld = (player.melds || []).find((m) => isOpening(m.kind) && m.kind !== "hezi" && m.cards[0] === u.card);
      return meldName(meld ? meld.kind : "four");
    }
    return t(UNIT_KEYS[u.kind] || u.kind);
  }

  function unitSize(u, player) {
    if (u.kind === "OD") {
      const meld = (player.melds || []).find((m) => (m.kind === "four" || m.kind === "three") && m.cards[0] === u.card);
      return meld ? meld.cards.length : 4;
    }
    return UNIT_SIZE[u.kind] || 3;
  }

  const miniCards = (codes, alt, cls = "") =>
    h(
      "span",
      { class: `nt-cards ${cls}`.trim() },
      codes.map((c, i) => cardFace(c, "card-mini", i === 0 ? alt : "")),
    );

  function unitRow(u, player) {
    const n = unitSize(u, player);
    /** @type {(string | Node)[]} */
    const factors = [h("span", { class: "nt-factor nt-factor-base" }, t("nt_calc_base", { n: u.base }))];
    if (u.kind === "C3" && u.base !== 4) {
      factors.push(h("span", { class: "nt-why" }, t("nt_base_exact")));
    }
    for (const reason of u.doublings) {
      factors.push(" × 2 ", h("span", { class: "nt-why" }, doublingName(reason)));
    }
    return h(
      "li",
      { class: "nt-unit", "data-testid": "scoring-unit", "data-unit": u.kind, "data-value": u.value },
      miniCards(Array(n).fill(u.card), `${cardName(u.card)} ×${n}`, "nt-tops"),
      h(
        "span",
        { class: "nt-unit-text" },
        h("span", { class: "nt-unit-name" }, unitName(u, player)),
        h("span", { class: "nt-unit-calc" }, factors),
      ),
      h("span", { class: "nt-unit-value" }, tn("nt_hu", u.value)),
    );
  }

  function lineRow(label, value, cls = "", attrs = {}) {
    return h(
      "li",
      { class: `nt-line ${cls}`.trim(), ...attrs },
      h("span", { class: "nt-line-label" }, label),
      h("span", { class: "nt-line-value" }, value),
    );
  }

  // The cards a player ends with: groups set down, then the winner's split or the concealed hand.
  function playerHand(player, win) {
    const groups = (player.melds || []).map((m) => {
      const g = meldGroup(m.kind, m.cards[0]);
      return miniCards(g.cards, g.label, `nt-hand-group nt-kind-${m.kind}`);
    });
    if (player.split) {
      // The winning card is framed where it earns its bonus: the run the engine names (5-6-7
      // and 6-7-8 both hold a 7; only in 6-7-8 is it the middle card), or the pair; with no
      // bonus role, the first group that holds it.
      const role = player.winning_card_role;
      const at = player.winning_card_group ?? null;
      let marked = false;
      const mark = (codes, isPair, index) => {
        const node = miniCards(codes, joinList(codes.map(cardName)), isPair ? "nt-hand-group nt-pair" : "nt-hand-group");
        if (!marked && win && win.card) {
          const fits = isPair ? role === "pair" : role !== "pair" && (at === null || at === index);
          const i = codes.indexOf(win.card);
          if (fits && i >= 0) {
            marked = true;
            node.children[i].classList.add("nt-winning-card");
          }
        }
        return node;
      };
      const split = player.split.map((g, index) => mark(g, false, index));
      if (player.pair) split.push(mark([player.pair, player.pair], true));
      groups.push(...split);
    } else if (player.concealed && player.concealed.length) {
      groups.push(
        miniCards(sortCodes(player.concealed), joinList(player.concealed.map(cardName)), "nt-hand-group nt-concealed"),
      );
    }
    return h("div", { class: "nt-hand", "aria-label": t("nt_sheet_hand") }, groups);
  }

  function playerSection(player, bd, result) {
    const seat = player.seat;
    const isWinner = result.winner === seat;
    const lines = [];
    if (player.units.length) {
      lines.push(...player.units.map((u) => unitRow(u, player)));
    } else {
      lines.push(h("li", { class: "nt-unit nt-unit-none" }, t("nt_no_sets")));
    }
    const sums = [lineRow(t("nt_row_base"), tn("nt_hu", player.base), "nt-line-base")];
    if (isWinner) {
      for (const b of player.bonuses) {
        sums.push(
          lineRow(bonusName(b.name), `+${b.hu}`, "nt-line-bonus", { "data-testid": "bonus", "data-value": b.hu }),
        );
      }
      if (player.multipliers.length) {
        for (const m of player.multipliers) {
          sums.push(lineRow(multiplierName(m), "×2", "nt-line-mult", { "data-testid": "multiplier" }));
        }
        if (player.multipliers.length > 1) {
          sums.push(lineRow(t("nt_row_mult_add"), `×${player.factor}`, "nt-line-factor"));
        }
      }
      const bonus = player.bonuses.reduce((s, b) => s + b.hu, 0);
      sums.push(
        lineRow(
          t("nt_row_total"),
          t("nt_total_formula", { base: player.base, bonus, factor: player.factor, total: player.total }),
          "nt-line-total",
        ),
      );
    } else if (player.total !== player.base) {
      sums.push(lineRow(t("nt_row_total"), String(player.total), "nt-line-total"));
    }
    sums.push(
      lineRow(t("nt_row_rounded"), tn("nt_hu", player.rounded), "nt-line-rounded", {
        "data-testid": "rounded-total",
        "data-value": player.rounded,
      }),
    );
    const name = seatName(seat);
    return h(
      "section",
      {
        class: `nt-player${isWinner ? " is-winner" : ""}`,
        "data-testid": "sheet-player",
        "data-player": seat,
        "aria-labelledby": `nt-sheet-${seat}`,
      },
      h(
        "h3",
        { class: "nt-player-head", id: `nt-sheet-${seat}` },
        h("span", { class: "nt-player-name" }, name),
        isWinner ? h("span", { class: "badge nt-badge-winner" }, t("nt_winner")) : null,
        h("span", { class: "nt-player-total" }, tn("nt_hu", player.rounded)),
      ),
      playerHand(player, isWinner ? bd.win : null),
      h("ul", { class: "nt-units", "aria-label": seat === HUMAN ? t("nt_units_label_yours") : t("nt_units_label", { seat: name }) }, lines),
      h("ul", { class: "nt-sums" }, sums),
    );
  }

  function settlementTable(bd, v) {
    const players = bd.players;
    const match = v.match || null;
    const rows = players.map((p) => {
      const others = players.filter((o) => o.seat !== p.seat);
      const against = others.map((o) => `(${p.rounded}\u00a0−\u00a0${o.rounded})`).join(" + ");
      const running = match ? match.totals[p.seat] : null;
      return h(
        "tr",
        { "data-player": p.seat },
        h(
          "th",
          { scope: "row" },
          h("span", { class: "nt-settle-name" }, seatName(p.seat)),
          h("span", { class: "nt-against-inline" }, against),
        ),
        h("td", { class: "nt-num" }, String(p.rounded)),
        h("td", { class: "nt-against" }, against),
        h(
          "td",
          { class: "nt-num nt-net", "data-testid": "settlement", "data-value": p.settlement },
          signed(p.settlement),
        ),
        match
          ? h(
              "td",
              { class: "nt-num nt-running", "data-testid": "match-total", "data-value": running },
              signed(running),
            )
          : null,
      );
    });
    return h(
      "section",
      { class: "nt-settlement", "aria-labelledby": "nt-settlement-title" },
      h("h3", { id: "nt-settlement-title" }, t("nt_settlement_title")),
      h(
        "div",
        { class: "nt-table-wrap" },
        h(
          "table",
          { class: "nt-settle-table" },
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              h("th", { scope: "col" }, t("nt_col_player")),
              h("th", { scope: "col", class: "nt-num" }, t("nt_col_total")),
              h("th", { scope: "col", class: "nt-against" }, t("nt_col_against")),
              h("th", { scope: "col", class: "nt-num" }, t("nt_col_deal")),
              match ? h("th", { scope: "col", class: "nt-num" }, t("nt_col_match")) : null,
            ),
          ),
          h("tbody", {}, rows),
        ),
      ),
      match && match.previous
        ? h(
            "p",
            { class: "nt-sheet-note" },
            t("nt_match_before"),
            " ",
            matchText(match.totals_before),
          )
        : null,
    );
  }

  function winNote(bd) {
    const win = bd.win;
    if (!win) return t("nt_result_exhausted_note");
    const card = win.card ? cardName(win.card) : "";
    if (win.heavenly) return t("nt_result_heavenly");
    const yours = win.from === HUMAN; // "robbed from your added kong", never "of You"
    if (win.robbed) return yours ? t("nt_result_robbed_yours", { card }) : t("nt_result_robbed", { card, seat: seatName(win.from) });
    if (win.from !== null && win.from !== undefined) {
      if (win.earthly) return yours ? t("nt_result_earthly_yours", { card }) : t("nt_result_earthly", { card, seat: seatName(win.from) });
      // NT§3.2: a win on another seat's card is on its discard
      return yours ? t("result_discarded_by_you", { card }) : t("result_discarded_by", { card, seat: seatName(win.from) });
    }
    if (win.kong_replacement) return t("nt_result_replacement", { card });
    return t("nt_result_self_drawn", { card });
  }

  function resultTitle(v) {
    return outcome(v, t("nt_result_exhausted"), { heading: true });
  }

  function resultLines(v) {
    const result = v.result || { winner: null, scores: [], breakdown: {} };
    const bd = result.breakdown || {};
    if (!bd.players) return [];
    const order = [...bd.players].sort((a, b) =>
      a.seat === result.winner ? -1 : b.seat === result.winner ? 1 : a.seat - b.seat,
    );
    const indicators = bd.indicators || v.table.indicators;
    const head = h(
      "div",
      { class: "nt-sheet-head" },
      h("p", { class: "result-note nt-win-note" }, winNote(bd)),
      h(
        "div",
        {
          class: "nt-sheet-indicators",
          "data-testid": "indicators",
          role: "group", // a named group: a <p> may not carry aria-label
          "aria-label": t("nt_indicators_aria", { first: cardName(indicators[0]), second: cardName(indicators[1]) }),
        },
        h("span", { class: "nt-sheet-label", "aria-hidden": "true" }, t("nt_indicators")),
        h("span", { class: "nt-cards", "aria-hidden": "true" }, indicators.map((c) => cardFace(c, "card-mini", ""))),
      ),
    );
    return [
      h(
        "div",
        { class: "nt-sheet", "data-testid": "scoring-sheet" },
        head,
        h("div", { class: "nt-players" }, order.map((p) => playerSection(p, bd, result))),
        settlementTable(bd, v),
      ),
    ];
  }

  // Next deal continues the match (the dealer passes on); Restart begins a new one.
  function resultActions(v, ctx) {
    return [
      {
        testid: "next-deal",
        label: t("nt_next_deal"),
        primary: true,
        onclick: () => ctx.newDeal({ after: v.id || ctx.dealId }),
      },
      { testid: "restart", label: t("nt_restart"), onclick: () => ctx.newDeal({}) },
    ];
  }

  registerGame("nantong", {
    players: PLAYERS,
    cardSize: [40, 140],
    hand: { slots: 23, gaps: 5, phoneRow: 12 },
    setup,
    model,
    sortHand,
    renderCentre,
    handCardState,
    actionButtons,
    describeEvent,
    startLine: dealerStartLine,
    actor,
    instant,
    offered: (m) => (m.phase === "claim" && m.public && m.public.how === "discarded" ? { seat: m.public.by, code: m.public.code } : null),
    status,
    resultTitle,
    resultLines,
    resultActions,
    // the core's own New deal button continues the match like Next deal (it is hidden in
    // table/nantong.css in favour of Next deal and Restart)
    newDealBody: (v) => (v && v.id ? { after: v.id } : {}),
    seatExtras,
  });
})();
