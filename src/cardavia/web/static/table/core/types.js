// @ts-check
// The shapes the table client passes around, as JSDoc types for `tsc --noEmit` (no code runs
// here): the View the API returns, the display model a plugin builds from it, and the plugin
// object with its hooks. docs/table-client.md says what each field and hook is for; docs/api.md
// and table/live.py (`LiveTable.view`) say what the server sends.
//
// A module takes them with `/** @typedef {import("./types.js").View} View */`.

/**
 * One entry of a deal's log: the version it made, its kind, the seat that made it (when one
 * did), and the game's own fields (card, group, from, stock…), which only its plugin reads.
 * The last entry of each step newer than the version the client showed when it asked also
 * carries `table`, the view's table after that step (docs/api.md).
 * @typedef {{ v: number, kind: string, seat?: number | null, table?: Record<string, any>, [field: string]: any }} LogEvent
 */

/**
 * One step of a replay (core/present.js): its log entries, and the view as it stood after it
 * (its table then, its log up to it, nobody's decision yet), which the plugin's model() draws.
 * @typedef {{ events: LogEvent[], view: View }} Step
 */

/**
 * A finished deal's outcome (rules/core.py `Result.to_json`): the one winner (null for a
 * drawn or tied deal), each seat's score, and the game's own account.
 * @typedef {object} Result
 * @property {number | null} winner
 * @property {number[]} scores
 * @property {Record<string, any>} breakdown
 */

/**
 * A running match (Nantong's Next deal): the deal it follows, the totals before it and with it.
 * @typedef {object} Match
 * @property {string | null} previous
 * @property {string | null} [next]   a friends table's next deal, once one of them dealt it
 * @property {number[]} totals_before
 * @property {number[]} totals
 */

/**
 * One seat of the view (docs/api.md, tables for friends): its kind, the AI's level (an AI
 * seat's, or the AI's playing for an away player), its player's display name, whether its
 * player has joined, whether the AI plays for them while away, and the seconds left for the
 * decision it owes (shown to the seat itself, and to all when everyone may know it decides).
 * @typedef {object} SeatInfo
 * @property {"human" | "ai"} kind
 * @property {string | null} level
 * @property {string | null} [name]
 * @property {boolean} [joined]
 * @property {boolean} [away]
 * @property {number | null} [time_left]
 */

/**
 * What `GET /api/games/{id}` and the other deal answers carry as `view`: the envelope the core
 * reads, and `table`, the game's observation for your seat, which only the plugin reads.
 * @typedef {object} View
 * @property {string} id
 * @property {string} game
 * @property {number} version
 * @property {number | null} seat   yours, or null: you watch the deal (no token)
 * @property {SeatInfo[]} seats   who sits where
 * @property {string} [seats_tag]  who sits where as a tag, sent back with a long poll (`&seats=`)
 * @property {boolean} [waiting]   a friends table waits for its invited players
 * @property {number | null} [allowance]   seconds per decision at a table of two or more humans
 * @property {number[]} to_act
 * @property {string[]} legal_actions   canonical action texts you may send now
 * @property {boolean} over
 * @property {string} level             easy | normal | hard | greedy
 * @property {Result | null} result
 * @property {LogEvent[]} log
 * @property {Record<string, any>} table
 * @property {Match | null} [match]
 */

/**
 * The server's hint (`POST …/hint`, docs/api.md).
 * @typedef {object} Hint
 * @property {string} [level] the table's level, which chose it
 * @property {string} action
 * @property {"forced" | "win" | "greedy" | "search"} reason
 * @property {{ key: string, n: number | null, params?: Record<string, number | string> }[]} [why]
 * @property {number} [samples]
 * @property {number | null} [share]
 * @property {number | null} [next_share]
 * @property {number} [options]
 */

/**
 * The page's config (the JSON in `#cardavia-config`, built by pages.table()).
 * @typedef {object} Config
 * @property {string} lang
 * @property {string} game
 * @property {string} api
 * @property {Record<string, string>} strings
 * @property {Record<string, string[]>} plural_forms
 * @property {Record<string, number>} plural_categories
 * @property {Record<string, CardInfo>} cards
 * @property {string} back_url
 * @property {string[]} seats
 */

/** @typedef {{ name: string, url: string }} CardInfo */

/**
 * A card code ("rK", "s3", "6-6"…), or null for a card shown face down.
 * @typedef {string | null} CardCode
 */

/**
 * An exposed group as the core draws it.
 * @typedef {object} GroupModel
 * @property {CardCode[]} cards
 * @property {string} [kind]    the group's data-kind
 * @property {string} [label]   read by screen readers before the cards
 */

/**
 * One seat of the display model.
 * @typedef {object} SeatModel
 * @property {number} count          concealed cards
 * @property {GroupModel[]} groups   exposed groups, in order
 * @property {string[] | null} pile  discards, oldest first; null hides the pile area
 */

/**
 * What the board shows (docs/table-client.md, The display model). A plugin's model adds its
 * own fields (the stock, the public card, the trick…).
 * @typedef {object} DisplayModel
 * @property {string[]} hand
 * @property {number | null} dealer
 * @property {number | null} active
 * @property {{ seat: number, where: "groups" | "pile" } | null} fresh
 * @property {SeatModel[]} seats
 */

/**
 * What a hand card does when clicked, or why it cannot.
 * @typedef {object} HandCardState
 * @property {string | null} [action]
 * @property {boolean} [select]
 * @property {string | null} [reason]
 * @property {boolean} [locked]
 * @property {string | null} [group]
 * @property {Record<string, string>} [attrs]
 */

/**
 * A child of h(): a node or a text; null, undefined and false are left out.
 * @typedef {Node | string | number | null | undefined | false} ChildItem
 */

/**
 * What h() takes as a child: a ChildItem, or a list of them (h() flattens one level).
 * @typedef {ChildItem | ChildItem[]} Child
 */

/**
 * An answer button (docs/table-client.md, ButtonSpec).
 * @typedef {object} ButtonSpec
 * @property {string | null} action   the canonical action text, or null for a button that only explains
 * @property {string} testid
 * @property {Child} label
 * @property {string | null} [key]
 * @property {CardCode[] | null} [cards]
 * @property {string | null} [names]   the cards in words, shown under the label (default: `cards` named; null: none)
 * @property {boolean} [primary]
 * @property {string | null} [reason]
 * @property {boolean} [explain]
 * @property {string | null} [aria]
 * @property {boolean} [strip]
 * @property {(event: Event) => void} [onclick]
 */

/** @typedef {{ buttons: ButtonSpec[], hint: string }} ActionButtons */

/**
 * An end-sheet button after New deal.
 * @typedef {{ testid: string, label: string, onclick: () => void, primary?: boolean }} ResultAction
 */

/**
 * @typedef {object} Storage
 * @property {(key: string, fallback?: any) => any} get
 * @property {(key: string, value: any) => void} set
 */

/**
 * The hand cards chosen so far (games where cards are selected, then played by a button).
 * @typedef {object} Selection
 * @property {() => string[]} codes
 * @property {() => number[]} indexes
 * @property {(i: number) => boolean} has
 * @property {() => void} clear
 */

/**
 * What every hook gets as its last argument: the helpers (also importable from the core's
 * modules) and a few verbs of the table.
 * @typedef {object} Ctx
 * @property {Config} config
 * @property {number} HUMAN
 * @property {(key: string, args?: Record<string, any>) => string} t
 * @property {(key: string, n: number, args?: Record<string, any>) => string} tn
 * @property {(tag: string, attrs?: Record<string, any>, ...children: Child[]) => HTMLElement} h
 * @property {(seat: number) => string} seatName
 * @property {(code: string) => string} cardName
 * @property {(code: string) => CardInfo} cardInfo
 * @property {(code: CardCode, alt?: string) => HTMLImageElement} cardImg
 * @property {(code: CardCode, cls?: string, alt?: string) => HTMLElement} cardFace
 * @property {(items: string[]) => string} joinList
 * @property {(items: string[]) => string} joinAnd
 * @property {(v: View) => string} dealerStartLine
 * @property {(e: LogEvent, groupOf: (action: string) => string) => string} answerLine
 * @property {(v: View, nobody: string, options?: { heading?: boolean }) => string} outcome
 * @property {(...parts: (string | null | undefined | false)[]) => string} sentences
 * @property {Storage} storage
 * @property {(text: string, options?: { sticky?: boolean, polite?: boolean, quiet?: boolean }) => void} notice
 * @property {(action: string) => Promise<void>} act
 * @property {(body?: Record<string, any>) => Promise<void>} newDeal
 * @property {View | null} view
 * @property {string | null} dealId
 * @property {number} players
 * @property {Selection} selection
 */

/**
 * A game's plugin (docs/table-client.md, The plugin object): `model`, `actionButtons`,
 * `describeEvent` and `status` are required. `M` is the plugin's display model.
 * @template {DisplayModel} [M=any]
 * @typedef {object} Plugin
 * @property {number} [players]
 * @property {[number, number]} [cardSize]
 * @property {{ slots?: number, gaps?: number, phoneRow?: number, phoneMin?: number }} [hand]
 * @property {string} [pileLabel]
 * @property {string} [groupsLabel]
 * @property {(ctx: Ctx) => void} [setup]
 * @property {(view: View, ctx: Ctx) => M} model
 * @property {(codes: string[]) => string[]} [sortHand]
 * @property {(el: HTMLElement, model: M, view: View | null, ctx: Ctx) => void} [renderCentre]
 * @property {(code: string, i: number, model: M, view: View | null, ctx: Ctx) => HandCardState} [handCardState]
 * @property {(view: View, ctx: Ctx) => ActionButtons} actionButtons
 * @property {(event: LogEvent, ctx: Ctx) => string | null} describeEvent
 * @property {(view: View, ctx: Ctx) => string | null} [startLine]
 * @property {(event: LogEvent) => number | null | undefined} [actor]
 * @property {(event: LogEvent) => boolean} [instant]
 * @property {(event: LogEvent, ctx: Ctx) => void} [news]
 * @property {(view: View, ctx: Ctx) => string} status
 * @property {(view: View, ctx: Ctx) => string} [resultTitle]
 * @property {(view: View, ctx: Ctx) => Node[]} [resultLines]
 * @property {(view: View, ctx: Ctx) => ResultAction[]} [resultActions]
 * @property {(view: View | null, ctx: Ctx) => Record<string, any>} [newDealBody]
 * @property {(slot: HTMLElement, seat: number, model: M, view: View | null, ctx: Ctx) => void} [seatExtras]
 * @property {(model: M) => { seat: number, code: string } | null} [offered]
 * @property {(view: View, ctx: Ctx) => void} [dealOver]
 */

export {};
