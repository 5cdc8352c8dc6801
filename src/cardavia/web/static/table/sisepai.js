// @ts-check
// The Sì Sè Pái parts of the table (rules: content/rules/sisepai): how the hand is sorted, the
// stock and the public card in the centre, the claim answers (groups, keep a General or flower,
// win, pass) and discards by hand card, the log lines, the status line and the winner's groups.
// The game-independent table is core/; the interface is described in docs/table-client.md
// and typed in core/types.js. The centre and the claim buttons are shared (shared/).

import { registerGame } from "./core/main.js";
import { HUMAN, keysLine } from "./core/state.js";
import { t, tn, seatName, cardName } from "./core/strings.js";
import { h, cardFace } from "./core/dom.js";
import { answerLine, dealerStartLine } from "./core/log.js";
import { outcome } from "./core/result.js";
import { fillCentre, stockPile, publicCard } from "./shared/centre.js";
import { winButton, passButton, numberKeys, groupOf } from "./shared/claims.js";

/** @typedef {import("./core/types.js").ButtonSpec} ButtonSpec */

(() => {
  // ------------------------------------------------------------------ cards and groups

  const KIND_KEYS = {
    general: "kind_general",
    flower: "kind_flower",
    pair: "kind_pair",
    triple: "kind_triple",
    quad: "kind_quad",
    command: "kind_command",
    field: "kind_field",
    soldiers3: "kind_soldiers",
    soldiers4: "kind_soldiers",
    soldiers: "kind_soldiers",
  };
  const kindLabel = (kind) => t(KIND_KEYS[kind] || kind);

  // A claim by the kind of group it makes (SSP-4), as the server names it.
  function claimLabel(kind) {
    if (kind === "general") return t("act_keep_general");
    if (kind === "flower") return t("act_keep_flower");
    return kindLabel(kind);
  }

  // An exposed group ({kind, cards}, as the server sends it) as the core draws it.
  function group(g) {
    return { cards: g.cards, kind: g.kind, label: kindLabel(g.kind) };
  }

  // ------------------------------------------------------------------ the display model
  // Besides the core's fields: stock (count), round ("draw" | "discard" | null) and public,
  // the card in the centre: {code, by, how: "drew" | "discarded" | "claimed" | "won"} or null.

  function activeSeat(v) {
    const tb = v.table;
    if (v.over) return v.result && v.result.winner !== null ? v.result.winner : null;
    if (v.legal_actions.length) return HUMAN;
    if (tb.phase === "discard" && tb.discarder !== null) return tb.discarder;
    return tb.offered_by ?? tb.turn;
  }

  function model(v) {
    const tb = v.table;
    const m = {
      stock: tb.stock,
      dealer: tb.dealer,
      seats: tb.seats.map((s) => ({
        groups: s.groups.map(group),
        pile: [...s.discards],
        count: s.concealed,
      })),
      hand: [...tb.hand],
      public: null,
      round: tb.round,
      active: activeSeat(v),
      fresh: null,
    };
    if (tb.public_card) {
      m.public = {
        code: tb.public_card,
        by: tb.offered_by,
        how: tb.round === "draw" ? "drew" : "discarded",
      };
    } else {
      // No card under claim (a claimant is discarding, or the deal is over): show the last
      // claimed or winning card, faded, so the centre tells what just happened.
      for (let i = v.log.length - 1; i >= 0; i--) {
        const e = v.log[i];
        if (e.kind === "claim" || e.kind === "win") {
          m.public = { code: e.card, by: e.seat, how: e.kind === "win" ? "won" : "claimed" };
          break;
        }
        if (e.kind === "draw" || e.kind === "discard" || e.kind === "drawn") break;
      }
    }
    return m;
  }

  // ------------------------------------------------------------------ the centre

  /** @type {{ stock: ReturnType<typeof stockPile>, public: ReturnType<typeof publicCard> }} */
  let centre = null; // the widgets setup() built

  function setup() {
    centre = {
      stock: stockPile(),
      public: publicCard({
        caption: (pub) => t(`caption_${pub.by === HUMAN ? "you_" : ""}${pub.how}`, { seat: seatName(pub.by) }),
        faded: (pub) => pub.how === "claimed",
      }),
    };
    fillCentre(t("public_card"), centre.stock.el, centre.public.el);
  }

  function renderCentre(el, m) {
    centre.stock.show(m.stock);
    centre.public.show(m.public);
  }

  // ------------------------------------------------------------------ the hand and the answers

  // Every hand card discards itself when discarding; Generals and flowers never (SSP-4: the
  // server lists the hand's singles).
  function handCardState(code, _i, _model, v) {
    const single = Boolean(v?.table.hand_singles.includes(code));
    const colour = code[0] === "F" ? "f" : code[0];
    return {
      action: single ? null : `discard ${code}`,
      reason: single ? t("reason_single") : t("reason_not_discarding"),
      locked: single,
      group: colour,
      attrs: { "data-colour": colour },
    };
  }

  function actionButtons(v) {
    const legal = v.legal_actions;
    const claimPrompt = legal.some((a) => a === "pass" || a === "win" || a.startsWith("claim "));
    if (!claimPrompt) {
      return { buttons: [], hint: legal.some((a) => a.startsWith("discard ")) ? t("hand_hint") : "" };
    }
    const canWin = legal.includes("win");
    /** @type {ButtonSpec[]} */
    const buttons = winButton(legal);
    const key = numberKeys();
    for (const action of legal.filter((a) => a.startsWith("claim "))) {
      const codes = action.split(" ").slice(1);
      const label = claimLabel(v.action_facts[action].kind);
      buttons.push({ action, testid: "claim-option", label, key: key(), cards: codes, primary: !canWin, aria: groupOf(label, codes) });
    }
    buttons.push(passButton(legal, t("reason_must_keep")));
    return { buttons, hint: keysLine("key_hint", "key_hint_off") };
  }

  // ------------------------------------------------------------------ status and log

  // A General or flower you drew is kept as a group of its own (SSP-4): every answer keeps it.
  const keepsOnly = (v) =>
    v.legal_actions.some((a) => ["general", "flower"].includes(v.action_facts[a]?.kind));

  function status(v) {
    const tb = v.table;
    if (v.over) return outcome(v, t("status_drawn"));
    const legal = v.legal_actions;
    if (legal.length) {
      if (legal[0].startsWith("discard ")) return t("status_your_discard");
      const card = cardName(tb.public_card);
      if (!legal.includes("pass") && tb.round === "draw" && tb.offered_by === HUMAN && keepsOnly(v)) {
        return t("status_keep", { card });
      }
      if (tb.round === "draw") {
        return tb.offered_by === HUMAN
          ? t("status_you_drew", { card })
          : t("status_seat_drew", { seat: seatName(tb.offered_by), card });
      }
      return t("status_seat_discarded", { seat: seatName(tb.offered_by), card });
    }
    if (tb.my_answer) return t("status_answered");
    if (tb.phase === "discard" && tb.discarder !== null && tb.discarder !== HUMAN) {
      return t("status_seat_discarding", { seat: seatName(tb.discarder) });
    }
    const seat = tb.offered_by ?? tb.turn;
    if (seat === HUMAN || seat === null || seat === undefined) return t("status_waiting");
    return t("status_seat_playing", { seat: seatName(seat) });
  }

  function describeEvent(e) {
    const you = e.seat === HUMAN;
    const args = { seat: seatName(e.seat), card: e.card ? cardName(e.card) : "" };
    switch (e.kind) {
      case "draw":
        return you ? t("log_you_drew", args) : t("log_seat_drew", args);
      case "unclaimed":
        return t("log_unclaimed", args);
      case "claim":
        args.group = kindLabel(e.group_kind);
        return you ? t("log_you_claimed", args) : t("log_seat_claimed", args);
      case "discard":
        return you ? t("log_you_discarded", args) : t("log_seat_discarded", args);
      case "win":
        return you ? tn("log_you_won", e.total ?? 0, args) : tn("log_seat_won", e.total ?? 0, args);
      case "drawn":
        return t("log_drawn");
      case "answer":
        return answerLine(e, () => claimLabel(e.group_kind));
      default:
        return e.kind;
    }
  }

  // ------------------------------------------------------------------ the end sheet

  // How the winning card came from another seat: drawn or discarded by it (a deal won before
  // the result said which reads "from").
  function cameFrom(bd, card) {
    const args = { card, seat: seatName(bd.from) };
    const you = bd.from === HUMAN;
    if (bd.drawn === undefined) return you ? t("result_from_you", args) : t("result_from", args);
    if (bd.drawn) return you ? t("result_drawn_by_you", args) : t("result_drawn_by", args);
    return you ? t("result_discarded_by_you", args) : t("result_discarded_by", args);
  }

  function resultLines(v) {
    const result = v.result || { winner: null, breakdown: {} };
    const winner = result.winner;
    if (winner === null || winner === undefined) return [h("p", { class: "result-note" }, t("result_drawn_note"))];
    const bd = result.breakdown || {};
    const parts = [];
    if (bd.winning_card) {
      const card = cardName(bd.winning_card);
      parts.push(
        h(
          "p",
          { class: "result-note" },
          bd.self_drawn || bd.from === winner ? t("result_self_drawn", { card }) : cameFrom(bd, card),
        ),
      );
    }
    // the winning card joined the concealed hand: a copy is framed in the first concealed group
    // holding one (which copy it was does not change the points)
    const framed = (bd.groups || []).findIndex((g) => !g.exposed && g.cards.includes(bd.winning_card));
    const faces = (g, i) => {
      const at = i === framed ? g.cards.indexOf(bd.winning_card) : -1;
      return g.cards.map((c, k) => cardFace(c, k === at ? "card-mini is-winning-card" : "card-mini", cardName(c)));
    };
    const rows = (bd.groups || []).map((g, i) =>
      h(
        "li",
        { class: `result-group${g.points ? " has-points" : ""}`, "data-kind": g.kind },
        h("span", { class: "result-cards" }, faces(g, i)),
        h(
          "span",
          { class: "result-kind" },
          h("span", { class: "result-kind-name" }, kindLabel(g.kind)),
          h("span", { class: "result-tag" }, g.exposed ? t("result_exposed") : t("result_concealed")),
        ),
        h("span", { class: "result-points" }, tn("points", g.points)),
      ),
    );
    // the list's name says what it holds; the sheet's heading already says who won
    const title = winner === HUMAN ? t("result_your_groups") : t("result_groups_of", { seat: seatName(winner) });
    parts.push(h("ul", { class: "result-groups", "aria-label": title }, rows));
    const total = bd.total ?? (result.scores ? result.scores[winner] : 0);
    parts.push(h("p", { class: "result-total" }, tn("total", total)));
    return parts;
  }

  registerGame("sisepai", {
    players: 4,
    cardSize: [40, 104],
    hand: { slots: 21, gaps: 4, phoneRow: 11 },
    setup,
    model,
    renderCentre,
    handCardState,
    actionButtons,
    describeEvent,
    startLine: dealerStartLine,
    actor: (e) => (e.kind === "unclaimed" ? null : e.seat),
    offered: (m) => (m.round === "discard" && m.public && m.public.how === "discarded" ? { seat: m.public.by, code: m.public.code } : null),
    instant: (e) => e.kind === "answer",
    status,
    resultLines,
  });
})();
