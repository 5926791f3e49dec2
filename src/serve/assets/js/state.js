// The page's one state, described here, and the questions the views ask of it; handlers change it and call render(state).

/** @typedef {'white'|'black'} Side */
/** @typedef {'white'|'black'|'arbiter'|'watching'} Seat */
/**
 * An action of the turn the board is at, as the referee resolved it (`drawn`).
 * @typedef {{turn: string, number: number, color: Side, piece: string, from: ?string, to: ?string, promotion: ?string}} Drawn
 */
/**
 * The server's state of a game (`GET /api/games/{id}`, spec/SERVE.md).
 * @typedef {Object} Game
 * @property {string} id
 * @property {string} variant
 * @property {'play'|'record'} mode
 * @property {string} white  `human` or a bot's level
 * @property {string} black
 * @property {'server'|'entered'|null} die
 * @property {?string} die_commit
 * @property {?string} die_seed
 * @property {'roll'|'act'|'over'} phase
 * @property {?Side} side
 * @property {string} turn
 * @property {?number} face
 * @property {number} written
 * @property {string} fen
 * @property {Object} verdict
 * @property {string} version
 * @property {{tags: {name: string, value: string}[], turns: Object[]}} record
 * @property {string} sdn
 * @property {Drawn[]} drawn
 * @property {?string} before
 * @property {string[]} checks
 * @property {?{white: number, black: number, running: ?Side}} clocks
 */
/**
 * The next actions of the turn (`GET .../next`).
 * @typedef {{actions: {text: string, kind: string, from: ?string, to: ?string, piece: ?string, loses: boolean}[],
 *   written: number, after: number, due: ?Side, proof: ?string, none: ?string, told: ?string}} Next
 */
/**
 * The game's turns for the move list (`GET .../moves`).
 * @typedef {{start: string, start_pools: string, turns: {label: string, side: Side, face: ?number,
 *   actions: {number: number, san: string, kind: string, color: Side, piece: string, from: ?string, to: ?string,
 *   promotion: ?string, fen: string, pools: string}[], told: ?string}[],
 *   end: ?{winner: ?Side, victory: string, article: string, sentence: string}}} Moves
 */
/**
 * The other side's turn played back on the board, action by action.
 * @typedef {{key: string, player: Side, face: ?number, start: string, done: Drawn[], steps: Drawn[], shown: number,
 *   total: number, complete: boolean}} Playback
 */
/**
 * What waits for the player's answer: the piece a pawn becomes, a sacrifice, a resignation.
 * @typedef {{kind: 'promotion', from: string, to: string, pieces: string[]} | {kind: 'sacrifice', square: string, piece: string}
 *   | {kind: 'resign'}} Pending
 */
/**
 * A puzzle attempt (the Puzzles mode).
 * @typedef {{game: string, token: string, judged: boolean, player: string, puzzle: string, question: string,
 *   side: Side, first: ?string, replied: boolean}} Attempt
 */
/**
 * The whole page.
 * @typedef {Object} State
 * @property {?string} id        the game open
 * @property {string} token      this page's token for it (kept per game in localStorage)
 * @property {?Seat} seat        what the token holds
 * @property {?Game} game        the server's last state of it
 * @property {?Next} next        its next actions, for `game.version`
 * @property {?Moves|false} moves  its turns (false: the server has no such route)
 * @property {?Playback} playback
 * @property {?number} cursor    the action of the move list the board shows (null: the game now)
 * @property {?Map<number, Array<{from?: string, to?: string}>>} best  the analysis's best turn at each turn's last action of the move list (the board draws it beside the turn played)
 * @property {?string} picked    a square clicked first
 * @property {?Pending} pending
 * @property {string} hint
 * @property {?{error: string, article?: string}} refusal
 * @property {boolean} busy      a change is on its way
 * @property {number} redraw    counts the board's redraws asked (a refused move put back)
 * @property {boolean} live      the event stream is open
 * @property {boolean} flipped
 * @property {boolean} sound
 * @property {'moves'|'sdn'} tab
 * @property {?{mode: Object, none: Object, options: Object[], count: number}} options  "What could I play?"
 * @property {'play'|'puzzle'|'course'} mode
 * @property {Object<string, string>} closed  games closed to actions, with the words the status says of them
 * @property {?Side} facing     the side the board is seen from, where the mode says
 * @property {?{players: string[], variants: string[]}} levels
 * @property {Object[]} games   the list of games
 * @property {?Object} created  the settings of the game this page created last (for "new game, same settings")
 * @property {?{id: string, side: Side, link: string}} links  the opponent's seat and link, in a game this page created for two people
 * @property {{tools: string, create: string, file: string}} notes  refusals said beside the controls that asked
 * @property {{attempt: ?Attempt, themes: Object[], player: ?Object, result: string, resultClass: string,
 *   question: (Node|string)[]|null, left: boolean, answer: ?{game: string, fen: string, drawn: Drawn[]}}} puzzle
 * @property {{lesson: ?string, token: string, game: ?string, judged: ?string, failures: number, done: boolean}} course
 * @property {?{name: string, guest: boolean}|undefined} me  who this browser is signed in as (undefined: not asked yet)
 * @property {{form: ?('login'|'signup'), note: string}} account  the sign-in form open, and its refusal
 * @property {'game'|'player'|'leaderboard'} view  what the main column shows
 * @property {{seeks: Seek[], linked: ?Seek, made: ?Seek, note: string, live: boolean}} lobby  the seeks shown, the one a link named, the one made last
 * @property {Profile} profile  the player page open
 * @property {{game: string, rows: ?Object[], note: string}} leaderboard
 */
/**
 * A seek of the lobby (`GET /api/lobby`).
 * @typedef {{id: string, by: string, guest: boolean, variant: string, time_control: ?Object, rated: boolean,
 *   colour: 'white'|'black'|'random', public: boolean, audience: {kind: string, name?: string}, created: number,
 *   expires: number, game: ?string, taker: ?string}} Seek
 */
/**
 * A player's page (`#player=NAME`).
 * @typedef {{name: ?string, player: ?{name: string, ratings: Object[]}, missing: boolean,
 *   histories: Object<string, Object[]>, games: ?Object[], filter: {game: string, status: string}, page: number}} Profile
 */

/** @returns {State} */
export function initial() {
  return {
    id: null, token: '', seat: null, game: null, next: null, moves: null, playback: null, cursor: null, best: null,
    picked: null, pending: null, hint: '', refusal: null, busy: false, redraw: 0, live: false, flipped: false,
    sound: localStorage.getItem('sade-ref-sound') === 'on', tab: 'moves', options: null, mode: 'play',
    closed: {}, facing: null, levels: null, games: [], created: null, links: null,
    notes: { tools: '', create: '', file: '' },
    puzzle: { attempt: null, themes: [], player: null, result: '', resultClass: '', question: null, left: false, answer: null },
    course: { lesson: null, token: '', game: null, judged: null, failures: 0, done: false },
    me: undefined, account: { form: null, note: '' }, view: 'game',
    lobby: { seeks: [], linked: null, made: null, note: '', live: false },
    profile: { name: null, player: null, missing: false, histories: {}, games: null, filter: { game: '', status: '' }, page: 0 },
    leaderboard: { game: 'sade', rows: null, note: '' }
  };
}

/** The state of the page: one object, changed by the handlers. */
export const state = initial();

/** Whether the game is a lesson or a puzzle attempt: played without help (no options, no take-back). */
export function unaided(s) { return s.mode !== 'play'; }

/** The game against exactly one bot: the human's side, else null. */
export function humanAgainstBot(g) {
  if (!g) { return null; }
  const bots = ['white', 'black'].filter((k) => g[k] !== 'human');
  return bots.length === 1 ? (bots[0] === 'white' ? 'black' : 'white') : null;
}

/** Whether this page holds the seat of `side` (the arbiter holds both). */
export function holds(s, side) { return s.seat === 'arbiter' || s.seat === side; }

/** Whether this page may act in the turn now: its seat's turn, a person plays it, nothing played back. */
export function mayAct(s) {
  const g = s.game;
  if (!g || g.phase === 'over' || !g.side || s.closed[g.id] || s.playback || s.cursor !== null) { return false; }
  return g[g.side] === 'human' && holds(s, g.side);
}

/** Whether this page may roll now. */
export function mayRoll(s) { return mayAct(s) && s.game.phase === 'roll'; }

/** The board's placement field: a Sade FEN's pocket left out. */
export function placement(fen) { return fen.split(' ')[0].replace(/\[.*\]/, ''); }

/** A Sade FEN's pocket (`[Qrn]`: both pools), or null. */
export function pocket(fen) {
  const m = /\[([A-Za-z]*)\]/.exec(fen.split(' ')[0]);
  return m ? m[1] : null;
}
