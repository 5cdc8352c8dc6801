// Cardavia table client, the game-independent core. Plain modern JavaScript, no build step.
//
// It plays one deal against the AI seats through the HTTP API (architecture.md §6): create or
// resume a deal (`?deal=`, `?seed=`, localStorage), then loop: show the new log entries one at
// a time (paced, instant under prefers-reduced-motion), render the view, and either offer the
// human's legal actions or long-poll `GET ?wait=<version>` until the human must act or the deal
// is over. The core also shows the deal's AI level by every AI seat (`?level=` on the page URL
// picks it, and New deal keeps it) and offers a Hint: what the normal level would play now.
// Everything a game decides (the hand order, the centre, the buttons, the texts) comes
// from a game plugin, loaded after this file as /static/table/<game>.js:
//
//   Cardavia.registerGame("mygame", {
//     players: 3,                                  // seats at the table, you in seat 0
//     cardSize: [40, 128],                         // the card faces' viewBox, width × height
//     model(view, ctx) {                           // what the board shows, from a whole view
//       const tb = view.table;
//       return {
//         hand: tb.hand, dealer: tb.dealer, active: tb.turn, fresh: null,
//         seats: tb.seats.map((s) => ({
//           count: s.concealed,
//           groups: s.groups.map((g) => ({ cards: g.cards, kind: g.kind, label: ctx.t(`kind_${g.kind}`) })),
//           pile: [...s.discards],
//         })),
//       };
//     },
//     advance(model, event, ctx) { /* apply one log event, so AI moves appear one by one */ },
//     status: (view, ctx) => ctx.t("status_waiting"),
//     describeEvent: (event, ctx) => `${ctx.seatName(event.seat)}: ${event.kind}`,
//     actionButtons: (view, ctx) => ({
//       buttons: view.legal_actions.includes("pass")
//         ? [{ action: "pass", testid: "pass", label: ctx.t("act_pass"), key: "p" }] : [],
//       hint: "",
//     }),
//   });
//
// The full interface (every hook, its defaults, and the `ctx` helpers) is in
// docs/table-client.md. In short, a plugin object has:
//
//   players            number of seats (3 or 4); the page's seats come from the server
//   cardSize           [w, h] of a card face (default [40, 104]); sets --card-aspect
//   hand               {slots, gaps, phoneRow}: cards per desktop row, group gaps in a row,
//                      cards per phone row (default 21, 4, 11); sizes the hand cards
//   setup(ctx)         once, before the first render: build the centre's skeleton etc.
//   model(view, ctx)   -> display model (required, see above); extra fields are the plugin's
//   advance(m, e, ctx) update the model for one new log event during the paced replay
//   sortHand(codes)    -> the hand in display order (default: as given)
//   renderCentre(el, model, view|null, ctx)   fill <section data-role=centre>
//   handCardState(code, i, model, view|null, ctx) -> {action?, select?, reason?, locked?,
//                      group?, attrs?}: what clicking a hand card does, or why it cannot
//   actionButtons(view, ctx) -> {buttons: [ButtonSpec], hint: string} (required)
//   describeEvent(e, ctx) -> the log line of an event, or null to leave it out (required)
//   startLine(view, ctx)  -> the first log line ("New deal…"), or null
//   actor(e)           -> the seat whose move an event shows (default e.seat), or null
//   instant(e)         -> true if an event is shown without pacing (default: kind "answer")
//   status(view, ctx)  -> the status line for a settled view (required)
//   resultTitle(view, ctx) -> the end sheet's heading (default: you won / X won / drawn)
//   resultLines(view, ctx) -> [Node]: the breakdown shown under the heading
//   resultActions(view, ctx) -> [ButtonSpec with onclick]: more end-sheet buttons (Restart)
//   newDealBody(view|null, ctx) -> extra fields for POST /api/games from the New deal button
//   seatExtras(el, seat, model, view|null, ctx)   fill a seat's extras slot (huxi, ready…)
//   offered(model)     -> {seat, code} of a discard under claim, shown in the centre: the
//                      engine keeps it on its seat's pile, where it is not drawn twice
//   pileLabel / groupsLabel   string keys naming a seat's pile and group areas
//   dealOver(view, ctx) once per deal and page, when a deal is first shown over
//
// ButtonSpec: {action, testid, label, key?, cards?, primary?, reason?, explain?, aria?, strip?}:
// `key` is one character (a shortcut while it is your turn); a button with a reason is shown
// disabled (aria-disabled, the reason as its description and as a notice on click), and with
// `explain` its reason also shows as a line under the buttons; consecutive `strip` buttons share
// one row that scrolls sideways on a phone.
(() => {
  "use strict";

  const HUMAN = 0;
  const STEP_MS = 600;
  const games = new Map();
  let booted = false;

  const root = document.getElementById("table");
  const configEl = document.getElementById("cardavia-config");
  const config = configEl ? JSON.parse(configEl.textContent) : {};
  const STRINGS = config.strings || {};
  const PLURALS = config.plural_forms || {};
  const SEATS = config.seats || ["You", "AI 1", "AI 2", "AI 3"];
  const STORAGE_KEY = `cardavia.deal.${config.game}`;
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

  // ------------------------------------------------------------------ strings

  // `%(name)s` from args; `%%` is a percent sign, as in Python's %-formatting of the msgids
  function fill(template, args) {
    return String(template).replace(/%\((\w+)\)s|%%/g, (match, name) =>
      match === "%%" ? "%" : Object.prototype.hasOwnProperty.call(args, name) ? String(args[name]) : match,
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

  // "AI 2" never splits across lines on a phone: a no-break space before its number
  const seatName = (seat) => (SEATS[seat] ?? `#${seat}`).replace(/ (?=\d)/g, "\u00a0");
  const cardInfo = (code) => (config.cards && config.cards[code]) || { name: code, url: "" };
  const cardName = (code) => cardInfo(code).name;

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

  let cardSize = [40, 104];

  // A card picture from config.cards; `null` as the code draws the deck's back (a hidden card).
  function cardImg(code, alt) {
    const info = code === null ? { name: "", url: config.back_url } : cardInfo(code);
    return h("img", {
      src: info.url,
      alt: alt === undefined ? info.name : alt,
      width: cardSize[0],
      height: cardSize[1],
      decoding: "async",
      draggable: "false",
    });
  }

  // A card face in the look-affected style (see .card in css/table.css).
  function cardFace(code, cls = "", alt) {
    return h(
      "span",
      { class: `card ${cls}${code === null ? " is-back" : ""}`.trim(), "data-code": code ?? "" },
      cardImg(code, alt),
    );
  }

  const LOCK_SVG =
    '<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="currentColor" stroke-width="1.8"/><rect x="2.5" y="7" width="11" height="8" rx="1.5" fill="currentColor"/></svg>';

  const $ = (sel, base = root) => base.querySelector(sel);
  const seatEl = (seat) => $(`.seat[data-seat="${seat}"]`);
  const els = root
    ? {
        felt: $("[data-role=felt]"),
        centre: $("[data-role=centre]"),
        hand: $("[data-testid=hand]"),
        actions: $("[data-role=actions]"),
        status: $("[data-testid=turn-status]"),
        notice: $("[data-role=notice]"),
        news: $("[data-role=news]"),
        hint: $("[data-role=hint]"),
        hintButton: $("[data-role=hint-button]"),
        hintLine: $("[data-role=hint-line]"),
        result: $("[data-role=result]"),
        log: $("[data-testid=log]"),
        controls: $("[data-role=controls]"),
        handArea: $(".hand-area"),
        logPanel: document.querySelector(".log-panel"),
      }
    : {};

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  // Per-game JSON values in localStorage (a running total, say), under cardavia.<game>.<key>.
  const storage = {
    get(key, fallback = null) {
      try {
        const raw = localStorage.getItem(`cardavia.${config.game}.${key}`);
        return raw === null ? fallback : JSON.parse(raw);
      } catch {
        return fallback;
      }
    },
    set(key, value) {
      try {
        localStorage.setItem(`cardavia.${config.game}.${key}`, JSON.stringify(value));
      } catch {
        /* storage off */
      }
    },
  };

  // ------------------------------------------------------------------ state

  let game = null; // the plugin of config.game
  let dealId = null;
  let view = null; // the last view fully rendered
  let shownModel = null; // the model last drawn, for re-rendering the hand on a selection
  let busy = false; // an action is being sent
  let generation = 0; // bumps on New deal, so stale loops stop
  let handFocus = 0; // roving tabindex position in the hand
  let selected = new Set(); // indexes of selected hand cards (hand cards with `select`)
  const overSeen = new Set(); // deal ids whose dealOver hook has run

  // The AI level asked for by the Start game form (`?level=`); then the level of the deal shown
  // (view.level), so that New deal, Next deal and Restart keep it. null: the server's default.
  // "greedy" (docs/api.md) is the plain baseline policy: reproducible `?seed=` deals for bug
  // reports and tests. It is not offered, and shows no badge.
  const LEVELS = ["easy", "normal", "hard"];
  const URL_LEVELS = [...LEVELS, "greedy"];
  const levelParam = new URLSearchParams(window.location.search).get("level");
  const askedLevel = URL_LEVELS.includes(levelParam) ? levelParam : null;
  let level = askedLevel;

  function setState(state) {
    root.dataset.state = state;
    renderHintButton();
  }

  let noticeTimer = 0;
  let noticeSticky = false;
  // One notice at a time, in one of two fixed live regions (a region's role is not switched:
  // screen readers follow that unreliably). A refusal or an error is an alert, read out at once;
  // `polite` news of the deal (a move the rules made for you, a card gone stale) is a status,
  // read out after what is being read.
  function notice(text, { sticky = false, polite = false } = {}) {
    clearTimeout(noticeTimer);
    noticeSticky = !!text && sticky;
    holdHand(() => {
      for (const el of [els.notice, els.news]) {
        const mine = !!text && el === (polite ? els.news : els.notice);
        if (el.textContent !== (mine ? text : "")) el.textContent = mine ? text : "";
        el.hidden = !mine;
      }
    });
    if (text && !sticky) noticeTimer = setTimeout(() => notice(""), 6000);
  }

  // A notice or a hint comes and goes above the answers (a refused tap, say): the page scrolls
  // with it so that the hand on the screen stays under the finger, not jump down and back up.
  function holdHand(change) {
    const area = els.handArea;
    const box = area ? area.getBoundingClientRect() : null;
    change();
    if (!box || box.top >= window.innerHeight || box.bottom <= 0) return;
    const moved = area.getBoundingClientRect().top - box.top;
    if (Math.abs(moved) > 1) window.scrollBy({ top: moved, behavior: "instant" });
  }

  // `quiet`: shown but not announced ("AI 2 is playing…" at every replayed move would bury the
  // log's lines, which say what was played); your decision and the end are announced.
  function status(text, { quiet = false } = {}) {
    els.status.setAttribute("aria-live", quiet ? "off" : "polite");
    if (els.status.textContent !== text) els.status.textContent = text;
  }

  let lastStepAt = 0; // when the last paced move was shown

  // ------------------------------------------------------------------ helpers plugins share

  // Removes the first `code` from `list` in place (nothing if it is not there).
  function removeOne(list, code) {
    const i = list.indexOf(code);
    if (i >= 0) list.splice(i, 1);
  }

  const CHINESE = config.lang === "zh";
  // A list of card names ("small 1, small 2"): a comma in every language, 、 in Chinese. Not
  // Intl.ListFormat: its unit lists have no separator at all in Russian and Chinese, which
  // runs names of several words together.
  const joinList = (items) => items.join(CHINESE ? "、" : ", ");

  // Names joined by "and" as the language writes it ("AI 1 and AI 2", "AI 1 y AI 2"). Chinese
  // spaces Latin names off its own words, as the catalog does ("AI 1 和 AI 2"), where the list
  // format joins them tight.
  let andFormat = null;
  try {
    andFormat = new Intl.ListFormat(config.lang, { style: "long", type: "conjunction" });
  } catch {
    andFormat = null;
  }
  function joinAnd(items) {
    const joined = andFormat ? andFormat.format(items) : items.join(", ");
    return CHINESE ? joined.replace(/([A-Za-z0-9])和/g, "$1 和").replace(/和([A-Za-z0-9])/g, "和 $1") : joined;
  }

  // Sentences in a row: Chinese runs them together ("…更近。这样…"), other languages put a
  // space between; a part without a final stop (a label such as "Ready") gets one.
  function sentences(...parts) {
    const said = parts.filter(Boolean);
    const stop = (p, i) => (i < said.length - 1 && !/[.!?…。！？]$/.test(p) ? p + (CHINESE ? "。" : ".") : p);
    return said.map(stop).join(CHINESE ? "" : " ");
  }

  // Who won a finished deal, in words: "You won!" / "AI 2 won" for the status line, or the end
  // sheet's heading with {heading: true}; `nobody` is the game's own words when nobody won.
  function outcome(v, nobody, { heading = false } = {}) {
    const winner = v.result ? v.result.winner : null;
    if (winner === null || winner === undefined) return nobody;
    if (winner === HUMAN) return t(heading ? "result_you_won" : "status_you_won");
    return t(heading ? "result_seat_won" : "status_seat_won", { seat: seatName(winner) });
  }

  // Your own claim answer in the log ("You passed", "You called a win", "You called: pong");
  // `groupOf(action)` names the group an answer claims, in the game's words.
  function answerLine(e, groupOf) {
    const action = e.action || "";
    if (action === "pass") return t("log_you_passed");
    if (action === "win") return t("log_you_called_win");
    return t("log_you_called", { group: groupOf(action) });
  }

  // The usual first log line: "New deal. You are the dealer." / "… AI 3 is the dealer."
  function dealerStartLine(v) {
    const dealer = v.table.dealer;
    return dealer === HUMAN ? t("log_start_you") : t("log_start_seat", { seat: seatName(dealer) });
  }

  // What a plugin gets as its last argument: the helpers and a few verbs of the table.
  const ctx = {
    config,
    HUMAN,
    t,
    tn,
    h,
    seatName,
    cardName,
    cardInfo,
    cardImg,
    cardFace,
    removeOne,
    joinList,
    joinAnd,
    dealerStartLine,
    answerLine,
    outcome,
    sentences,
    storage,
    notice: (text, options) => notice(text, options),
    act: (action) => act(action),
    newDeal: (body) => newDeal(body),
    get view() {
      return view;
    },
    get dealId() {
      return dealId;
    },
    get players() {
      return game ? game.players : SEATS.length;
    },
    // the hand cards chosen so far (games where cards are selected, then played by a button)
    selection: {
      codes: () => (shownModel ? [...selected].sort((a, b) => a - b).map((i) => shownModel.hand[i]) : []),
      indexes: () => [...selected].sort((a, b) => a - b),
      has: (i) => selected.has(i),
      clear: () => {
        selected = new Set();
        refreshChoices();
      },
    },
  };

  // ------------------------------------------------------------------ the display model
  // What the board shows. Built by the plugin from a view, then advanced event by event while
  // new log entries are walked, so AI moves appear one at a time.

  function sortedHand(model) {
    model.hand = game.sortHand ? game.sortHand(model.hand || []) : [...(model.hand || [])];
    return model;
  }

  function modelFromView(v) {
    return sortedHand(game.model(v, ctx));
  }

  function advance(model, e) {
    model.fresh = null;
    if (game.advance) game.advance(model, e, ctx);
    sortedHand(model);
  }

  // ------------------------------------------------------------------ rendering the board

  function groupNodes(groups, seat, model) {
    return groups.map((g, i) => {
      const fresh =
        model.fresh && model.fresh.seat === seat && model.fresh.where === "groups" && i === groups.length - 1;
      return h(
        "div",
        { class: `group${fresh ? " is-fresh" : ""}`, role: "listitem", "data-kind": g.kind ?? null },
        g.label ? h("span", { class: "visually-hidden" }, `${g.label}: `) : null,
        g.cards.map((c) => cardFace(c, "card-mini")),
      );
    });
  }

  function renderSeat(model, seat, tableView) {
    const el = seatEl(seat);
    if (!el) return;
    const data = model.seats[seat] || { count: 0, groups: [], pile: [] };
    el.classList.toggle("is-active", model.active === seat);
    $("[data-role=dealer]", el).hidden = model.dealer !== seat;
    $("[data-role=turn]", el).hidden = model.active !== seat || !!(tableView && tableView.over);
    const count = seat === HUMAN ? model.hand.length : data.count;
    $("[data-role=count]", el).textContent = tn("hand_count", count);

    const groups = $("[data-role=exposed]", el);
    const groupList = data.groups || [];
    groups.replaceChildren(...groupNodes(groupList, seat, model));
    if (!groupList.length) {
      groups.append(h("span", { class: "empty-note", role: "listitem" }, t("no_groups")));
    }

    const pile = $("[data-role=discards]", el);
    pile.hidden = data.pile === null;
    let cards = data.pile || [];
    const onOffer = game.offered ? game.offered(model) : null;
    const offeredHere = !!onOffer && onOffer.seat === seat && cards[cards.length - 1] === onOffer.code;
    if (offeredHere) cards = cards.slice(0, -1); // in the centre while it is offered
    pile.replaceChildren(
      ...cards.map((c, i) => {
        const last = i === cards.length - 1;
        const fresh = last && !offeredHere && model.fresh && model.fresh.seat === seat && model.fresh.where === "pile";
        return h(
          "span",
          { role: "listitem", class: `discard${last ? " is-last" : ""}${fresh ? " is-fresh" : ""}` },
          cardFace(c, "card-discard"),
        );
      }),
    );
    if (!cards.length) {
      pile.append(h("span", { class: "empty-note", role: "listitem" }, t("no_discards")));
    }
    // keep the newest discards in view in a scrolled strip
    pile.scrollLeft = pile.scrollWidth;

    if (game.seatExtras) {
      let slot = $("[data-role=extras]", el);
      if (!slot) {
        slot = h("span", { class: "seat-extras", "data-role": "extras" });
        $("[data-role=count]", el).before(slot);
      }
      game.seatExtras(slot, seat, model, tableView, ctx);
    }
  }

  function renderHand(model, v) {
    const hadFocus = els.hand.contains(document.activeElement);
    const codes = model.hand;
    handFocus = Math.max(0, Math.min(handFocus, codes.length - 1));
    let previousGroup = null;
    let choosing = false;
    const buttons = codes.map((code, i) => {
      const state = (game.handCardState && game.handCardState(code, i, model, v, ctx)) || {};
      const action = state.action && v && v.legal_actions.includes(state.action) ? state.action : null;
      const selectable = !!state.select && !!v;
      const allowed = !!action || selectable;
      choosing = choosing || allowed;
      const reason = allowed ? null : state.reason || null;
      const group = state.group ?? null;
      const groupStart = i > 0 && group !== previousGroup;
      previousGroup = group;
      const btn = h(
        "button",
        {
          type: "button",
          class: `card hand-card${state.locked ? " is-locked" : ""}${groupStart ? " group-start" : ""}${
            selectable && selected.has(i) ? " is-selected" : ""
          }`,
          "data-testid": "hand-card",
          "data-code": code,
          ...(state.attrs || {}),
          "data-action": action,
          "aria-disabled": allowed ? "false" : "true",
          "aria-pressed": selectable ? String(selected.has(i)) : null,
          "aria-description": reason,
          title: reason ? `${cardName(code)}: ${reason}` : cardName(code),
          tabindex: i === handFocus ? "0" : "-1",
        },
        cardImg(code),
        state.locked ? h("span", { class: "lock", "aria-hidden": "true" }) : null,
      );
      if (state.locked) btn.querySelector(".lock").innerHTML = LOCK_SVG;
      return btn;
    });
    patchChildren(els.hand, buttons);
    els.hand.classList.toggle("is-choosing", choosing);
    els.hand.dataset.count = String(codes.length);
    const roving = els.hand.children[handFocus];
    if (hadFocus && roving && document.activeElement !== roving) roving.focus({ preventScroll: true });
  }

  // Put `fresh` elements in `parent`, keeping each old element that shows the same card (its
  // attributes and content brought up to date): the hand is redrawn at every replayed move, and
  // a focused card that was replaced would be announced again by a screen reader each time.
  function patchChildren(parent, fresh) {
    const old = [...parent.children];
    if (old.length !== fresh.length || old.some((el, i) => el.dataset.code !== fresh[i].dataset.code)) {
      parent.replaceChildren(...fresh);
      return;
    }
    old.forEach((el, i) => {
      const next = fresh[i];
      for (const { name } of [...el.attributes]) if (!next.hasAttribute(name)) el.removeAttribute(name);
      for (const { name, value } of [...next.attributes]) if (el.getAttribute(name) !== value) el.setAttribute(name, value);
      if (el.innerHTML !== next.innerHTML) el.replaceChildren(...next.childNodes);
    });
  }

  function renderBoard(model, v) {
    shownModel = model;
    for (let seat = 0; seat < SEATS.length; seat++) renderSeat(model, seat, v);
    if (game.renderCentre) game.renderCentre(els.centre, model, v, ctx);
    renderHand(model, v);
  }

  // ------------------------------------------------------------------ actions

  function actionButton({ action, testid, label, key, cards, primary = false, reason = null, aria, onclick }) {
    const disabled = !!reason;
    return h(
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
        onclick: onclick || null,
      },
      cards ? h("span", { class: "action-cards", "aria-hidden": "true" }, cards.map((c) => cardFace(c, "card-tiny", ""))) : null,
      h("span", { class: "action-label" }, label),
      key ? h("kbd", { "aria-hidden": "true", title: t("key_label", { key: key.toUpperCase() }) }, key.toUpperCase()) : null,
    );
  }

  let shortcuts = new Map(); // key -> button
  let offeredSpecs = []; // the ButtonSpecs shown, for naming a hinted action

  function renderActions(v) {
    shortcuts = new Map();
    const offered = v && !v.over ? game.actionButtons(v, ctx) : { buttons: [], hint: "" };
    offeredSpecs = offered.buttons || [];
    const buttons = offeredSpecs.map((spec) => {
      // one character only: Enter, Space and the arrows belong to the focused control
      const key = spec.key && spec.key.length === 1 ? spec.key : null;
      const btn = actionButton({ ...spec, key });
      if (key) shortcuts.set(key.toLowerCase(), btn);
      return btn;
    });
    if (!shortcuts.has("h")) shortcuts.set("h", els.hintButton); // a game's own H comes first
    els.hint.textContent = offered.hint || "";
    // A tooltip is out of reach on a phone: say in plain sight why the selection cannot go (in
    // the buttons' box, whose height is held while a selection changes, so the hand stays put).
    const why = offeredSpecs.find((spec) => spec.explain && spec.reason);
    const whyLine = why ? h("p", { class: "action-why", "data-testid": "action-why" }, why.reason) : null;
    const hadFocus = els.actions.contains(document.activeElement);
    els.actions.replaceChildren(...inStrips(buttons, offeredSpecs), ...(whyLine ? [whyLine] : []));
    els.actions.hidden = !buttons.length;
    for (const strip of els.actions.querySelectorAll(".action-strip")) markStrip(strip); // once shown
    if (hadFocus && buttons.length) {
      const first = buttons.find((b) => b.getAttribute("aria-disabled") !== "true");
      if (first) first.focus({ preventScroll: true });
    } else if (hadFocus) {
      // the answer given, its buttons go while the others play: keep the focus in the table, on
      // your hand, rather than lose it to the page (focusDecision moves it on when it is your turn)
      focusHand({ preventScroll: true });
    }
  }

  // Consecutive buttons whose spec says `strip` go in one .action-strip: one row that scrolls
  // sideways on a phone (css/table.css), so that a long list of plays does not push the hand off
  // the screen; on a wider screen the strip's buttons wrap with the others.
  function inStrips(buttons, specs) {
    const out = [];
    buttons.forEach((btn, i) => {
      if (!specs[i].strip) {
        out.push(btn);
        return;
      }
      const last = out[out.length - 1];
      if (last && last.classList.contains("action-strip")) last.append(btn);
      else out.push(h("div", { class: "action-strip", "data-testid": "action-strip" }, btn));
    });
    return out;
  }

  // Mark the sides of a strip that have more to swipe (css/table.css shades them).
  function markStrip(strip) {
    const hidden = strip.scrollWidth - strip.clientWidth;
    strip.classList.toggle("more-left", strip.scrollLeft > 1);
    strip.classList.toggle("more-right", hidden - strip.scrollLeft > 1);
  }

  // The selection changed: redraw the hand's pressed state and the buttons that depend on it.
  // The buttons keep the height they had with nothing selected (the most), so that the hand
  // below does not jump under the player's finger as the choices narrow and widen.
  function refreshChoices() {
    if (!view || !shownModel || root.dataset.state !== "your-turn") return;
    // a refusal was about the choices as they were ("not a play"): new choices, it goes
    if (refusal !== null && els.notice.textContent === refusal) notice("");
    refusal = null;
    if (!els.actions.style.minHeight) els.actions.style.minHeight = `${els.actions.offsetHeight}px`;
    renderHand(shownModel, view);
    renderActions(view);
    markHint();
  }

  // ------------------------------------------------------------------ the AI level

  // A badge by every AI seat's name ("Hard"): all AI seats of a deal play its level.
  function renderLevel(v) {
    const known = LEVELS.includes(v.level);
    if (URL_LEVELS.includes(v.level)) level = v.level;
    for (const badge of root.querySelectorAll("[data-role=level]")) {
      badge.hidden = !known;
      if (!known || badge.dataset.level === v.level) continue;
      const name = t(`level_${v.level}`);
      const full = t("level_badge", { level: name });
      badge.dataset.level = v.level;
      badge.title = full;
      badge.replaceChildren(h("span", { "aria-hidden": "true" }, name), h("span", { class: "visually-hidden" }, full));
    }
  }

  // ------------------------------------------------------------------ hints
  // Hint asks the server what the normal level would play now (POST …/hint, docs/api.md). The
  // answer is one legal action and why: the hint line names it as its button or hand card does,
  // and that button or card is marked .is-hinted until the next view. The request can take
  // about half a second; the table stays usable meanwhile and a late answer for an old position
  // is dropped.

  let hint = null; // the hint shown: {version, answer} (answer: the server's hint)
  let hintAsked = null; // the version a hint request is out for

  const canHint = () =>
    !!view && !view.over && view.legal_actions.length > 0 && root.dataset.state === "your-turn" && !busy;

  function renderHintButton() {
    const btn = els.hintButton;
    btn.hidden = !view || view.over;
    const ready = canHint() && hintAsked === null;
    btn.setAttribute("aria-disabled", ready ? "false" : "true");
    // the reason is told on a click (refuse); none while a hint is being worked out
    const reason = ready || hintAsked !== null ? null : t("hint_wait");
    if (reason) btn.setAttribute("aria-description", reason);
    else btn.removeAttribute("aria-description");
  }

  function setHintLine(content, thinking = false, action = null) {
    // like a notice, a hint of a few lines comes above your hand: the hand stays where it is
    holdHand(() => els.hintLine.replaceChildren(...[content].flat().filter((part) => part !== "")));
    els.hintLine.classList.toggle("is-thinking", thinking);
    if (action) els.hintLine.dataset.action = action;
    else delete els.hintLine.dataset.action;
  }

  function clearHint() {
    hint = null;
    setHintLine("");
  }

  // Mark the hinted action: its buttons, and one hand card (copies of a card act alike).
  function markHint() {
    const action = hint && view && hint.version === view.version ? hint.answer.action : null;
    for (const el of root.querySelectorAll(".is-hinted")) el.classList.remove("is-hinted");
    if (!action) return;
    const same = (el) => el.dataset.action === action;
    for (const el of [...els.actions.querySelectorAll("[data-action]")].filter(same)) {
      el.classList.add("is-hinted");
      const strip = el.closest(".action-strip"); // swiped into view, clear of the strip's fade
      if (strip) strip.scrollLeft += el.getBoundingClientRect().left - strip.getBoundingClientRect().left - 32;
    }
    const card = [...els.hand.querySelectorAll("[data-action]")].find(same);
    if (card) card.classList.add("is-hinted");
  }

  // Like t(), but a placeholder may be filled with a node: returns [string | Node].
  function tNodes(key, args) {
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

  // The name a button shows: its label if a string; in a label built of nodes, the first part
  // that screen readers read too (a game may put card faces or a note around the name).
  function shownName(label) {
    if (Array.isArray(label)) return label.length ? shownName(label[0]) : "";
    if (!(label instanceof Element)) return label instanceof Node ? label.textContent : String(label ?? "");
    const part = [...label.children].find((el) => el.getAttribute("aria-hidden") !== "true");
    return part ? shownName(part) : label.textContent;
  }

  // An action as the table offers it: its button's name and card faces (screen readers get
  // the button's accessible name), or "Discard <card>" for a hand card (a hand card discards
  // itself in every game).
  function actionNode(action) {
    const faces = (codes) => h("span", { class: "hint-cards", "aria-hidden": "true" }, codes.map((c) => cardFace(c, "card-tiny", "")));
    const spec = offeredSpecs.find((s) => s.action === action);
    if (spec) {
      const shown = shownName(spec.label);
      const full = spec.aria || shown;
      // the button's cards: `cards`, or the faces a game drew into its label (Paohuzi's claims)
      const drawn = [spec.label].flat().filter((n) => n instanceof Element);
      const codes = spec.cards || drawn.flatMap((n) => [...n.querySelectorAll(".card[data-code]:not([data-code=''])")].map((c) => c.dataset.code));
      return h(
        "span",
        { class: "hint-action" },
        codes.length ? faces(codes) : null,
        full === shown ? shown : [h("span", { "aria-hidden": "true" }, shown), h("span", { class: "visually-hidden" }, full)],
      );
    }
    const [verb, code, more] = action.split(" ");
    if (verb === "discard" && code && more === undefined) {
      return h("span", { class: "hint-action" }, tNodes("hint_discard", { card: h("span", {}, faces([code]), " ", cardName(code)) }));
    }
    return h("span", { class: "hint-action" }, action);
  }

  const percent = (share) => Math.round(share * 100);
  // Below this many simulated deals a win share says little ("it won 0% of 1"): the
  // rule-of-thumb hint then goes without numbers.
  const FEW_SAMPLES = 10;

  // The move's merits in the policies' terms (the server's `why` sentences), e.g. "Your hand
  // is then 2 cards from a win. 7 unseen cards would bring it closer."
  function hintWhy(hn) {
    const said = (w) => (typeof w.n === "number" ? tn(w.key, w.n, w.params || {}) : t(w.key, w.params || {}));
    return sentences(...(hn.why || []).map(said));
  }

  // Why, in one line: the move's merits, and the simulations when they overruled the rule of
  // thumb (or when there is nothing else to say).
  function hintReason(hn) {
    const n = hn.samples || 0;
    const known = typeof hn.share === "number";
    if (hn.reason === "forced") return t("hint_forced");
    if (hn.reason === "win") return t("hint_win");
    const why = hintWhy(hn);
    if (hn.reason === "search" && known && n && typeof hn.next_share === "number") {
      const searched =
        n >= FEW_SAMPLES ? tn("hint_search", n, { share: percent(hn.share), next: percent(hn.next_share) }) : t("hint_search_few");
      return sentences(why, searched);
    }
    if (why) return why;
    if (hn.reason === "greedy") {
      return known && n >= FEW_SAMPLES ? tn("hint_greedy", n, { share: percent(hn.share) }) : t("hint_greedy_plain");
    }
    return null;
  }

  function showHint(hn, version) {
    if (!view.legal_actions.includes(hn.action)) return; // never point at something illegal
    // a selection may have narrowed the buttons (Chuo Pai): show every choice again
    const offered = () =>
      offeredSpecs.some((s) => s.action === hn.action) || els.hand.querySelector(`[data-action="${CSS.escape(hn.action)}"]`);
    if (!offered() && selected.size) ctx.selection.clear();
    const action = actionNode(hn.action);
    const reason = hintReason(hn);
    hint = { version, answer: hn };
    setHintLine(reason ? tNodes("hint_line_reason", { action, reason }) : tNodes("hint_line", { action }), false, hn.action);
    markHint();
  }

  async function askHint() {
    if (!canHint() || hintAsked !== null) return;
    if (hint && hint.version === view.version) {
      // asked again for the same position: say it again rather than think again
      const again = hint;
      setHintLine("");
      setTimeout(() => hint === again && showHint(again.answer, again.version), 50);
      return;
    }
    const asked = view.version;
    const gen = generation;
    hintAsked = asked;
    renderHintButton();
    setHintLine(t("hint_busy"), true);
    let answer = null;
    let problem = null;
    try {
      answer = await request("POST", `${dealUrl(dealId)}/hint`, { version: asked }, gen, { retry: false });
    } catch (err) {
      problem = err;
    }
    hintAsked = null;
    if (gen !== generation) return;
    renderHintButton();
    if (busy || !view || view.version !== asked || view.over) {
      // you moved on meanwhile: the answer is for an older position
      if (els.hintLine.classList.contains("is-thinking")) setHintLine("");
      return;
    }
    setHintLine("");
    if (answer && answer.hint) {
      showHint(answer.hint, asked);
    } else if (problem instanceof ApiProblem && problem.status === 409 && problem.data && problem.data.view) {
      notice(t("err_stale"));
      await present(problem.data.view);
      follow();
    } else if (problem instanceof ApiProblem && problem.status === 409) {
      notice(t("hint_wait"));
    } else if (gone(problem)) {
      notice(t("err_unknown_deal"), { sticky: true });
    } else {
      notice(t("hint_failed"));
    }
  }

  // ------------------------------------------------------------------ the log

  // Your claim is out (you answered with a claim and the card is not yet given): the next
  // move by a seat is the award, and if it is another seat's, the log says your claim lapsed.
  let claimOut = false;

  function appendLog(e) {
    const text = game.describeEvent(e, ctx);
    const seat = e.kind === "answer" ? null : actorOf(e);
    if (claimOut && seat !== null && seat !== undefined) {
      claimOut = false;
      if (seat !== HUMAN) logLine({ kind: "lapsed", v: e.v }, t("log_claim_outranked", { seat: seatName(seat) }));
    }
    if (e.kind === "answer") claimOut = e.action !== "pass";
    if (text === null || text === undefined) return;
    logLine(e, text);
  }

  function logLine(e, text) {
    const item = h(
      "li",
      { class: `log-${e.kind}`, "data-kind": e.kind, "data-seat": e.seat ?? "", "data-v": e.v },
      h("span", { class: "log-text" }, text),
    );
    // follow the newest line only when the reader is at the end, not while reading older ones
    const atEnd = els.log.scrollHeight - els.log.scrollTop - els.log.clientHeight < 24;
    els.log.append(item);
    // instant, not the CSS's smooth scrolling: mid-animation the next line would not be at the end
    if (atEnd) els.log.scrollTo({ top: els.log.scrollHeight, behavior: "instant" });
  }

  function logStart(v) {
    const text = game.startLine ? game.startLine(v, ctx) : null;
    if (!text) return;
    els.log.append(h("li", { class: "log-start", "data-kind": "start" }, h("span", { class: "log-text" }, text)));
  }

  // ------------------------------------------------------------------ the end sheet

  function defaultResultTitle(v) {
    return outcome(v, t("result_drawn"), { heading: true });
  }

  function renderResult(v) {
    if (!v.over) {
      els.result.hidden = true;
      els.result.replaceChildren();
      return;
    }
    const title = game.resultTitle ? game.resultTitle(v, ctx) : defaultResultTitle(v);
    const parts = [h("h2", { id: "result-heading", class: "result-title" }, title)];
    if (game.resultLines) parts.push(...game.resultLines(v, ctx));
    const id = v.id || dealId;
    const recordUrl = `${config.api}/${encodeURIComponent(id)}/record`;
    const more = game.resultActions ? game.resultActions(v, ctx) : [];
    parts.push(
      h(
        "div",
        { class: "result-actions" },
        h(
          "button",
          {
            type: "button",
            class: "button button-primary",
            "data-testid": "new-deal",
            onclick: () => newDeal(game.newDealBody ? game.newDealBody(v, ctx) : undefined),
          },
          t("new_deal"),
        ),
        more.map((spec) =>
          h(
            "button",
            { type: "button", class: `button${spec.primary ? " button-primary" : ""}`, "data-testid": spec.testid, onclick: spec.onclick },
            spec.label,
          ),
        ),
        h(
          "a",
          { class: "button", href: recordUrl, download: `cardavia-${config.game}-${id}.json`, "data-testid": "download-record" },
          t("download_record"),
        ),
      ),
    );
    els.result.replaceChildren(...parts);
    els.result.hidden = false;
    if (game.dealOver && !overSeen.has(id)) {
      overSeen.add(id);
      game.dealOver(v, ctx);
    }
  }

  // ------------------------------------------------------------------ presenting views

  // Focus was on something that re-rendering removed (an answer button, a discarded card).
  function focusLost() {
    const active = document.activeElement;
    return !active || active === document.body || !document.body.contains(active);
  }

  // Focus was left on a hand card that this decision does not offer (a claim after your discard,
  // where every card is disabled, or a card you may not discard now).
  function focusStranded() {
    const active = document.activeElement;
    return els.hand.contains(active) && active.getAttribute("aria-disabled") === "true";
  }

  // After acting, keyboard users land on the next decision instead of the page top.
  let restoreFocus = false;
  function focusDecision() {
    if (!restoreFocus || !(focusLost() || focusStranded())) return;
    restoreFocus = false;
    focusTurn();
  }

  // The focus to the decision: a card you may play, else the first answer; false if there is
  // none (not your turn).
  function focusTurn() {
    const buttons = [...els.hand.querySelectorAll("button.hand-card")];
    const enabled = (b) => b && b.getAttribute("aria-disabled") === "false";
    const first = buttons.findIndex(enabled);
    if (first >= 0) {
      setRoving(enabled(buttons[handFocus]) ? handFocus : first);
      return true;
    }
    const btn = els.actions.querySelector('button[aria-disabled="false"]');
    if (btn) btn.focus({ preventScroll: true });
    return !!btn;
  }

  // "Skip to your turn" (the page's second skip link): the decision, or your hand until it is
  // your turn (the focus then moves on to the decision as after an answer).
  function skipToTurn(event) {
    event.preventDefault();
    if (root.dataset.state === "over" && !els.result.hidden) {
      els.result.focus(); // the deal is over: its end sheet, with New deal
      return;
    }
    if (root.dataset.state === "your-turn" && focusTurn()) return;
    focusHand();
    restoreFocus = true;
  }

  // The focus to the hand's card that has its roving tab stop.
  function focusHand(options) {
    const card = els.hand.querySelector('button.hand-card[tabindex="0"]');
    if (card) card.focus(options);
  }

  // On a phone the seats above (growing as groups are exposed) push your prompt and hand below
  // the screen. When a new decision is yours and they are below, scroll down until the hand
  // shows, but never the prompt's top off the screen; once per decision. A player who scrolled
  // past the prompt (to the log, say) is reading: the page stays where it is.
  let decisionInView = null;
  function bringDecisionIntoView(v) {
    if (decisionInView === v.version || !els.controls || !els.handArea) return;
    decisionInView = v.version;
    const margin = 8;
    const top = els.controls.getBoundingClientRect().top;
    const bottom = els.handArea.getBoundingClientRect().bottom;
    if (top < margin) return;
    const by = Math.min(bottom - (window.innerHeight - margin), top - margin);
    if (by > 1) {
      window.scrollBy({ top: by, behavior: reducedMotion.matches ? "instant" : "smooth" });
    }
  }

  // On a phone the log lies below the table. A player who scrolled past the controls to read it
  // keeps it where it is on the screen while the table above grows or shrinks (re-rendered
  // nodes defeat the browser's own scroll anchoring).
  function keepReadersPlace(render) {
    const reading = els.logPanel && els.controls && els.controls.getBoundingClientRect().top < 0;
    const before = reading ? els.logPanel.getBoundingClientRect().top : 0;
    render();
    if (!reading) return;
    const moved = els.logPanel.getBoundingClientRect().top - before;
    if (Math.abs(moved) > 1) window.scrollBy({ top: moved, behavior: "instant" });
  }

  function renderFinal(v) {
    els.actions.style.minHeight = ""; // a new position: its own height (refreshChoices)
    const model = modelFromView(v);
    renderBoard(model, v);
    renderActions(v);
    renderLevel(v);
    markHint();
    renderResult(v);
    status(game.status(v, ctx), { quiet: !v.over && !v.legal_actions.length });
    if (v.over) setState("over");
    else if (v.legal_actions.length) {
      setState("your-turn");
      focusDecision();
      bringDecisionIntoView(v);
    } else setState("waiting");
  }

  const actorOf = (e) => (game.actor ? game.actor(e) : e.seat);
  const isInstant = (e) => (game.instant ? game.instant(e) : e.kind === "answer");

  // Show a newer view: walk its new log entries one by one, then render it in full.
  async function present(next, { initial = false } = {}) {
    const gen = generation;
    if (!view || next.version !== view.version) {
      selected = new Set();
      clearHint(); // a hint is for one position only
    }
    if (initial || !view) {
      els.log.setAttribute("aria-live", "off");
      els.log.replaceChildren();
      claimOut = false;
      logStart(next);
      for (const e of next.log) appendLog(e);
      view = next;
      renderFinal(next);
      // The accessibility tree is updated after this script yields: turned back on at once, the
      // live region would read out every line just added.
      requestAnimationFrame(() => setTimeout(() => els.log.removeAttribute("aria-live"), 100));
      return;
    }
    if (next.version < view.version) return; // an older answer arrived late
    const fresh = next.log.filter((e) => e.v > view.version);
    if (fresh.length) {
      setState("animating");
      keepReadersPlace(() => renderActions(null));
      const model = modelFromView(view);
      let lastSeat = null;
      for (let i = 0; i < fresh.length; i++) {
        if (gen !== generation) return;
        const e = fresh[i];
        // Even pacing across views: each shown move stays at least STEP_MS on screen.
        const instant = isInstant(e);
        if (!instant && !reducedMotion.matches) {
          const wait = lastStepAt + STEP_MS - performance.now();
          if (wait > 0) await sleep(wait);
          if (gen !== generation) return;
        }
        if (!instant) lastStepAt = performance.now();
        advance(model, e);
        const actor = actorOf(e);
        keepReadersPlace(() => {
          appendLog(e);
          if (actor !== null && actor !== undefined && actor !== lastSeat) {
            lastSeat = actor;
            // your own move replaying: the others are next, whoever played before
            status(actor === HUMAN ? t("status_waiting") : t("status_seat_playing", { seat: seatName(actor) }), { quiet: true });
          }
          renderBoard(model, null);
        });
      }
    }
    if (gen !== generation) return;
    const wasOver = view.over;
    view = next;
    keepReadersPlace(() => renderFinal(next));
    if (next.over && !wasOver) {
      const focusInTable = root.contains(document.activeElement) || document.activeElement === document.body;
      if (focusInTable) {
        els.result.focus({ preventScroll: true });
        // its title first: a focus scroll would show the sheet's end when it is taller than
        // the screen (a phone), with the title above it
        const box = els.result.getBoundingClientRect();
        if (box.top < 0 || box.bottom > window.innerHeight) {
          els.result.scrollIntoView({ block: "start", behavior: reducedMotion.matches ? "instant" : "smooth" });
        }
      }
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

  // One request, retried with a notice on network errors and 5xx answers (unless `retry` is
  // false: then those throw an ApiProblem with status 0 or the 5xx status).
  async function request(method, url, body, gen = generation, { retry = true } = {}) {
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
      if (!retry) throw new ApiProblem(res ? res.status : 0, null);
      notice(t("err_network"), { sticky: true });
      await sleep(Math.min(8000, 500 * 2 ** attempt));
    }
  }

  const dealUrl = (id) => `${config.api}/${encodeURIComponent(id)}`;
  // No such deal (404), or one stored under rules that have changed since (410): it cannot go on.
  const gone = (err) => err instanceof ApiProblem && (err.status === 404 || err.status === 410);

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
  async function createDeal(seed, extra) {
    const body = { ...(extra || {}), game: config.game };
    if (seed !== undefined) body.seed = seed;
    if (level && !("level" in body)) body.level = level;
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
        // A remembered deal that is over is history: start afresh unless the URL names it. So
        // is one at another level than the Start game form asked for.
        if (fromUrl || (!data.view.over && (!askedLevel || data.view.level === askedLevel))) {
          rememberDeal(id);
          return data.view;
        }
      } catch (err) {
        if (!gone(err) && !(err instanceof ApiProblem && err.status === 400)) throw err;
        if (fromUrl) notice(t("err_unknown_deal"));
      }
    }
    return createDeal(undefined, game.newDealBody ? game.newDealBody(null, ctx) : undefined);
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
        if (gone(err)) {
          notice(t("err_unknown_deal"), { sticky: true });
          return;
        }
        notice(t("err_network"), { sticky: true });
        await sleep(2000);
        continue;
      }
      if (gen !== generation) return;
      // a newer view, or the same one now owing you a decision (a move that showed nothing new)
      if (data && data.view && (data.view.version > view.version || data.view.legal_actions.length)) {
        await present(data.view);
      } else if (data && data.view) {
        view = data.view; // same version (timed out): keep waiting
      }
    }
    if (gen === generation && view && !view.over && view.legal_actions.length) watchTurn();
  }

  // While it is your turn, keep listening: the move may be made elsewhere (another tab, another
  // browser following this deal), and this table then shows it and follows on. Quietly: a
  // problem here is the next move's to report.
  let watchingTurn = null; // the version a watch at your turn waits past
  async function watchTurn() {
    const gen = generation;
    const asked = view.version;
    if (watchingTurn === asked) return;
    watchingTurn = asked;
    try {
      for (;;) {
        let data = null;
        try {
          data = await request("GET", `${dealUrl(dealId)}?wait=${asked}`, null, gen, { retry: false });
        } catch (err) {
          if (gen !== generation || gone(err)) return;
          await sleep(5000);
        }
        if (gen !== generation || busy || !view || view.version !== asked) return;
        if (data && data.view && data.view.version > asked) {
          await present(data.view);
          follow();
          return;
        }
      }
    } finally {
      if (watchingTurn === asked) watchingTurn = null;
    }
  }

  async function act(action) {
    if (busy || !view || !view.legal_actions.includes(action)) return;
    busy = true;
    restoreFocus = root.contains(document.activeElement);
    // a passing notice was about the last decision (Paohuzi's stale card, Chuo Pai's forced
    // pass): it goes once you answer again, rather than sit under the next, unrelated prompt
    if (!noticeSticky) notice("");
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
      } else if (gone(err)) {
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

  // Start another deal; `body` adds fields to POST /api/games (a plugin's Restart, say).
  async function newDeal(body) {
    generation++;
    busy = false;
    view = null;
    selected = new Set();
    setState("idle");
    status(t("status_loading"));
    notice("");
    els.result.hidden = true;
    renderActions(null);
    const gen = generation;
    restoreFocus = true; // the end sheet's button that started it is gone: on to the decision
    handFocus = 0; // a new hand: its roving focus starts at the first card
    try {
      const next = await createDeal(undefined, body);
      if (gen !== generation) return;
      await present(next, { initial: true });
      if (focusLost()) focusHand({ preventScroll: true });
      if (!next.over && !next.legal_actions.length) follow();
    } catch (err) {
      notice(t("err_start"), { sticky: true });
    }
  }

  // ------------------------------------------------------------------ input

  let refusal = null; // the text of the notice a refused tap showed, while it shows
  function refuse(btn) {
    const reason = btn.getAttribute("aria-description");
    if (!reason) return;
    notice(reason);
    refusal = reason;
  }

  function setRoving(index, focus = true) {
    const buttons = [...els.hand.querySelectorAll("button.hand-card")];
    if (!buttons.length) return;
    handFocus = Math.max(0, Math.min(index, buttons.length - 1));
    buttons.forEach((b, i) => b.setAttribute("tabindex", i === handFocus ? "0" : "-1"));
    if (focus) buttons[handFocus].focus();
  }

  function listen() {
    els.hand.addEventListener("click", (event) => {
      const btn = event.target.closest("button.hand-card");
      if (!btn) return;
      const index = [...els.hand.children].indexOf(btn);
      if (index >= 0) setRoving(index, false);
      if (btn.getAttribute("aria-disabled") === "true") {
        refuse(btn);
        return;
      }
      if (btn.hasAttribute("aria-pressed")) {
        if (selected.has(index)) selected.delete(index);
        else selected.add(index);
        refreshChoices();
        return;
      }
      if (!btn.dataset.action) {
        refuse(btn);
        return;
      }
      act(btn.dataset.action);
    });

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

    els.hintButton.addEventListener("click", () => {
      if (els.hintButton.getAttribute("aria-disabled") === "true") refuse(els.hintButton);
      else askHint();
    });

    els.actions.addEventListener("click", (event) => {
      const btn = event.target.closest("button.action");
      if (!btn) return;
      if (btn.getAttribute("aria-disabled") === "true") {
        refuse(btn);
        return;
      }
      if (btn.dataset.action) act(btn.dataset.action);
    });
    // scroll events do not bubble: caught on the way down to a strip
    const stripScrolled = (event) => {
      if (event.target instanceof HTMLElement && event.target.classList.contains("action-strip")) markStrip(event.target);
    };
    els.actions.addEventListener("scroll", stripScrolled, { capture: true, passive: true });
    window.addEventListener("resize", () => els.actions.querySelectorAll(".action-strip").forEach(markStrip));

    const skip = document.querySelector("[data-role=skip-to-turn]");
    if (skip) skip.addEventListener("click", skipToTurn);
    document.addEventListener("keydown", (event) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target;
      if (target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      // the shortcuts belong to the table: not while the focus is in the header (the languages,
      // the look sliders) or the footer, where a stray key must not play a card (WCAG 2.1.4)
      if (target instanceof Element && target !== document.body && !target.closest("main")) return;
      if (root.dataset.state !== "your-turn") return;
      const btn = shortcuts.get(event.key.toLowerCase());
      if (!btn) return;
      event.preventDefault();
      // H, and a button that only changes the selection (Clear), leave focus where it is (in the
      // hand, say); a button that acts takes it
      if (btn !== els.hintButton && btn.dataset.action) btn.focus();
      if (btn.getAttribute("aria-disabled") === "true") refuse(btn);
      else btn.click();
    });
  }

  // ------------------------------------------------------------------ start

  function layout() {
    if (Array.isArray(game.cardSize)) cardSize = game.cardSize;
    root.style.setProperty("--card-aspect", `${cardSize[0]} / ${cardSize[1]}`);
    root.style.setProperty("--card-ratio", String(cardSize[1] / cardSize[0]));
    const hand = { slots: 21, gaps: 4, phoneRow: 11, ...(game.hand || {}) };
    root.style.setProperty("--hand-slots", String(hand.slots));
    root.style.setProperty("--hand-gaps", String(hand.gaps));
    root.style.setProperty("--hand-phone-row", String(hand.phoneRow));
    if (game.pileLabel) $$("[data-role=discards]").forEach((el) => el.setAttribute("aria-label", t(game.pileLabel)));
    if (game.groupsLabel) $$("[data-role=exposed]").forEach((el) => el.setAttribute("aria-label", t(game.groupsLabel)));
  }

  const $$ = (sel) => [...root.querySelectorAll(sel)];

  async function start() {
    layout();
    if (game.setup) game.setup(ctx);
    listen();
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

  function registerGame(id, plugin) {
    games.set(id, plugin);
    if (booted || !root || id !== config.game) return;
    for (const hook of ["model", "status", "describeEvent", "actionButtons"]) {
      if (typeof plugin[hook] !== "function") throw new Error(`table plugin ${id}: ${hook}() is missing`);
    }
    if (plugin.players && plugin.players !== SEATS.length) {
      console.warn(`table plugin ${id}: ${plugin.players} players, but the page has ${SEATS.length} seats`);
    }
    booted = true;
    game = plugin;
    start();
  }

  window.Cardavia = Object.freeze({ registerGame, ctx, games });

  // Plugins load right after this file (defer keeps the order); by DOMContentLoaded the game
  // should have registered.
  document.addEventListener("DOMContentLoaded", () => {
    if (root && !booted) console.error(`Cardavia: no table plugin registered for ${config.game}`);
  });
})();
