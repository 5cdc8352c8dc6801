// The Sì Sè Pái table: plays one deal against the AI seats through the HTTP API
// (architecture.md §6). Plain modern JavaScript, no build step, no framework.
//
// Flow: create or resume a deal, then loop: show the new log entries one at a time (paced,
// instant under prefers-reduced-motion), render the view, and either offer the human's legal
// actions or long-poll `GET ?wait=<version>` until the human must act or the deal is over.
(() => {
  "use strict";

  const root = document.getElementById("table");
  const configEl = document.getElementById("cardavia-config");
  if (!root || !configEl) return;
  const config = JSON.parse(configEl.textContent);
  const STRINGS = config.strings || {};
  const PLURALS = config.plural_forms || {};
  const SEATS = config.seats || ["You", "AI 1", "AI 2", "AI 3"];
  const HUMAN = 0;
  const STEP_MS = 600;
  const STORAGE_KEY = `cardavia.deal.${config.game}`;
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

  // ------------------------------------------------------------------ strings

  function fill(template, args) {
    return String(template).replace(/%\((\w+)\)s/g, (match, name) =>
      Object.prototype.hasOwnProperty.call(args, name) ? String(args[name]) : match,
    );
  }

  function t(key, args = {}) {
    return fill(key in STRINGS ? STRINGS[key] : key, args);
  }

  let pluralRules;
  try {
    pluralRules = new Intl.PluralRules(config.lang);
  } catch {
    pluralRules = new Intl.PluralRules("en");
  }

  function tn(key, n, args = {}) {
    const forms = PLURALS[key] || [key];
    const categories = config.plural_categories || {};
    let index = categories[pluralRules.select(n)];
    if (index === undefined) index = n === 1 ? 0 : forms.length - 1;
    const form = forms[Math.min(index, forms.length - 1)];
    return fill(form, { ...args, n });
  }

  const seatName = (seat) => SEATS[seat] ?? `#${seat}`;
  const cardInfo = (code) => (config.cards && config.cards[code]) || { name: code, url: "" };
  const cardName = (code) => cardInfo(code).name;

  // ------------------------------------------------------------------ cards and groups

  const COLOUR_ORDER = "rywg";
  const PIECE_ORDER = "KAECHNS";

  function sortKey(code) {
    if (code[0] === "F") return 100 + Number(code.slice(1));
    return COLOUR_ORDER.indexOf(code[0]) * 7 + PIECE_ORDER.indexOf(code[1]);
  }
  const sortCodes = (codes) => [...codes].sort((a, b) => sortKey(a) - sortKey(b));
  const isSingle = (code) => code[0] === "F" || code[1] === "K"; // Generals and flowers

  // The kind of a legal group (SSP-4), as the server's breakdown names it.
  function groupKind(codes) {
    if (codes.length === 1) return codes[0][0] === "F" ? "flower" : "general";
    if (codes.every((c) => c === codes[0])) {
      return { 2: "pair", 3: "triple", 4: "quad" }[codes.length] || "group";
    }
    if (codes.every((c) => c[1] === "S")) return `soldiers${codes.length}`;
    return codes.some((c) => c[1] === "K") ? "command" : "field";
  }

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

  function claimLabel(codes) {
    const kind = groupKind(codes);
    if (kind === "general") return t("act_keep_general");
    if (kind === "flower") return t("act_keep_flower");
    return kindLabel(kind);
  }

  // ------------------------------------------------------------------ DOM helpers

  function h(tag, attrs = {}, ...children) {
    const el = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (name === "class") el.className = value;
      else if (name === "text") el.textContent = value;
      else if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
      else el.setAttribute(name, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      el.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return el;
  }

  function cardImg(code, alt) {
    const info = cardInfo(code);
    return h("img", {
      src: info.url,
      alt: alt === undefined ? info.name : alt,
      width: 40,
      height: 104,
      decoding: "async",
      draggable: "false",
    });
  }

  // A card face in the look-affected style (see .card in site.css).
  function cardFace(code, cls = "", alt) {
    return h("span", { class: `card ${cls}`.trim(), "data-code": code }, cardImg(code, alt));
  }

  const LOCK_SVG =
    '<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="currentColor" stroke-width="1.8"/><rect x="2.5" y="7" width="11" height="8" rx="1.5" fill="currentColor"/></svg>';

  const $ = (sel, base = root) => base.querySelector(sel);
  const seatEl = (seat) => $(`[data-seat="${seat}"]`);
  const els = {
    felt: $("[data-role=felt]"),
    stockText: $("[data-role=stock-text]"),
    stock: $("[data-testid=stock-count]"),
    publicFig: $("[data-testid=public-card]"),
    publicSlot: $("[data-role=public-slot]"),
    publicCaption: $("[data-role=public-caption]"),
    hand: $("[data-testid=hand]"),
    actions: $("[data-role=actions]"),
    status: $("[data-testid=turn-status]"),
    notice: $("[data-role=notice]"),
    hint: $("[data-role=hint]"),
    result: $("[data-role=result]"),
    log: $("[data-testid=log]"),
  };

  // ------------------------------------------------------------------ state

  let dealId = null;
  let view = null; // the last view fully rendered
  let busy = false; // an action is being sent
  let generation = 0; // bumps on New deal, so stale loops stop
  let handFocus = 0; // roving tabindex position in the hand

  function setState(state) {
    root.dataset.state = state;
  }

  let noticeTimer = 0;
  function notice(text, { sticky = false } = {}) {
    clearTimeout(noticeTimer);
    if (!text) {
      els.notice.hidden = true;
      els.notice.textContent = "";
      return;
    }
    els.notice.textContent = text;
    els.notice.hidden = false;
    if (!sticky) noticeTimer = setTimeout(() => notice(""), 6000);
  }

  function status(text) {
    if (els.status.textContent !== text) els.status.textContent = text;
  }

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  let lastStepAt = 0; // when the last paced move was shown

  // ------------------------------------------------------------------ the display model
  // What the board shows. Built from a view, then advanced event by event while new log
  // entries are walked, so AI moves appear one at a time.

  function modelFromView(v) {
    const tb = v.table;
    const model = {
      stock: tb.stock,
      dealer: tb.dealer,
      seats: tb.seats.map((s) => ({
        exposed: s.exposed.map((g) => [...g]),
        discards: [...s.discards],
        concealed: s.concealed,
      })),
      hand: sortCodes(tb.hand),
      public: null,
      round: tb.round,
      active: null,
      fresh: null, // {seat, where: "discards"|"exposed"} of the last change, for a highlight
    };
    if (tb.public_card) {
      model.public = {
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
          model.public = { code: e.card, by: e.seat, how: e.kind === "win" ? "won" : "claimed" };
          break;
        }
        if (e.kind === "draw" || e.kind === "discard" || e.kind === "drawn") break;
      }
    }
    model.active = activeSeat(v);
    return model;
  }

  function activeSeat(v) {
    const tb = v.table;
    if (v.over) return v.result && v.result.winner !== null ? v.result.winner : null;
    if (v.legal_actions.length) return HUMAN;
    if (tb.phase === "discard" && tb.discarder !== null) return tb.discarder;
    return tb.offered_by ?? tb.turn;
  }

  function removeOne(list, code) {
    const i = list.indexOf(code);
    if (i >= 0) list.splice(i, 1);
  }

  function advance(model, e) {
    const seat = e.seat;
    model.fresh = null;
    switch (e.kind) {
      case "draw":
        model.stock = e.stock;
        model.public = { code: e.card, by: seat, how: "drew" };
        model.round = "draw";
        model.active = seat;
        break;
      case "unclaimed":
        model.seats[seat].discards.push(e.card);
        model.public = { code: e.card, by: seat, how: "discarded" };
        model.round = "discard";
        model.active = seat;
        model.fresh = { seat, where: "discards" };
        break;
      case "claim": {
        if (model.round === "discard" && e.from !== undefined) {
          const pile = model.seats[e.from].discards;
          if (pile[pile.length - 1] === e.card) pile.pop();
        }
        model.seats[seat].exposed.push(sortCodes(e.group));
        model.seats[seat].concealed -= e.group.length - 1;
        if (seat === HUMAN) {
          const rest = [...e.group];
          removeOne(rest, e.card);
          for (const c of rest) removeOne(model.hand, c);
        }
        model.public = { code: e.card, by: seat, how: "claimed" };
        model.round = null;
        model.active = seat;
        model.fresh = { seat, where: "exposed" };
        break;
      }
      case "discard":
        model.seats[seat].discards.push(e.card);
        model.seats[seat].concealed -= 1;
        if (seat === HUMAN) removeOne(model.hand, e.card);
        model.public = { code: e.card, by: seat, how: "discarded" };
        model.round = "discard";
        model.active = seat;
        model.fresh = { seat, where: "discards" };
        break;
      case "win":
        model.public = { code: e.card, by: seat, how: "won" };
        model.active = seat;
        break;
      case "drawn":
        model.public = null;
        model.active = null;
        break;
      default:
        break;
    }
  }

  // ------------------------------------------------------------------ rendering the board

  function renderSeat(model, seat, tableView) {
    const el = seatEl(seat);
    if (!el) return;
    const data = model.seats[seat];
    el.classList.toggle("is-active", model.active === seat);
    $("[data-role=dealer]", el).hidden = model.dealer !== seat;
    $("[data-role=turn]", el).hidden = model.active !== seat || !!(tableView && tableView.over);
    const count = seat === HUMAN ? model.hand.length : data.concealed;
    $("[data-role=count]", el).textContent = tn("hand_count", count);

    const groups = $("[data-role=exposed]", el);
    groups.replaceChildren(
      ...data.exposed.map((g, i) => {
        const fresh =
          model.fresh && model.fresh.seat === seat && model.fresh.where === "exposed" &&
          i === data.exposed.length - 1;
        return h(
          "div",
          { class: `group${fresh ? " is-fresh" : ""}`, role: "listitem", "data-kind": groupKind(g) },
          h("span", { class: "visually-hidden" }, `${kindLabel(groupKind(g))}: `),
          g.map((c) => cardFace(c, "card-mini")),
        );
      }),
    );
    if (!data.exposed.length) {
      groups.append(h("span", { class: "empty-note", role: "listitem" }, t("no_groups")));
    }

    const pile = $("[data-role=discards]", el);
    pile.replaceChildren(
      ...data.discards.map((c, i) => {
        const last = i === data.discards.length - 1;
        const fresh = last && model.fresh && model.fresh.seat === seat && model.fresh.where === "discards";
        return h(
          "span",
          { role: "listitem", class: `discard${last ? " is-last" : ""}${fresh ? " is-fresh" : ""}` },
          cardFace(c, "card-discard"),
        );
      }),
    );
    if (!data.discards.length) {
      pile.append(h("span", { class: "empty-note", role: "listitem" }, t("no_discards")));
    }
    // keep the newest discards in view in a scrolled strip
    pile.scrollLeft = pile.scrollWidth;
  }

  function renderCentre(model) {
    els.stockText.textContent = tn("stock_count", model.stock);
    els.stock.dataset.count = String(model.stock);
    const pub = model.public;
    els.publicFig.dataset.code = pub ? pub.code : "";
    els.publicFig.dataset.how = pub ? pub.how : "";
    els.publicFig.classList.toggle("is-faded", !!pub && pub.how === "claimed");
    if (!pub) {
      els.publicSlot.replaceChildren(h("span", { class: "public-empty", "aria-hidden": "true" }));
      els.publicCaption.textContent = t("no_public_card");
      return;
    }
    const current = els.publicSlot.querySelector(".card");
    if (!current || current.dataset.code !== pub.code) {
      els.publicSlot.replaceChildren(cardFace(pub.code, "card-public is-fresh"));
    }
    const key = `caption_${pub.by === HUMAN ? "you_" : ""}${pub.how}`;
    els.publicCaption.replaceChildren(
      h("span", { class: "caption-how" }, t(key, { seat: seatName(pub.by) })),
      h("span", { class: "caption-card" }, cardName(pub.code)),
    );
  }

  function renderHand(model, v) {
    const legal = new Set(v ? v.legal_actions : []);
    const discarding = [...legal].some((a) => a.startsWith("discard "));
    const hadFocus = els.hand.contains(document.activeElement);
    const codes = model.hand;
    handFocus = Math.max(0, Math.min(handFocus, codes.length - 1));
    let previousColour = null;
    const buttons = codes.map((code, i) => {
      const action = `discard ${code}`;
      const allowed = discarding && legal.has(action);
      const single = isSingle(code);
      const colour = code[0] === "F" ? "f" : code[0];
      const reason = single ? t("reason_single") : allowed ? null : t("reason_not_discarding");
      const btn = h(
        "button",
        {
          type: "button",
          class: `card hand-card${single ? " is-locked" : ""}${colour !== previousColour && i ? " colour-start" : ""}`,
          "data-testid": "hand-card",
          "data-code": code,
          "data-colour": colour,
          "data-action": allowed ? action : null,
          "aria-disabled": allowed ? "false" : "true",
          "aria-description": reason,
          title: reason ? `${cardName(code)}: ${reason}` : cardName(code),
          tabindex: i === handFocus ? "0" : "-1",
        },
        cardImg(code),
        single ? h("span", { class: "lock", "aria-hidden": "true" }) : null,
      );
      if (single) btn.querySelector(".lock").innerHTML = LOCK_SVG;
      previousColour = colour;
      return btn;
    });
    els.hand.replaceChildren(...buttons);
    els.hand.classList.toggle("is-discarding", discarding);
    els.hand.dataset.count = String(codes.length);
    if (hadFocus && buttons[handFocus]) buttons[handFocus].focus({ preventScroll: true });
  }

  function renderBoard(model, v) {
    for (const seat of [0, 1, 2, 3]) renderSeat(model, seat, v);
    renderCentre(model);
    renderHand(model, v);
  }

  // ------------------------------------------------------------------ status, actions, log

  function statusFor(v) {
    const tb = v.table;
    if (v.over) {
      const winner = v.result ? v.result.winner : null;
      if (winner === null || winner === undefined) return t("status_drawn");
      return winner === HUMAN ? t("status_you_won") : t("status_seat_won", { seat: seatName(winner) });
    }
    const legal = v.legal_actions;
    if (legal.length) {
      if (legal[0].startsWith("discard ")) return t("status_your_discard");
      const card = cardName(tb.public_card);
      if (!legal.includes("pass") && tb.round === "draw" && tb.offered_by === HUMAN && isSingle(tb.public_card)) {
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

  function actionButton(action, { testid, label, key, cards, primary = false, reason = null, aria }) {
    const disabled = !!reason;
    const btn = h(
      "button",
      {
        type: "button",
        class: `action${primary ? " action-primary" : ""}${cards ? " action-claim" : ""}`,
        "data-testid": testid,
        "data-action": action,
        "aria-disabled": disabled ? "true" : "false",
        "aria-description": reason,
        "aria-keyshortcuts": key ? key.toUpperCase() : null,
        "aria-label": aria || null,
        title: reason || null,
      },
      cards ? h("span", { class: "action-cards", "aria-hidden": "true" }, cards.map((c) => cardFace(c, "card-tiny", ""))) : null,
      h("span", { class: "action-label" }, label),
      key ? h("kbd", { "aria-hidden": "true", title: t("key_label", { key: key.toUpperCase() }) }, key.toUpperCase()) : null,
    );
    return btn;
  }

  let shortcuts = new Map(); // key -> button

  function renderActions(v) {
    shortcuts = new Map();
    const legal = v && !v.over ? v.legal_actions : [];
    const claimPrompt = legal.some((a) => a === "pass" || a === "win" || a.startsWith("claim "));
    const buttons = [];
    if (claimPrompt) {
      const canWin = legal.includes("win");
      const win = actionButton("win", {
        testid: "win",
        label: t("act_win"),
        key: "w",
        primary: canWin,
        reason: canWin ? null : t("reason_no_win"),
      });
      buttons.push(win);
      shortcuts.set("w", win);
      legal
        .filter((a) => a.startsWith("claim "))
        .forEach((action, i) => {
          const codes = action.split(" ").slice(1);
          const label = claimLabel(codes);
          const key = i < 9 ? String(i + 1) : null;
          const names = codes.map(cardName).join(", ");
          const btn = actionButton(action, {
            testid: "claim-option",
            label,
            key,
            cards: codes,
            primary: !canWin,
            aria: t("group_of", { group: label, cards: names }),
          });
          buttons.push(btn);
          if (key) shortcuts.set(key, btn);
        });
      const canPass = legal.includes("pass");
      const pass = actionButton("pass", {
        testid: "pass",
        label: t("act_pass"),
        key: "p",
        reason: canPass ? null : t("reason_must_keep"),
      });
      buttons.push(pass);
      shortcuts.set("p", pass);
      els.hint.textContent = t("key_hint");
    } else if (legal.some((a) => a.startsWith("discard "))) {
      els.hint.textContent = t("hand_hint");
    } else {
      els.hint.textContent = "";
    }
    const hadFocus = els.actions.contains(document.activeElement);
    els.actions.replaceChildren(...buttons);
    els.actions.hidden = !buttons.length;
    if (hadFocus && buttons.length) {
      const first = buttons.find((b) => b.getAttribute("aria-disabled") !== "true");
      if (first) first.focus({ preventScroll: true });
    }
  }

  function logText(e) {
    const you = e.seat === HUMAN;
    const args = { seat: seatName(e.seat), card: e.card ? cardName(e.card) : "" };
    switch (e.kind) {
      case "draw":
        return you ? t("log_you_drew", args) : t("log_seat_drew", args);
      case "unclaimed":
        return t("log_unclaimed", args);
      case "claim":
        args.group = kindLabel(groupKind(sortCodes(e.group || [e.card])));
        return you ? t("log_you_claimed", args) : t("log_seat_claimed", args);
      case "discard":
        return you ? t("log_you_discarded", args) : t("log_seat_discarded", args);
      case "win":
        return you ? tn("log_you_won", e.total ?? 0, args) : tn("log_seat_won", e.total ?? 0, args);
      case "drawn":
        return t("log_drawn");
      case "answer": {
        const action = e.action || "";
        if (action === "pass") return t("log_you_passed");
        if (action === "win") return t("log_you_called_win");
        return t("log_you_called", { group: claimLabel(action.split(" ").slice(1)) });
      }
      default:
        return e.kind;
    }
  }

  function appendLog(e) {
    const item = h(
      "li",
      { class: `log-${e.kind}`, "data-kind": e.kind, "data-seat": e.seat ?? "", "data-v": e.v },
      h("span", { class: "log-text" }, logText(e)),
    );
    els.log.append(item);
    els.log.scrollTop = els.log.scrollHeight;
  }

  function logStart(dealer) {
    const text = dealer === HUMAN ? t("log_start_you") : t("log_start_seat", { seat: seatName(dealer) });
    els.log.append(h("li", { class: "log-start", "data-kind": "start" }, h("span", { class: "log-text" }, text)));
  }

  // ------------------------------------------------------------------ the result panel

  function renderResult(v) {
    if (!v.over) {
      els.result.hidden = true;
      els.result.replaceChildren();
      return;
    }
    const result = v.result || { winner: null, breakdown: {} };
    const winner = result.winner;
    const bd = result.breakdown || {};
    const parts = [];
    let title;
    if (winner === null || winner === undefined) title = t("result_drawn");
    else if (winner === HUMAN) title = t("result_you_won");
    else title = t("result_seat_won", { seat: seatName(winner) });
    parts.push(h("h2", { id: "result-heading", class: "result-title" }, title));
    if (winner === null || winner === undefined) {
      parts.push(h("p", { class: "result-note" }, t("result_drawn_note")));
    } else {
      if (bd.winning_card) {
        const card = cardName(bd.winning_card);
        parts.push(
          h(
            "p",
            { class: "result-note" },
            bd.self_drawn || bd.from === winner
              ? t("result_self_drawn", { card })
              : t("result_from", { card, seat: seatName(bd.from) }),
          ),
        );
      }
      const rows = (bd.groups || []).map((g) =>
        h(
          "li",
          { class: `result-group${g.points ? " has-points" : ""}`, "data-kind": g.kind },
          h("span", { class: "result-cards" }, g.cards.map((c) => cardFace(c, "card-mini", cardName(c)))),
          h(
            "span",
            { class: "result-kind" },
            h("span", { class: "result-kind-name" }, kindLabel(g.kind)),
            h("span", { class: "result-tag" }, g.exposed ? t("result_exposed") : t("result_concealed")),
          ),
          h("span", { class: "result-points" }, tn("points", g.points)),
        ),
      );
      parts.push(h("ul", { class: "result-groups", "aria-label": title }, rows));
      const total = bd.total ?? (result.scores ? result.scores[winner] : 0);
      parts.push(h("p", { class: "result-total" }, tn("total", total)));
    }
    const recordUrl = `${config.api}/${encodeURIComponent(v.id || dealId)}/record`;
    parts.push(
      h(
        "div",
        { class: "result-actions" },
        h("button", { type: "button", class: "button button-primary", "data-testid": "new-deal", onclick: newDeal }, t("new_deal")),
        h(
          "a",
          { class: "button", href: recordUrl, download: `cardavia-${config.game}-${v.id || dealId}.json`, "data-testid": "download-record" },
          t("download_record"),
        ),
      ),
    );
    els.result.replaceChildren(...parts);
    els.result.hidden = false;
  }

  // ------------------------------------------------------------------ presenting views

  // Focus was on something that re-rendering removed (an answer button, a discarded card).
  function focusLost() {
    const active = document.activeElement;
    return !active || active === document.body || !document.body.contains(active);
  }

  // After acting, keyboard users land on the next decision instead of the page top.
  let restoreFocus = false;
  function focusDecision(v) {
    if (!restoreFocus || !focusLost()) return;
    restoreFocus = false;
    if (v.legal_actions.some((a) => a.startsWith("discard "))) {
      const buttons = [...els.hand.querySelectorAll("button.hand-card")];
      const first = buttons.findIndex((b) => b.getAttribute("aria-disabled") === "false");
      if (first >= 0) setRoving(buttons[handFocus] && buttons[handFocus].getAttribute("aria-disabled") === "false" ? handFocus : first);
    } else {
      const btn = els.actions.querySelector('button[aria-disabled="false"]');
      if (btn) btn.focus({ preventScroll: true });
    }
  }

  function renderFinal(v) {
    const model = modelFromView(v);
    renderBoard(model, v);
    renderActions(v);
    renderResult(v);
    status(statusFor(v));
    if (v.over) setState("over");
    else if (v.legal_actions.length) {
      setState("your-turn");
      focusDecision(v);
    } else setState("waiting");
  }

  // Show a newer view: walk its new log entries one by one, then render it in full.
  async function present(next, { initial = false } = {}) {
    const gen = generation;
    if (initial || !view) {
      els.log.setAttribute("aria-live", "off");
      els.log.replaceChildren();
      logStart(next.table.dealer);
      for (const e of next.log) appendLog(e);
      view = next;
      renderFinal(next);
      els.log.setAttribute("aria-live", "polite");
      return;
    }
    if (next.version < view.version) return; // an older answer arrived late
    const fresh = next.log.filter((e) => e.v > view.version);
    if (fresh.length) {
      setState("animating");
      renderActions(null);
      const model = modelFromView(view);
      let lastSeat = null;
      for (let i = 0; i < fresh.length; i++) {
        if (gen !== generation) return;
        const e = fresh[i];
        // Even pacing across views: each shown move stays at least STEP_MS on screen.
        const instant = e.kind === "answer";
        if (!instant && !reducedMotion.matches) {
          const wait = lastStepAt + STEP_MS - performance.now();
          if (wait > 0) await sleep(wait);
          if (gen !== generation) return;
        }
        if (!instant) lastStepAt = performance.now();
        advance(model, e);
        appendLog(e);
        if (e.seat !== undefined && e.seat !== HUMAN && e.seat !== lastSeat && e.kind !== "unclaimed") {
          lastSeat = e.seat;
          status(t("status_seat_playing", { seat: seatName(e.seat) }));
        }
        renderBoard(model, null);
      }
    }
    if (gen !== generation) return;
    const wasOver = view.over;
    view = next;
    renderFinal(next);
    if (next.over && !wasOver) {
      const focusInTable = root.contains(document.activeElement) || document.activeElement === document.body;
      if (focusInTable) els.result.focus({ preventScroll: false });
    }
  }

  // ------------------------------------------------------------------ the HTTP API

  class ApiProblem extends Error {
    constructor(status, data) {
      super((data && data.error && data.error.message) || `HTTP ${status}`);
      this.status = status;
      this.data = data;
    }
  }

  // One request, retried with a notice on network errors and 5xx answers.
  async function request(method, url, body, gen = generation) {
    for (let attempt = 0; ; attempt++) {
      if (gen !== generation) throw new ApiProblem(0, null);
      let res;
      try {
        res = await fetch(url, {
          method,
          headers: body ? { "Content-Type": "application/json", Accept: "application/json" } : { Accept: "application/json" },
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
      notice(t("err_network"), { sticky: true });
      await sleep(Math.min(8000, 500 * 2 ** attempt));
    }
  }

  const dealUrl = (id) => `${config.api}/${encodeURIComponent(id)}`;

  function rememberDeal(id) {
    dealId = id;
    try {
      localStorage.setItem(STORAGE_KEY, id);
    } catch {
      /* storage off */
    }
    const url = new URL(window.location.href);
    if (url.searchParams.get("deal") !== id || url.searchParams.has("seed")) {
      url.searchParams.set("deal", id);
      url.searchParams.delete("seed"); // a reload continues this deal, not a new one
      history.replaceState(history.state, "", url);
    }
  }

  // `?seed=N` deals a reproducible deal (bug reports, tests); otherwise the server picks one.
  async function createDeal(seed) {
    const body = { game: config.game };
    if (seed !== undefined) body.seed = seed;
    const data = await request("POST", config.api, body);
    rememberDeal(data.id);
    return data.view;
  }

  async function openDeal() {
    const params = new URLSearchParams(window.location.search);
    const fromUrl = params.get("deal");
    const seed = params.get("seed");
    if (!fromUrl && seed && /^\d{1,15}$/.test(seed)) return createDeal(Number(seed));
    let stored = null;
    try {
      stored = localStorage.getItem(STORAGE_KEY);
    } catch {
      stored = null;
    }
    const id = fromUrl || stored;
    if (id) {
      try {
        const data = await request("GET", dealUrl(id));
        // A remembered deal that is over is history: start afresh unless the URL names it.
        if (fromUrl || !data.view.over) {
          rememberDeal(id);
          return data.view;
        }
      } catch (err) {
        if (!(err instanceof ApiProblem) || (err.status !== 404 && err.status !== 400)) throw err;
        if (fromUrl) notice(t("err_unknown_deal"));
      }
    }
    return createDeal();
  }

  // Long-poll until the human must act or the deal is over.
  async function follow() {
    const gen = generation;
    while (gen === generation && view && !view.over && !view.legal_actions.length) {
      setState("waiting");
      let data;
      try {
        data = await request("GET", `${dealUrl(dealId)}?wait=${view.version}`, null, gen);
      } catch (err) {
        if (gen !== generation) return;
        if (err instanceof ApiProblem && err.status === 404) {
          notice(t("err_unknown_deal"), { sticky: true });
          return;
        }
        notice(t("err_network"), { sticky: true });
        await sleep(2000);
        continue;
      }
      if (gen !== generation) return;
      if (data && data.view && data.view.version > view.version) await present(data.view);
      else if (data && data.view) {
        view = data.view; // same version (timed out): keep waiting
      }
    }
  }

  async function act(action) {
    if (busy || !view || !view.legal_actions.includes(action)) return;
    busy = true;
    restoreFocus = root.contains(document.activeElement);
    const gen = generation;
    setState("waiting");
    for (const b of root.querySelectorAll("button[data-action]")) b.setAttribute("aria-disabled", "true");
    try {
      const data = await request("POST", `${dealUrl(dealId)}/actions`, { action, version: view.version }, gen);
      busy = false;
      if (gen !== generation) return;
      await present(data.view);
    } catch (err) {
      busy = false;
      if (gen !== generation) return;
      if (err instanceof ApiProblem && err.status === 409 && err.data && err.data.view) {
        notice(t("err_stale"));
        await present(err.data.view);
      } else if (err instanceof ApiProblem && err.status === 422) {
        notice(t("err_illegal", { message: err.message }), { sticky: true });
        renderFinal(view);
        return;
      } else if (err instanceof ApiProblem && err.status === 404) {
        notice(t("err_unknown_deal"), { sticky: true });
        return;
      } else {
        notice(err.message || t("err_network"));
        renderFinal(view);
        return;
      }
    }
    follow();
  }

  async function newDeal() {
    generation++;
    busy = false;
    view = null;
    setState("idle");
    status(t("status_loading"));
    notice("");
    els.result.hidden = true;
    renderActions(null);
    const gen = generation;
    try {
      const next = await createDeal();
      if (gen !== generation) return;
      await present(next, { initial: true });
      if (!next.over && !next.legal_actions.length) follow();
      const first = els.hand.querySelector("button");
      if (first) first.focus({ preventScroll: true });
    } catch (err) {
      notice(t("err_start"), { sticky: true });
    }
  }

  // ------------------------------------------------------------------ input

  function refuse(btn) {
    const reason = btn.getAttribute("aria-description");
    if (reason) notice(reason);
  }

  els.hand.addEventListener("click", (event) => {
    const btn = event.target.closest("button.hand-card");
    if (!btn) return;
    const index = [...els.hand.children].indexOf(btn);
    if (index >= 0) setRoving(index, false);
    if (btn.getAttribute("aria-disabled") === "true" || !btn.dataset.action) {
      refuse(btn);
      return;
    }
    act(btn.dataset.action);
  });

  function setRoving(index, focus = true) {
    const buttons = [...els.hand.querySelectorAll("button.hand-card")];
    if (!buttons.length) return;
    handFocus = Math.max(0, Math.min(index, buttons.length - 1));
    buttons.forEach((b, i) => b.setAttribute("tabindex", i === handFocus ? "0" : "-1"));
    if (focus) buttons[handFocus].focus();
  }

  els.hand.addEventListener("keydown", (event) => {
    const buttons = [...els.hand.querySelectorAll("button.hand-card")];
    const index = buttons.indexOf(document.activeElement);
    if (index < 0) return;
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (event.key in moves) {
      event.preventDefault();
      setRoving((index + moves[event.key] + buttons.length) % buttons.length);
    } else if (event.key === "Home") {
      event.preventDefault();
      setRoving(0);
    } else if (event.key === "End") {
      event.preventDefault();
      setRoving(buttons.length - 1);
    }
  });

  els.actions.addEventListener("click", (event) => {
    const btn = event.target.closest("button.action");
    if (!btn) return;
    if (btn.getAttribute("aria-disabled") === "true") {
      refuse(btn);
      return;
    }
    act(btn.dataset.action);
  });

  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    if (root.dataset.state !== "your-turn") return;
    const btn = shortcuts.get(event.key.toLowerCase());
    if (!btn) return;
    event.preventDefault();
    btn.focus();
    if (btn.getAttribute("aria-disabled") === "true") refuse(btn);
    else act(btn.dataset.action);
  });

  // ------------------------------------------------------------------ start

  async function start() {
    setState("idle");
    status(t("status_loading"));
    const gen = generation;
    let first;
    for (;;) {
      try {
        first = await openDeal();
        break;
      } catch (err) {
        if (gen !== generation) return;
        notice(t("err_start"), { sticky: true });
        await sleep(3000);
      }
    }
    if (gen !== generation) return;
    if (els.notice.textContent === t("err_start")) notice("");
    await present(first, { initial: true });
    follow();
  }

  start();
})();
