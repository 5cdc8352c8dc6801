// @ts-check
// The Two Seven Ten table (rules: /work/shared/rules/erqishi.md, content/rules/erqishi): the
// family's table (shared/zipai.js) with this game's rules: dealt ti face up (A-ER-17); chi only
// on your own turned-up card or your previous player's discard (ER-10); peng on any public card,
// your own included (ER-9); a compulsory four offered only beside a win, with no pass (ER-8,
// A-ER-21); wins on discards, paid by the discarder alone at three times the units (ER-15);
// passed cards (过张) that bar chi and win, marked on every seat (ER-14); and the end sheet's
// payment in units by bands of huxi. Its words come by the family's keys, with this game's own
// msgids where the rule differs (web/strings/erqishi.py).

import { registerGame } from "./core/main.js";
import { HUMAN } from "./core/state.js";
import { t, tn, seatName, cardName, joinList } from "./core/strings.js";
import { h, cardFace } from "./core/dom.js";
import { zipaiPlugin, sumsList } from "./shared/zipai.js";

const PLAYERS = 3;

const idOf = (code) => (code[0] === "L" ? 10 : 0) + Number(code.slice(1)) - 1;
const sortCodes = (codes) => [...codes].sort((a, b) => idOf(a) - idOf(b));

// Win!'s label: the points, the units and who pays (the discarder alone, 3u, for a discard).
function winLabel(v) {
  const facts = (v.action_facts || {}).win;
  if (!facts || facts.huxi === null || facts.huxi === undefined) return null;
  const fromDiscard = v.table.public_card && v.table.source === "discard";
  // what the discarder would pay, from the server's payments (ER-15), not a rule re-encoded here
  const discarder = v.table.offered_by;
  const pays = fromDiscard
    ? tn("erq_win_discarder_pays", -(facts.payments?.[discarder] ?? 0), { seat: seatName(discarder) })
    : tn("erq_win_each_pays", facts.units);
  return `${t("act_win")} ${tn("phz_huxi", facts.huxi)} · ${tn("erq_units", facts.units)} · ${pays}`;
}

// The end sheet's total, band, units and who pays them: the server's numbers (ER-15).
function scoreBlock(bd) {
  const huxi = bd.huxi ?? 0;
  const units = bd.units ?? 0;
  let who = tn("erq_result_each_pays", units);
  if (bd.source === "discard") {
    const paid = -(bd.payments?.[bd.discarder] ?? 0);
    who =
      bd.discarder === HUMAN
        ? tn("erq_result_you_discarder_pays", paid, { units })
        : tn("erq_result_discarder_pays", paid, { seat: seatName(bd.discarder), units });
  }
  return sumsList([
    { cls: "phz-sum-total", testid: "phz-total", data: { huxi }, term: t("phz_result_total"), value: tn("phz_huxi", huxi) },
    { cls: "phz-sum-tun", testid: "erq-units", data: { units }, term: t("erq_result_units"), rule: t("erq_result_bands"), value: tn("erq_result_band", units, { band: bd.band || "" }) },
    { cls: "erq-sum-who", testid: "erq-who-pays", data: { source: bd.source || "" }, term: t("erq_result_who"), value: who },
  ]);
}

function winningNote(bd) {
  if (bd.heavenly) return t("erq_result_heavenly");
  const card = cardName(bd.winning_card);
  if (bd.source === "discard") {
    return bd.from === HUMAN ? t("erq_result_you_discarded", { card }) : t("erq_result_discarded", { card, seat: seatName(bd.from) });
  }
  return undefined; // turned up: the family's line ("…, revealed by …")
}

// Passed-card marks (ER-14): every seat's own discards, which it may never chi or win with;
// yours also the cards you passed up a chi of (`stale.chi`, private: ER-17), which bar the
// same (usability walk: your mark left them out while the notes named them).
function seatChips(seat, m) {
  const mine = seat === HUMAN ? m.stale.chi : [];
  const passed = sortCodes([...new Set([...(m.seats[seat].passed || []), ...mine])]);
  if (!passed.length) return [];
  const cards = joinList(passed.map(cardName));
  const title = seat === HUMAN ? t("erq_passed_title_you", { cards }) : t("erq_passed_title", { seat: seatName(seat), cards });
  return [
    h(
      "span",
      { class: "phz-chip erq-chip-passed", "data-testid": "passed-mark", "data-cards": passed.join(" "), title },
      h("span", { class: "erq-passed-label" }, t("erq_passed_label")),
      h("span", { class: "erq-passed-cards", "aria-hidden": "true" }, passed.map((c) => cardFace(c, "card-tiny", ""))),
      h("span", { class: "visually-hidden" }, cards),
    ),
  ];
}

function describe(e, you, args) {
  switch (e.kind) {
    case "ti":
      return you ? t("erq_log_you_ti_dealt", args) : t("erq_log_seat_ti_dealt", args);
    case "win": {
      if (e.heavenly) return you ? t("erq_log_you_heavenly") : t("erq_log_seat_heavenly", args);
      const more = { ...args, huxi: e.huxi };
      if (e.source === "discard") {
        more.from = seatName(e.from);
        if (e.from === HUMAN) return tn("erq_log_seat_won_your_discard", e.units, more);
        return you ? tn("erq_log_you_won_discard", e.units, more) : tn("erq_log_seat_won_discard", e.units, more);
      }
      return you ? tn("erq_log_you_won", e.units, more) : tn("erq_log_seat_won", e.units, more);
    }
    default:
      return undefined;
  }
}

/** @type {import("./shared/zipai.js").ZipaiRules} */
const RULES = {
  dealtTiFaceDown: false,
  mayChi: (play) => (play.source === "reveal" ? play.from === HUMAN : HUMAN === (play.from + 1) % PLAYERS),
  mayPeng: (play) => play.source === "reveal" || play.from !== HUMAN,
  statusNoCard: () => t("erq_status_heavenly"),
  describe,
  scoreBlock,
  winningNote,
  seatChips,
  claimNote: (verb) => (verb === "pao" ? t("erq_claim_compulsory") : null),
  winLabel,
};

registerGame("erqishi", zipaiPlugin(RULES));
