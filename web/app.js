// The grognard web page: one game of the wasm package drawn as an SVG map, with the legal
// actions as buttons, a bot step, dice, undo, the event log and a preview of each combat roll.
// A game can be shown as one side sees it ("View"): the board of that side's observation (the
// other side's hidden counters as "?" stacks), only its own actions as buttons (the other side's
// moves are made with "Step (bot)"), and only the events it may see.
import init, { Game, scenarios, systems, version } from './pkg/grognard_wasm.js';

const SVG = 'http://www.w3.org/2000/svg';
const R = 36; // hex circumradius in pixels
const H = (Math.sqrt(3) / 2) * R;
const TERRAIN_FILL = {
  clear: '#eef0d8',
  woods: '#7fae6b',
  town: '#c9b7a0',
  marsh: '#a9c9c4',
  bog: '#b7c9a6',
  broken: '#d8cfa8',
  orchard: '#a8c98a',
  village: '#d2b48c',
  walled_farm: '#b59a7a',
  keep: '#8f7a66',
  redoubt: '#c2a27c',
  sunken_road: '#cdbb8f',
  river: '#8fb8de',
  bridge: '#9a8a7a',
  // The Habit of Victory (hov/terrain).
  swamp: '#a9c9c4',
  hills: '#d8c38f',
  wooded_hills: '#9cae6b',
  capital_city: '#b89b82',
  fortified_town: '#a78f7a',
  citadel: '#8f7a66',
};
// Hexside features drawn across the side, from the hex's centre to its neighbour's (roads), as
// opposed to along the side (rivers, slopes, frontiers).
const CROSSING = new Set(['primary_road', 'secondary_road', 'towpath']);
// Action fields that name a counter, by the key of its `ref` (hov names leaders, units,
// vedettes and garrisons by index).
const REF_KEYS = {
  unit: 'unit', from: 'unit', into: 'unit', organic: 'unit', counter: 'unit', march: 'unit',
  leader: 'leader', mg: 'leader', under: 'leader', parts: 'leader',
  vedette: 'vedette', garrison: 'garrison',
};
const DIRECTIONS = ['SE', 'NE', 'N', 'NW', 'SW', 'S'];
// The middle of each hexside, by direction (y grows southward).
const SIDE_ANGLE = [30, -30, -90, -150, 150, 90];

const $ = (id) => document.getElementById(id);

let game = null;
let board = null;
let scenarioList = [];
let systemList = [];
let selected = null; // {unit, reached}
let viewer = null; // null: everything; 0 or 1: the page shows what that side may see

function el(tag, attrs = {}, text) {
  const node = tag.startsWith('svg:')
    ? document.createElementNS(SVG, tag.slice(4))
    : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function showError(e) {
  const box = $('message');
  if (!e) {
    box.hidden = true;
    box.textContent = '';
    return;
  }
  const rule = e.rule ? ` [rule ${e.rule}]` : '';
  box.textContent = `${e.message ?? e}${rule}`;
  box.hidden = false;
}

// Runs a call that may throw a GrognardError; shows it instead of failing.
function attempt(f) {
  try {
    showError(null);
    return f();
  } catch (e) {
    showError(e);
    return undefined;
  }
}

// ----- readable actions -----------------------------------------------------------------

function pieceName(ref) {
  const p = board?.pieces.find((x) => JSON.stringify(x.ref) === JSON.stringify(ref));
  if (p) return p.name;
  const [k, v] = Object.entries(ref)[0] ?? [];
  return k === undefined ? JSON.stringify(ref) : `${k} #${v}`;
}

// A field of an action as words: counters by name, hexes by id.
function fieldLabel(k, v) {
  if (v === null || v === undefined) return null;
  const hov = game?.system === 'hov';
  const ref = hov ? (REF_KEYS[k] ?? (k === 'to' && typeof v === 'number' ? 'leader' : null)) : (k === 'unit' ? 'unit' : null);
  if (ref && typeof v === 'number') return pieceName({ [ref]: v });
  if (Array.isArray(v)) {
    if (v.length === 0) return null;
    const items = v.map((x) => (ref && typeof x === 'number' ? pieceName({ [ref]: x }) : typeof x === 'string' ? x : JSON.stringify(x)));
    return `${k.replaceAll('_', ' ')} ${items.join(', ')}`;
  }
  if (typeof v === 'string') return v; // a hex id or a name
  return `${k} ${JSON.stringify(v)}`;
}

function actionLabel(action) {
  if (typeof action === 'string') return action.replaceAll('_', ' ');
  const [kind, args] = Object.entries(action)[0];
  const words = kind.replaceAll('_', ' ');
  if (kind === 'roll') return `roll ${args.spec}: ${args.value}`;
  // hov ¶146 step 3b: the secret battle chit.
  if (kind === 'chit') return `battle chit: ${String(args).replace(/^./, (c) => c.toUpperCase())} (secret)`;
  if (kind === 'stake' || kind === 'override') return `${words}: ${args ? 'yes' : 'no'}`;
  if (kind === 'move') {
    return `move ${pieceName(args.piece)} ${DIRECTIONS[args.dir] ?? args.dir}${args.below ? ' (below)' : ''}`;
  }
  if (typeof args !== 'object' || args === null) return `${words} ${args}`;
  const parts = Object.entries(args).map(([k, v]) => {
    if (k === 'wing') return `wing ${v}`;
    return fieldLabel(k, v);
  }).filter((x) => x !== null);
  return `${words} ${parts.join(' ')}`;
}

// ----- the map --------------------------------------------------------------------------

function corner(x, y, degrees) {
  const a = (Math.PI / 180) * degrees;
  return [x + R * Math.cos(a), y + R * Math.sin(a)];
}

function hexPoints(x, y) {
  const pts = [];
  for (let i = 0; i < 6; i += 1) pts.push(corner(x, y, 60 * i).map((v) => v.toFixed(1)).join(','));
  return pts.join(' ');
}

function drawMap() {
  const svg = $('map');
  svg.replaceChildren();
  if (!board) return;
  const xs = board.hexes.map((h) => h.x * R);
  const ys = board.hexes.map((h) => h.y * R);
  const minX = Math.min(...xs) - R - 4;
  const minY = Math.min(...ys) - H - 4;
  const width = Math.max(...xs) - minX + R + 4;
  const height = Math.max(...ys) - minY + H + 4;
  svg.setAttribute('viewBox', `${minX} ${minY} ${width} ${height}`);
  svg.setAttribute('width', width);
  svg.setAttribute('height', height);

  const centre = new Map();
  const reach = new Map((selected?.reached ?? []).map((r) => [r.hex, r]));
  const from = selected ? board.pieces.find((p) => p.id === selected.unit)?.hex : null;
  const hexLayer = el('svg:g', { id: 'hexes' });
  for (const h of board.hexes) {
    const x = h.x * R;
    const y = h.y * R;
    centre.set(h.id, [x, y]);
    const classes = ['hex'];
    if (reach.has(h.id)) classes.push('reach');
    if (h.id === from) classes.push('from');
    const g = el('svg:g', { class: classes.join(' '), 'data-hex': h.id });
    const fill = TERRAIN_FILL[h.terrain[0]] ?? '#ddd';
    const poly = el('svg:polygon', { points: hexPoints(x, y), fill });
    if (h.elevation) poly.setAttribute('fill', shade(fill, h.elevation));
    const title = el('svg:title', {}, `${h.id}${h.name ? ` ${h.name}` : ''}: ${h.terrain.join(', ')}${h.elevation ? `, level ${h.elevation}` : ''}`);
    g.append(poly, title, el('svg:text', { x, y: y - H + 10 }, h.id));
    if (h.name) g.append(el('svg:text', { x, y: y + H - 4, class: 'place' }, h.name));
    if (reach.has(h.id)) {
      g.append(el('svg:text', { x, y: y + H - 5, class: 'cost' }, String(reach.get(h.id).cost)));
      g.addEventListener('click', () => moveSelectedTo(h.id));
    }
    hexLayer.append(g);
  }
  svg.append(hexLayer);

  const sideLayer = el('svg:g', { id: 'hexsides' });
  for (const s of board.hexsides) {
    const c = centre.get(s.hex);
    if (!c) continue;
    const mid = SIDE_ANGLE[s.dir];
    let [x1, y1] = corner(c[0], c[1], mid - 30);
    let [x2, y2] = corner(c[0], c[1], mid + 30);
    if (CROSSING.has(s.feature)) {
      // A road crosses the side: from this hex's centre to the neighbour's.
      const a = (Math.PI / 180) * mid;
      [x1, y1] = c;
      [x2, y2] = [c[0] + 2 * H * Math.cos(a), c[1] + 2 * H * Math.sin(a)];
    }
    const line = el('svg:line', { x1, y1, x2, y2, class: `hexside ${s.feature}` });
    line.append(el('svg:title', {}, `${s.feature}${s.toward ? ` (high side ${s.toward})` : ''}`));
    sideLayer.append(line);
  }
  svg.append(sideLayer);

  // Fontenoy formations (8.1, 9.1): a multi-hex Line, Hook or column as a band through the
  // centres of its hexes, and every facing as an arrow from the formation's middle (the facing
  // index n points at 30° − 30°·n, docs/json.md).
  const formationLayer = el('svg:g', { id: 'formations' });
  for (const p of board.pieces) {
    if (!p.hex || p.facing === undefined) continue;
    const pts = (p.hexes?.length ? p.hexes : [p.hex]).map((h) => centre.get(h)).filter(Boolean);
    if (pts.length === 0) continue;
    const g = el('svg:g', { class: `formation side${p.side}`, 'data-unit': p.id, 'data-hexes': (p.hexes?.length ? p.hexes : [p.hex]).join(' '), 'data-facing': String(p.facing) });
    if (pts.length > 1) {
      g.append(el('svg:polyline', { points: pts.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' '), class: 'band' }));
    }
    const mx = pts.reduce((a, [x]) => a + x, 0) / pts.length;
    const my = pts.reduce((a, [, y]) => a + y, 0) / pts.length;
    const angle = ((30 - 30 * p.facing) * Math.PI) / 180;
    const tip = [mx + Math.cos(angle) * H * 0.95, my + Math.sin(angle) * H * 0.95];
    g.append(el('svg:line', { x1: mx, y1: my, x2: tip[0], y2: tip[1], class: 'facing' }));
    g.append(el('svg:circle', { cx: tip[0], cy: tip[1], r: 3, class: 'facing-tip' }));
    g.append(el('svg:title', {}, `${p.name}: facing ${p.facing}${p.hexes?.length ? `, ${p.hexes.join('-')}` : ''}`));
    formationLayer.append(g);
  }
  svg.append(formationLayer);

  // Counters: each stack bottom first, so the top counter is drawn last.
  const stacks = new Map();
  for (const p of board.pieces) {
    if (!p.hex) continue;
    if (!stacks.has(p.hex)) stacks.set(p.hex, []);
    stacks.get(p.hex).push(p);
  }
  const counterLayer = el('svg:g', { id: 'counters' });
  for (const [hex, pieces] of stacks) {
    const c = centre.get(hex);
    if (!c) continue;
    pieces.sort((a, b) => a.order - b.order);
    const bottomFirst = [...pieces].reverse();
    bottomFirst.forEach((p, i) => {
      const depth = bottomFirst.length - 1 - i; // 0 = top
      const x = c[0] - 20 + depth * 3;
      const y = c[1] - 12 - depth * 3;
      counterLayer.append(drawCounter(p, x, y, depth === 0, pieces.length));
    });
  }
  svg.append(counterLayer);
}

function shade(hex, level) {
  const n = parseInt(hex.slice(1), 16);
  const f = Math.max(0.6, 1 - 0.12 * level);
  const c = [16, 8, 0].map((s) => Math.round(((n >> s) & 255) * f));
  return `rgb(${c.join(',')})`;
}

function drawCounter(p, x, y, top, stackSize) {
  // Marks that are single words become classes (hov: "revealed", "hidden", "unemployed").
  const words = p.marks.filter((m) => /^[a-z][a-z ]*$/.test(m)).map((m) => m.replaceAll(' ', '-'));
  const classes = ['counter', `side${p.side}`, p.kind, ...words];
  if (selected?.unit === p.id) classes.push('selected');
  const g = el('svg:g', {
    class: classes.join(' '),
    'data-unit': p.id,
    'data-top': String(top),
    'data-hex': p.hex,
  });
  const w = 40;
  const h = 28;
  g.append(el('svg:rect', { x, y, width: w, height: h, rx: 2 }));
  g.append(el('svg:text', { x: x + w / 2, y: y + 11 }, p.name.length > 11 ? `${p.name.slice(0, 10)}…` : p.name));
  let second = p.kind === 'leader' ? '★' : (p.factors ?? '');
  if (game.system === 'hov') {
    // A force shows its strength where its side may see it; a hidden stack shows nothing.
    second = { leader: p.factors ?? '★', vedette: 'vedette', supply: 'supply', depot: 'depot', unknown: '' }[p.kind] ?? (p.factors ?? '');
  }
  g.append(el('svg:text', { x: x + w / 2, y: y + 22 }, second));
  const more = stackSize > 1 ? ` (stack of ${stackSize})` : '';
  g.append(el('svg:title', {}, `${p.name} — ${p.kind}${p.steps ? `, ${p.steps}/${p.max_steps} steps` : ''}${p.marks.length ? `, ${p.marks.join(', ')}` : ''}${more}`));
  g.addEventListener('click', (ev) => {
    ev.stopPropagation();
    selectUnit(p.id);
  });
  return g;
}

// ----- interaction ----------------------------------------------------------------------

// A counter's words for the selection line (systems without movement by clicking: hov).
function pieceInfo(p) {
  const facts = [p.kind === 'unknown' ? `a hidden ${p.side === viewer ? 'friendly' : 'enemy'} stack` : p.kind];
  if (p.factors) facts.push(p.factors);
  facts.push(...p.marks);
  return `${p.name} (${p.hex ?? p.status}): ${facts.join(', ')}`;
}

function selectUnit(unit) {
  if (game.system === 'hov') {
    // hov moves a force by its actions (Command, Initiative, Step), not by clicking a hex.
    const piece = board.pieces.find((p) => p.id === unit);
    $('selection').textContent = piece ? pieceInfo(piece) : '';
    return;
  }
  if (selected?.unit === unit) {
    selected = null;
    $('selection').textContent = '';
    render();
    return;
  }
  const reached = attempt(() => game.reachable(unit));
  const piece = board.pieces.find((p) => p.id === unit);
  if (reached === undefined) {
    selected = null;
  } else {
    selected = { unit, reached };
    $('selection').textContent = reached.length
      ? `${piece.name} (${piece.hex}): ${reached.length} hexes within reach — click one to move there.`
      : `${piece.name} (${piece.hex}) cannot move now.`;
  }
  render();
}

function moveSelectedTo(hex) {
  if (!selected) return;
  const unit = selected.unit;
  const steps = attempt(() => game.pathActions(unit, hex));
  selected = null;
  $('selection').textContent = '';
  if (steps) {
    for (let i = 0; i < steps.length; i += 1) {
      const events = attempt(() => game.apply(steps[i]));
      if (events === undefined) break;
      logAction(steps[i], events);
      // The rules may interrupt a move (reaction, forced deployment): go on only while the
      // next step is still legal.
      const next = JSON.stringify(steps[i + 1]);
      if (i + 1 < steps.length && !game.legalActions().some((a) => JSON.stringify(a) === next)) break;
    }
  }
  render();
}

// Whether the side the page shows may see an event (every event when it shows everything).
function seen(e) {
  return viewer === null || !e.visible_to || e.visible_to.includes(viewer);
}

function logAction(action, events, who, actor) {
  const log = $('log');
  let label = actionLabel(action);
  if (viewer !== null && actor) {
    // The other side's choices and the dice of a hidden roll stay hidden: only what the
    // viewing side may see of them is logged (their public events).
    if ('player' in actor && actor.player !== viewer) label = 'acts';
    if ('chance' in actor && !events.every(seen)) label = 'a hidden roll';
  }
  const head = el('li', { class: 'action' }, `${who ? `${who}: ` : ''}${label}`);
  log.prepend(head);
  for (const e of events) {
    if (!seen(e)) continue;
    const li = el('li', { class: 'event' });
    li.append(el('span', { class: 'rule' }, e.rule), document.createTextNode(` ${e.text}`));
    log.prepend(li);
  }
}

function actorName(actor) {
  if ('player' in actor) return actor.name;
  if ('chance' in actor) return 'dice';
  return 'game over';
}

function step() {
  const actor = game.actor();
  // pg, nbs and Fontenoy have a greedy bot; hov plays its own default.
  const bot = game.system === 'hov' ? 'default' : 'greedy';
  const done = attempt(() => game.stepBot(bot));
  if (done) logAction(done.action, done.events, actorName(actor), actor);
  selected = null;
  render();
}

function roll() {
  const actor = game.actor();
  const rolled = attempt(() => game.roll());
  if (rolled) logAction(rolled.action, rolled.events, 'dice', actor);
  render();
}

function undo() {
  const action = attempt(() => game.undo());
  if (action) $('log').prepend(el('li', { class: 'action' }, `undone: ${actionLabel(action)}`));
  selected = null;
  render();
}

// ----- panels ---------------------------------------------------------------------------

function renderStatus() {
  const actor = game.actor();
  const state = viewer === null ? game.state() : game.observation(viewer);
  $('turn').textContent = `Turn ${state.turn ?? '?'}${state.phase ? ` · ${String(state.phase).replaceAll('_', ' ')} phase` : ''}`;
  if ('terminal' in actor) {
    const o = actor.terminal;
    const who = o.winner === null ? 'draw' : `${game.system === 'pg' ? ['Prussian', 'Coalition'][o.winner] : `side ${o.winner}`} wins`;
    $('actor').textContent = `Game over: ${who}, ${o.level} (${o.points.join(' – ')} VP)`;
  } else if ('chance' in actor) {
    $('actor').textContent = `Dice: ${typeof actor.chance === 'string' ? actor.chance : actor.chance.dice}`;
  } else {
    $('actor').textContent = `${actor.name} to act`;
  }
  $('viewing').textContent = viewer === null ? '' : `seen by ${sideName(viewer)}`;
  $('prompt').textContent = actor.prompt ? `${actor.prompt.text} (rule ${actor.prompt.rule})` : '';
}

function renderActions() {
  const box = $('actions');
  box.replaceChildren();
  const actor = game.actor();
  const actions = game.legalActions();
  const moves = actions.filter((a) => typeof a === 'object' && 'move' in a);
  const chance = 'chance' in actor;
  $('roll').disabled = !chance;
  $('step').disabled = 'terminal' in actor;
  $('undo').disabled = game.history().length === 0;
  const theirs = viewer !== null && 'player' in actor && actor.player !== viewer;
  if (theirs) {
    // The other side's choices are its own: the page does not list them.
    $('actions-note').textContent = `${actor.name} is choosing, unseen: press "Step (bot)" to let the bot play for them.`;
    return;
  }
  if (chance) {
    $('actions-note').textContent = 'The dice decide: press "Roll dice" (or pick a result).';
  } else if (actions.some((a) => typeof a === 'object' && 'chit' in a)) {
    $('actions-note').textContent = 'Battle: choose your chit in secret (¶146 step 3b).';
  } else if (moves.length) {
    $('actions-note').textContent = 'Click a counter to see where it can move, or choose:';
  } else {
    $('actions-note').textContent = actions.length ? '' : 'No actions: the game is over.';
  }
  actions.forEach((a, i) => {
    if (typeof a === 'object' && 'move' in a) return;
    const b = el('button', { type: 'button', 'data-index': String(i) }, actionLabel(a));
    if (typeof a === 'object' && 'chit' in a) b.classList.add('chit');
    b.addEventListener('click', () => {
      const events = attempt(() => game.applyIndex(i));
      if (events) logAction(a, events, actorName(actor), actor);
      selected = null;
      render();
    });
    box.append(b);
  });
}

function renderPreview() {
  const panel = $('preview');
  const preview = game.preview();
  if (!preview || preview.facts.length === 0) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  $('preview-title').textContent = `${preview.title} (rule ${preview.rule})`;
  const facts = $('preview-facts');
  facts.replaceChildren();
  for (const f of preview.facts) {
    const tr = el('tr', { class: 'fact' });
    tr.append(el('td', {}, f.name), el('td', { class: 'num' }, f.value));
    facts.append(tr);
  }
  // The distribution: faces giving the same result share a line, their chances added.
  const groups = new Map();
  for (const o of preview.outcomes) {
    const first = o.events[0]?.text ?? '';
    const crt = first.match(/->\s*(.+)$/);
    const result = crt ? crt[1] : o.events.map((e) => e.text).join('; ') || '(nothing)';
    const g = groups.get(result) ?? { result, faces: [], num: 0, den: 1, events: o.events };
    g.faces.push(o.action.roll ? o.action.roll.value : actionLabel(o.action));
    // Add the fractions exactly.
    const num = g.num * o.prob.den + o.prob.num * g.den;
    const den = g.den * o.prob.den;
    const gcd = (a, b) => (b ? gcd(b, a % b) : a);
    const k = gcd(num, den) || 1;
    g.num = num / k;
    g.den = den / k;
    groups.set(result, g);
  }
  const table = $('preview-outcomes');
  table.replaceChildren();
  const head = el('tr');
  head.append(el('th', {}, 'roll'), el('th', {}, 'chance'), el('th', {}, 'result'));
  table.append(head);
  for (const g of groups.values()) {
    const tr = el('tr', { class: 'outcome' });
    const cell = el('td');
    cell.append(el('strong', {}, g.result));
    const details = g.events.map((e) => `${e.text} (${e.rule})`).join('; ');
    cell.append(el('div', { class: 'details' }, details));
    tr.append(
      el('td', {}, g.faces.join(', ')),
      el('td', { class: 'num' }, `${g.num}/${g.den}`),
      cell,
    );
    table.append(tr);
  }
}

function render() {
  board = viewer === null ? game.board() : game.observedBoard(viewer);
  if (selected) {
    // Keep the highlight only while the unit can still move.
    const reached = (() => {
      try {
        return game.reachable(selected.unit);
      } catch {
        return null;
      }
    })();
    selected = reached && reached.length ? { unit: selected.unit, reached } : null;
  }
  drawMap();
  renderStatus();
  renderActions();
  renderPreview();
  document.body.dataset.ready = 'true';
}

function sideName(side) {
  const sys = systemList.find((x) => x.id === game?.system);
  return sys ? sys.sides[side] : `side ${side}`;
}

// The viewer choices name the sides of the chosen scenario's system.
function labelViewers() {
  const id = $('scenario').value;
  const info = scenarioList.find((s) => s.id === id);
  const sys = systemList.find((x) => x.id === info?.system);
  for (const o of $('viewer').options) {
    if (o.value !== 'all') o.textContent = sys ? sys.sides[Number(o.value)] : `side ${o.value}`;
  }
}

function newGame(id, seedText, view) {
  let seed;
  try {
    seed = BigInt(seedText || '0');
  } catch {
    showError(new Error(`the seed ${JSON.stringify(seedText)} is not a whole number`));
    return;
  }
  const next = attempt(() => new Game(id, seed));
  if (!next) return;
  if (game) game.free();
  game = next;
  viewer = view === 'all' || view === undefined || view === null ? null : Number(view);
  selected = null;
  $('log').replaceChildren();
  $('selection').textContent = '';
  const info = scenarioList.find((s) => s.id === id);
  const banner = $('provisional');
  if (info && info.provisional.length) {
    banner.hidden = false;
    banner.textContent = `Provisional data: ${info.name} uses parts made up here or not yet checked against the published game — ${info.provisional.join(', ')}.`;
  } else {
    banner.hidden = true;
  }
  const url = new URL(window.location.href);
  url.searchParams.set('scenario', id);
  url.searchParams.set('seed', seed.toString());
  url.searchParams.set('view', viewer === null ? 'all' : String(viewer));
  window.history.replaceState(null, '', url);
  render();
  // A large map (hov's Poland) opens on the viewing side's forces.
  if (viewer !== null) {
    document.querySelector(`#counters .counter.side${viewer}.leader`)?.scrollIntoView({ block: 'center', inline: 'center' });
  }
}

async function main() {
  await init();
  $('version').textContent = `grognard ${version()}`;
  scenarioList = scenarios().filter((s) => s.implemented);
  systemList = systems();
  const select = $('scenario');
  for (const s of scenarioList) select.append(el('option', { value: s.id }, `${s.name} (${s.id})`));
  const params = new URLSearchParams(window.location.search);
  const wanted = params.get('scenario');
  select.value = scenarioList.some((s) => s.id === wanted)
    ? wanted
    : (scenarioList.find((s) => s.id === 'pg/training') ?? scenarioList[0]).id;
  $('seed').value = params.get('seed') ?? '1';
  // A game with hidden information (hov) is shown from the first side's view unless asked.
  const hidden = (id) => id.startsWith('hov/');
  const view = params.get('view');
  $('viewer').value = ['all', '0', '1'].includes(view) ? view : hidden(select.value) ? '0' : 'all';
  labelViewers();
  select.addEventListener('change', () => {
    $('viewer').value = hidden(select.value) ? '0' : 'all';
    labelViewers();
  });
  $('setup').addEventListener('submit', (ev) => {
    ev.preventDefault();
    newGame(select.value, $('seed').value.trim(), $('viewer').value);
  });
  $('step').addEventListener('click', step);
  $('roll').addEventListener('click', roll);
  $('undo').addEventListener('click', undo);
  $('map').addEventListener('click', () => {
    if (selected) {
      selected = null;
      $('selection').textContent = '';
      render();
    }
  });
  newGame(select.value, $('seed').value, $('viewer').value);
}

main().catch((e) => showError(e));
