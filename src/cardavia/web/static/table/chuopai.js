// @ts-check
// The Chuo Pai parts of the table (rules: /work/shared/rules/chuopai.md, content/rules/chuopai):
// the hand grouped by family, the round in play in the centre (who led, who beat with what, who
// passed), the plays as buttons and as a selection of hand cards, forced plays explained, the
// banked piles by seat and the piles compared at the end. The game-independent table is core/;
// the interface is described in docs/table-client.md and typed in core/types.js.
//
// The engine applies forced moves itself (a pass when nothing beats, the only beating play, a
// last card): they reach the table as ordinary play/pass events, yours after a "forced" event
// that only you are shown, so the log, the centre and a notice can say so ("You could not beat
// Man 4-4, so you passed"). What each play is (its kind, family and rank) comes from the engine
// too: this plugin holds no table of the rules (games/chuopai/observation.py).

import { registerGame } from "./core/main.js";
import { ctx } from "./core/ctx.js";
import { HUMAN, keysLine } from "./core/state.js";
import { t, tn, seatName, cardName, cardsText, joinAnd } from "./core/strings.js";
import { $, h, cardFace } from "./core/dom.js";
import { outcome } from "./core/result.js";
import { fillCentre } from "./shared/centre.js";
import { numberKeys } from "./shared/claims.js";

/** @typedef {import("./core/types.js").ButtonSpec} ButtonSpec */

(() => {

  // ------------------------------------------------------------------ cards and plays
  // The engine says what a play is: its kind (a set's size, or the special combination, CP§3.9),
  // on the play events, the highest play and the banked piles; while you are to play,
  // view.action_facts holds every play your hand holds, with its family and rank, and why one
  // does not beat the highest play. Your hand comes by family, highest rank first.

  const SET_KEYS = { single: "cp_kind_single", pair: "kind_pair", triple: "kind_triple", four: "cp_kind_four" };
  const SPECIAL_KEYS = { tian_jiu: "cp_tian_jiu", di_ba: "cp_di_ba", ren_qi: "cp_ren_qi", he_wu: "cp_he_wu" };
  const isSpecial = (kind) => !!kind && kind in SPECIAL_KEYS;

  // The hand's order and families, from the last settled view (a hand only loses cards).
  let handOrder = new Map(); // code -> its place in the hand
  let handFamily = new Map(); // code -> "main" | "yao" | "black" | "red"

  function learnHand(tb) {
    handOrder = new Map();
    handFamily = new Map();
    for (const f of tb.hand_by_family) {
      for (const c of f.cards) {
        if (!handOrder.has(c)) handOrder.set(c, handOrder.size);
        handFamily.set(c, f.family);
      }
    }
  }

  const sortKey = (code) => handOrder.get(code) ?? 99;
  const sortCodes = (codes) => [...codes].sort((a, b) => sortKey(a) - sortKey(b));

  function countOf(codes) {
    const counts = {};
    for (const c of codes) counts[c] = (counts[c] || 0) + 1;
    return counts;
  }

  // ------------------------------------------------------------------ words for plays

  // A short label for a play's kind: Single, Pair, Triple, Four, or the combination's name.
  function kindLabel(kind) {
    const key = SET_KEYS[kind] || SPECIAL_KEYS[kind];
    return key ? t(key) : "";
  }

  // A play (its cards and kind) in words: "Man 4-4 ×2", "Tian Jiu (Heaven 6-6, Red Nine 4-5)".
  function playText(codes, kind) {
    if (isSpecial(kind)) return t("cp_special_play", { name: t(SPECIAL_KEYS[kind]), cards: cardsText(codes) });
    return cardsText(codes);
  }

  // ------------------------------------------------------------------ your moves, from the log
  // Each of your moves is told apart: chosen, or forced by the rules (applied by the engine
  // without asking you, after a "forced" event that only you are shown). Events are read once
  // each, in log order; `facts(e)` is shared by describeEvent,
  // model() and news().

  const track = { forced: false, high: null, facts: new Map() };

  function resetTrack() {
    track.forced = false;
    track.high = null;
    track.facts = new Map();
  }

  function facts(e) {
    if (e.v !== undefined && track.facts.has(e.v)) return track.facts.get(e.v);
    const out = { forced: false, over: null };
    const you = e.seat === HUMAN;
    switch (e.kind) {
      case "forced":
        track.forced = true; // your next move is the rules', not yours
        break;
      case "play":
        if (!e.lead && track.high) out.over = track.high;
        if (you) {
          out.forced = track.forced; // the only beating play, or a last card
          track.forced = false;
        }
        track.high = { seat: e.seat, cards: e.cards, kind: e.group_kind };
        break;
      case "pass":
        out.over = track.high;
        out.forced = true; // CP§3.2: nothing beats, so the engine passes
        if (you) track.forced = false;
        break;
      case "round":
        track.high = null;
        break;
      default:
        break;
    }
    if (e.v !== undefined) track.facts.set(e.v, out);
    return out;
  }

  // ------------------------------------------------------------------ the display model
  // Besides the core's fields: `trick` (the round in play, or the last one, finished),
  // `opening` (the starting bonuses before the first lead), `firstLeader`, `removed` (cards out
  // of play) and per seat `points`.

  function bonusGroup(cards) {
    return { cards: sortCodes(cards), kind: "bonus", label: t("cp_bonus_label") };
  }

  function bankedGroup(g) {
    return { cards: [...g.cards], kind: "banked", label: kindLabel(g.kind) };
  }

  function newTrick(round) {
    return { round, entries: [], high: -1, done: false, winner: null, banked: 0 };
  }

  // One event into the trick of the model.
  function trickStep(m, e) {
    const f = facts(e);
    if (e.kind === "play") {
      if (e.lead || !m.trick || m.trick.done) m.trick = newTrick((m.trick ? m.trick.round : 0) + 1);
      m.trick.entries.push({ seat: e.seat, cards: e.cards, play: e.group_kind, kind: e.lead ? "lead" : "beat", forced: f.forced, v: e.v });
      m.trick.high = m.trick.entries.length - 1;
    } else if (e.kind === "pass" && m.trick) {
      m.trick.entries.push({ seat: e.seat, cards: null, kind: "pass", forced: true, v: e.v });
    } else if (e.kind === "round" && m.trick) {
      m.trick.done = true;
      m.trick.winner = e.winner;
      m.trick.banked = (e.banked || []).length;
      if (e.round) m.trick.round = e.round;
    }
  }

  function activeSeat(v) {
    const tb = v.table;
    if (v.over) return v.result && v.result.winner !== null ? v.result.winner : null;
    if (v.legal_actions.length) return HUMAN;
    return tb.turn ?? null;
  }

  function model(v) {
    const tb = v.table;
    learnHand(tb);
    const m = {
      hand: tb.hand_by_family.flatMap((f) => f.cards),
      dealer: null,
      active: activeSeat(v),
      fresh: null,
      seats: tb.seats.map((s) => ({
        count: s.concealed,
        points: s.points,
        groups: [...(s.bonus.length ? [bonusGroup(s.bonus)] : []), ...s.banked.map(bankedGroup)],
        pile: null,
      })),
      trick: null,
      opening: [],
      firstLeader: tb.first_leader,
      removed: (tb.removed || []).length,
    };
    // The round in play (or the last one) from the log: from the last lead on.
    let start = -1;
    let rounds = 0;
    for (let i = 0; i < v.log.length; i++) {
      const e = v.log[i];
      if (e.kind === "bonus") m.opening.push({ seat: e.seat, cards: e.cards });
      if (e.kind === "play" && e.lead) {
        start = i;
        rounds++;
      }
    }
    if (start >= 0) {
      m.trick = newTrick(rounds - 1);
      m.trick.done = true;
      for (let i = start; i < v.log.length; i++) trickStep(m, v.log[i]);
    }
    return m;
  }

  // A notice that the engine played or passed for you is news of its round: it goes when the
  // round ends, so that it does not sit under the next round's prompt and contradict it.
  let forcedNews = false;
  function forcedNotice(text) {
    ctx.notice(text, { polite: true, quiet: true }); // its log line says the same, read out
    forcedNews = !!text;
  }

  // Your moves the rules made for you (CP§3.2), as news: each forced play or pass, gone once
  // you choose a play yourself or the round ends.
  function news(e) {
    const f = facts(e);
    if (e.kind === "play" && e.seat === HUMAN) {
      if (!f.forced) forcedNotice(""); // your choice: older news is stale
      else if (f.over) forcedNotice(t("cp_notice_forced_beat", { play: playText(e.cards, e.group_kind), over: playText(f.over.cards, f.over.kind) }));
      else forcedNotice(t("cp_notice_last_card", { play: playText(e.cards, e.group_kind) }));
    } else if (e.kind === "pass" && e.seat === HUMAN && f.over) {
      forcedNotice(t("cp_notice_passed", { play: playText(f.over.cards, f.over.kind) }));
    } else if (e.kind === "round" && forcedNews) {
      forcedNotice(""); // the log keeps it
    } else if (e.kind === "end") {
      forcedNotice(""); // the end sheet tells the rest; the log keeps every forced move
    }
  }

  // ------------------------------------------------------------------ the centre

  let centre = null; // the elements setup() built

  function setup() {
    const title = h("p", { class: "cp-round-title", "data-role": "cp-round-title" });
    const trick = h("ol", { class: "cp-trick", "data-testid": "trick" });
    const note = h("p", { class: "cp-trick-note", "data-testid": "trick-note" });
    const out = h("p", { class: "cp-out", "data-testid": "out-of-play" });
    const head = h("div", { class: "cp-centre-head" }, title, out);
    const el = fillCentre(t("cp_centre_heading"), head, trick, note);
    centre = { el, title, trick, note, out };
  }

  function playCards(codes, cls) {
    return h("span", { class: "cp-play-cards", "data-count": codes.length }, codes.map((c) => cardFace(c, cls)));
  }

  // A phrase with the seat's name in bold ("AI 1 led"; "You led" has no placeholder).
  function whoPhrase(key, seat) {
    const mark = "\u0000";
    const [before, after] = t(key, { seat: mark }).split(mark);
    if (after === undefined) return h("span", { class: "cp-play-who" }, h("strong", {}, before));
    return h("span", { class: "cp-play-who" }, before, h("strong", {}, seatName(seat)), after);
  }

  // One entry of the trick: who, what they did, the cards (or an empty slot for a pass).
  function entryNode(entry, i, trick) {
    const you = entry.seat === HUMAN;
    const high = i === trick.high;
    let key;
    if (entry.kind === "lead") key = you ? "cp_trick_you_led" : "cp_trick_led";
    else if (entry.kind === "beat") key = you ? (entry.forced ? "cp_trick_you_had_to_beat" : "cp_trick_you_beat") : "cp_trick_beat";
    else key = you ? "cp_trick_you_could_not_beat" : "cp_trick_passed";
    const tag = high ? t(trick.done ? "cp_trick_wins" : "cp_trick_highest") : null;
    return h(
      "li",
      {
        class: `cp-play${high ? " is-high" : ""}`,
        "data-testid": "trick-play",
        "data-player": entry.seat,
        "data-kind": entry.kind,
        "data-forced": entry.forced ? "true" : null,
        "data-code": entry.cards ? entry.cards.join(" ") : "",
      },
      whoPhrase(key, entry.seat),
      entry.cards
        ? playCards(entry.cards, "card-trick")
        : h("span", { class: "cp-play-cards cp-pass-slot", "aria-hidden": "true" }, h("span", { class: "cp-pass-mark" }, t("cp_pass_mark"))),
      h(
        "span",
        { class: "cp-play-what" },
        entry.cards ? h("span", { class: "cp-play-kind" }, kindLabel(entry.play)) : null,
        tag ? h("span", { class: "cp-play-tag" }, tag) : null,
      ),
    );
  }

  function openingNode(b) {
    return h(
      "li",
      { class: "cp-play cp-bonus", "data-testid": "trick-play", "data-player": b.seat, "data-kind": "bonus", "data-code": b.cards.join(" ") },
      h("span", { class: "cp-play-who" }, h("strong", {}, seatName(b.seat))),
      playCards(sortCodes(b.cards), "card-trick"),
      h("span", { class: "cp-play-what" }, h("span", { class: "cp-play-tag" }, tn("cp_bonus_points", b.cards.length))),
    );
  }

  // Keep entries already shown (so a card's arrival animation is not cut short by a redraw).
  function reconcile(list, items) {
    const old = [...list.children];
    items.forEach(({ key, make }, i) => {
      const current = old[i];
      if (current && current.dataset.key === key) return;
      const node = make();
      node.dataset.key = key;
      if (current) current.replaceWith(node);
      else list.append(node);
    });
    for (let i = items.length; i < old.length; i++) old[i].remove();
  }

  function renderCentre(el, m) {
    const { title, trick, note, out } = centre;
    // the hand's card size follows how many cards are left (see table/chuopai.css)
    const hand = $("[data-testid=hand]");
    if (hand) hand.style.setProperty("--cp-hand-n", String(Math.max(m.hand.length, 12)));
    const tr = m.trick;
    if (!tr) {
      title.textContent = m.opening.length ? t("cp_opening_title") : t("cp_round_title", { n: 1 });
      trick.dataset.kind = "opening";
      reconcile(trick, m.opening.map((b) => ({ key: `bonus-${b.seat}`, make: () => openingNode(b) })));
      note.textContent =
        m.firstLeader === HUMAN ? t("cp_note_you_lead_first") : t("cp_note_seat_leads_first", { seat: seatName(m.firstLeader) });
    } else {
      title.textContent = t("cp_round_title", { n: tr.round });
      trick.dataset.kind = tr.done ? "done" : "open";
      reconcile(
        trick,
        tr.entries.map((entry, i) => ({
          key: `${tr.round}-${i}-${entry.v}-${i === tr.high ? (tr.done ? "w" : "h") : ""}`,
          make: () => entryNode(entry, i, tr),
        })),
      );
      if (tr.done) {
        note.textContent =
          tr.winner === HUMAN
            ? tn("cp_note_you_won_round", tr.banked)
            : tn("cp_note_seat_won_round", tr.banked, { seat: seatName(tr.winner) });
      } else {
        const high = tr.entries[tr.high];
        if (!high) note.textContent = "";
        else if (high.seat === HUMAN) note.textContent = t("cp_note_to_beat_yours", { play: playText(high.cards, high.play) });
        else note.textContent = t("cp_note_to_beat", { play: playText(high.cards, high.play), seat: seatName(high.seat) });
      }
    }
    note.hidden = !note.textContent;
    out.textContent = tn("cp_out_count", m.removed);
    out.hidden = !m.removed;
  }

  // ------------------------------------------------------------------ the hand and the plays

  const FAMILY_KEYS = { main: "cp_family_main", yao: "cp_family_yao", black: "cp_family_black", red: "cp_family_red" };
  const familyOf = (code) => handFamily.get(code) || "x";

  function handCardState(code, i, m, v) {
    const family = familyOf(code);
    const attrs = { "data-family": family };
    // the first card of a family names it for screen readers ("Yao family: Cat 1-5")
    if (family in FAMILY_KEYS && (i === 0 || familyOf(m.hand[i - 1]) !== family)) {
      attrs["aria-label"] = t("cp_family_first", { family: t(FAMILY_KEYS[family]), card: cardName(code) });
    }
    const base = { group: family, attrs };
    if (!v || v.over || !v.legal_actions.length) return { ...base, reason: t("cp_reason_wait") };
    const used = usedCodes(v);
    if (used.has(code)) return { ...base, select: true };
    const high = v.table.highest;
    return {
      ...base,
      reason: high ? t("cp_reason_card_cannot_beat", { card: cardName(code), play: playText(high.cards, high.kind) }) : t("cp_reason_wait"),
    };
  }

  let usedCache = { actions: null, codes: new Set() };
  function usedCodes(v) {
    if (usedCache.actions !== v.legal_actions) {
      const codes = new Set();
      for (const a of v.legal_actions) for (const c of a.split(" ").slice(1)) codes.add(c);
      usedCache = { actions: v.legal_actions, codes };
    }
    return usedCache.codes;
  }

  const actionCards = (action) => action.split(" ").slice(1);
  const multisetKey = (codes) => [...codes].sort().join(" ");

  // Does `codes` (a play's cards) hold every selected card, copies counted?
  function holdsAll(codes, selected) {
    const counts = countOf(codes);
    for (const [c, n] of Object.entries(countOf(selected))) if ((counts[c] || 0) < n) return false;
    return true;
  }

  // Plays in the order of the hand: families, highest rank first, smaller sets first, then the
  // combinations from Tian Jiu down (`facts`: view.action_facts).
  function playOrder(action, facts) {
    const codes = actionCards(action);
    const f = facts[action];
    if (!f) return [9, 0, 0, ""];
    if (isSpecial(f.kind)) return [1, -f.rank, codes.length, multisetKey(codes)];
    return [0, sortKey(codes[0]), codes.length, ""];
  }

  function compareOrder(a, b, facts) {
    const x = playOrder(a, facts);
    const y = playOrder(b, facts);
    for (let i = 0; i < x.length; i++) {
      if (x[i] < y[i]) return -1;
      if (x[i] > y[i]) return 1;
    }
    return 0;
  }

  // Why the selected cards cannot be played now, from what the engine says of the plays the
  // hand holds (view.action_facts).
  function selectionReason(selected, v) {
    if (!selected.length) return t("cp_reason_select");
    const facts = v.action_facts;
    const key = multisetKey(selected);
    const action = Object.keys(facts).find((a) => multisetKey(actionCards(a)) === key);
    if (!action) {
      // the cards of a special combination the hand holds, in unequal numbers (CP§3.9)
      const counts = countOf(selected);
      const civil = Object.values(facts).find((f) => f.civil && counts[f.civil]);
      if (civil) {
        const same = Object.keys(facts).filter((a) => facts[a].kind === civil.kind);
        const cards = new Set(same.flatMap(actionCards));
        if (Object.keys(counts).every((c) => cards.has(c))) {
          return t("cp_reason_unequal", { name: t(SPECIAL_KEYS[civil.kind]), civil: cardName(civil.civil) });
        }
      }
      return t("cp_reason_not_a_play");
    }
    const f = facts[action];
    const high = v.table.highest;
    if (f.why_not && high) {
      const args = { play: playText(selected, f.kind), over: playText(high.cards, high.kind) };
      if (f.why_not === "class") return t("cp_reason_class", args);
      if (f.why_not === "size") return tn("cp_reason_count", high.cards.length, args);
      if (f.why_not === "family") return t("cp_reason_family", args);
      if (f.why_not === "rank") return t("cp_reason_rank", args);
    }
    return t("cp_reason_not_legal", { play: playText(selected, f.kind) });
  }

  function actionButtons(v) {
    const legal = v.legal_actions.filter((a) => a.startsWith("play "));
    if (!legal.length) return { buttons: [], hint: "" };
    const selected = ctx.selection.codes();
    const byCards = new Map(legal.map((a) => [multisetKey(actionCards(a)), a]));
    const match = selected.length ? byCards.get(multisetKey(selected)) || null : null;
    // One button per legal play; a selection narrows them to the plays that use those cards.
    // If none does, there are none: the Play button's reason says why, in place of plays that
    // have nothing to do with the selection (Clear brings them back).
    const all = [...legal].sort((a, b) => compareOrder(a, b, v.action_facts));
    const shown = selected.length ? all.filter((a) => holdsAll(actionCards(a), selected)) : all;
    /** @type {ButtonSpec[]} */
    const buttons = [
      {
        action: match,
        testid: "play-selected",
        label: t("cp_act_play"),
        key: "p",
        cards: selected.length ? sortCodes(selected) : null,
        primary: !!match,
        reason: match ? null : selectionReason(selected, v),
        // said in plain sight only in place of the plays (none holds the selection): under a
        // narrowed row it would grow the buttons' box and move the hand under the finger
        explain: selected.length > 0 && !shown.length,
        aria: selected.length ? t("cp_play_selected_aria", { cards: cardsText(sortCodes(selected)) }) : null,
      },
    ];
    if (selected.length) {
      buttons.push({
        action: null,
        testid: "clear-selection",
        label: t("cp_act_clear"),
        key: "c",
        onclick: () => ctx.selection.clear(),
      });
    }
    const key = numberKeys();
    shown.forEach((action) => {
      const codes = actionCards(action);
      const label = kindLabel(v.action_facts[action].kind);
      buttons.push({
        action,
        testid: "play-option",
        label,
        key: key(),
        cards: codes,
        strip: true,
        aria: t("group_of", { group: label, cards: cardsText(codes) }),
      });
    });
    let hint = keysLine("cp_key_hint", "cp_key_hint_off");
    if (shown.length && shown.length < all.length) hint = `${tn("cp_hint_narrowed", shown.length)} ${hint}`;
    return { buttons, hint };
  }

  // ------------------------------------------------------------------ status and log

  function tiedNames(result) {
    const tied = (result && result.breakdown && result.breakdown.tied) || [];
    return joinAnd(tied.map(seatName));
  }

  function status(v) {
    const tb = v.table;
    if (v.over) return outcome(v, t("cp_status_tie", { seats: tiedNames(v.result) }));
    if (v.legal_actions.length) {
      if (tb.phase === "respond" && tb.highest) {
        return t("cp_status_must_beat", { play: playText(tb.highest.cards, tb.highest.kind), seat: seatName(tb.highest.seat) });
      }
      return t("cp_status_lead");
    }
    const seat = tb.turn;
    if (seat === null || seat === undefined || seat === HUMAN) return t("status_waiting");
    return t("status_seat_playing", { seat: seatName(seat) });
  }

  function describeEvent(e) {
    const f = facts(e);
    const you = e.seat === HUMAN;
    const seat = seatName(e.seat);
    switch (e.kind) {
      case "deal":
      case "hand":
      case "forced":
        return null;
      case "bonus":
        return you ? tn("cp_log_you_bonus", e.cards.length) : tn("cp_log_seat_bonus", e.cards.length, { seat });
      case "play": {
        const play = playText(e.cards, e.group_kind);
        if (e.lead) {
          if (you) return t(f.forced ? "cp_log_you_led_last" : "cp_log_you_led", { play });
          return t("cp_log_seat_led", { seat, play });
        }
        if (you) return t(f.forced ? "cp_log_you_had_to_beat" : "cp_log_you_beat", { play });
        return t("cp_log_seat_beat", { seat, play });
      }
      case "pass": {
        const over = f.over ? playText(f.over.cards, f.over.kind) : "";
        return you ? t("cp_log_you_passed", { play: over }) : t("cp_log_seat_passed", { seat, play: over });
      }
      case "round":
        return e.winner === HUMAN
          ? tn("cp_log_you_won_round", (e.banked || []).length)
          : tn("cp_log_seat_won_round", (e.banked || []).length, { seat: seatName(e.winner) });
      case "end": {
        const scores = e.scores || [];
        if (e.winner === null || e.winner === undefined) {
          const top = Math.max(...scores);
          return tn("cp_log_end_tie", top, { seats: joinAnd((e.tied || []).map(seatName)) });
        }
        const n = scores[e.winner] ?? 0;
        return e.winner === HUMAN ? tn("cp_log_end_you", n) : tn("cp_log_end_seat", n, { seat: seatName(e.winner) });
      }
      default:
        return null;
    }
  }

  function startLine(v) {
    resetTrack();
    const first = v.table.first_leader;
    return first === HUMAN ? t("cp_log_start_you") : t("cp_log_start_seat", { seat: seatName(first) });
  }

  function seatExtras(slot, seat, m) {
    const points = m.seats[seat] ? m.seats[seat].points : 0;
    const text = tn("cp_pile_count", points);
    const chip = slot.firstElementChild;
    if (chip && chip.textContent === text) return;
    slot.replaceChildren(h("span", { class: "cp-pile-chip", "data-testid": "pile-count", "data-points": points }, text));
  }

  // ------------------------------------------------------------------ the end sheet

  function resultTitle(v) {
    return outcome(v, t("cp_result_tie", { seats: tiedNames(v.result) }), { heading: true });
  }

  function miniGroup(cards, kind, label) {
    return h(
      "span",
      { class: `cp-score-group${kind === "bonus" ? " cp-bonus" : ""}`, role: "listitem" },
      h("span", { class: "visually-hidden" }, `${label}: `),
      cards.map((c) => cardFace(c, "card-mini", cardName(c))),
    );
  }

  function resultLines(v) {
    const result = v.result || { winner: null, breakdown: {} };
    const bd = result.breakdown || {};
    const seats = [...(bd.seats || [])].sort((a, b) => b.points - a.points || a.seat - b.seat);
    const tied = bd.tied || [];
    // the kind of each banked play, from the table (the breakdown keeps their cards only)
    const kindOf = (seat, i) => ((v.table.seats[seat] || { banked: [] }).banked[i] || {}).kind;
    const rows = seats.map((s) => {
      const won = result.winner === s.seat;
      const tie = tied.includes(s.seat);
      const groups = [];
      if (s.bonus.length) groups.push(miniGroup(s.bonus, "bonus", t("cp_bonus_label")));
      s.banked.forEach((cards, i) => groups.push(miniGroup(cards, "banked", kindLabel(kindOf(s.seat, i)))));
      const details = [tn("cp_result_banked", s.banked_points)];
      if (s.bonus_points) details.push(tn("cp_result_bonus", s.bonus_points));
      if (s.unplayed.length) details.push(tn("cp_result_unplayed", s.unplayed.length));
      return h(
        "li",
        {
          class: `cp-score${won || tie ? " is-top" : ""}`,
          "data-testid": "cp-score",
          "data-player": s.seat,
          "data-points": s.points,
          "data-winner": won ? "true" : null,
          "data-tied": tie ? "true" : null,
        },
        h(
          "div",
          { class: "cp-score-head" },
          h("span", { class: "cp-score-name" }, seatName(s.seat)),
          won ? h("span", { class: "badge badge-turn" }, t("cp_badge_winner")) : null,
          tie ? h("span", { class: "badge badge-turn" }, t("cp_badge_tied")) : null,
          h("span", { class: "cp-score-points" }, tn("points", s.points)),
        ),
        h("p", { class: "cp-score-detail" }, details.join(" · ")),
        groups.length
          ? h("span", { class: "cp-score-cards", role: "list", "aria-label": s.seat === HUMAN ? t("cp_pile_label_yours") : t("cp_pile_label", { seat: seatName(s.seat) }) }, groups)
          : h("p", { class: "cp-score-detail cp-score-empty" }, t("cp_result_nothing")),
      );
    });
    const parts = [];
    const top = bd.top ?? (seats[0] ? seats[0].points : 0);
    parts.push(
      h(
        "p",
        { class: "result-note" },
        result.winner === null || result.winner === undefined ? tn("cp_result_note_tie", top) : tn("cp_result_note_win", top),
      ),
    );
    parts.push(h("ol", { class: "cp-scores", "aria-label": t("cp_scores_label") }, rows));
    if (bd.removed) parts.push(h("p", { class: "result-note cp-result-out" }, tn("cp_out_count", bd.removed)));
    return parts;
  }

  registerGame("chuopai", {
    players: 3,
    cardSize: [40, 144],
    // cards are chosen, then played by a button: a narrower target costs no misplay, and the
    // 28 tall cards stay in two rows
    hand: { slots: 28, gaps: 3, phoneRow: 14, phoneMin: 27 },
    groupsLabel: "cp_banked_label",
    setup,
    model,
    news,
    sortHand: sortCodes,
    renderCentre,
    handCardState,
    actionButtons,
    describeEvent,
    startLine,
    // a round's end hands the turn to its next leader: the status names that AI seat, as the
    // badge does, not the seat that last passed (your own lead follows at once)
    actor: (e) => {
      if (e.kind === "round") return e.next !== HUMAN ? e.next ?? null : null;
      return e.kind === "play" || e.kind === "pass" ? e.seat : null;
    },
    instant: (e) => e.kind === "deal" || e.kind === "hand" || e.kind === "forced" || e.kind === "end",
    status,
    seatExtras,
    resultTitle,
    resultLines,
  });
})();
