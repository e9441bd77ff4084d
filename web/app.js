// The grognard web page: one game of the wasm package drawn as an SVG map, with the legal
// actions as buttons, a bot step, dice, undo, the event log and a preview of each combat roll.
import init, { Game, scenarios, version } from './pkg/grognard_wasm.js';

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
};
const DIRECTIONS = ['SE', 'NE', 'N', 'NW', 'SW', 'S'];
// The middle of each hexside, by direction (y grows southward).
const SIDE_ANGLE = [30, -30, -90, -150, 150, 90];

const $ = (id) => document.getElementById(id);

let game = null;
let board = null;
let scenarioList = [];
let selected = null; // {unit, reached}

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
  return p ? p.name : JSON.stringify(ref);
}

function actionLabel(action) {
  if (typeof action === 'string') return action.replaceAll('_', ' ');
  const [kind, args] = Object.entries(action)[0];
  const words = kind.replaceAll('_', ' ');
  if (kind === 'roll') return `roll ${args.spec}: ${args.value}`;
  if (kind === 'move') {
    return `move ${pieceName(args.piece)} ${DIRECTIONS[args.dir] ?? args.dir}${args.below ? ' (below)' : ''}`;
  }
  if (typeof args !== 'object' || args === null) return `${words} ${args}`;
  const parts = Object.entries(args).map(([k, v]) => {
    if (k === 'unit') return pieceName({ unit: v });
    if (k === 'wing') return `wing ${v}`;
    if (typeof v === 'string') return v; // a hex id
    return `${k} ${JSON.stringify(v)}`;
  });
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
    const title = el('svg:title', {}, `${h.id}: ${h.terrain.join(', ')}${h.elevation ? `, level ${h.elevation}` : ''}`);
    g.append(poly, title, el('svg:text', { x, y: y - H + 10 }, h.id));
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
    const [x1, y1] = corner(c[0], c[1], mid - 30);
    const [x2, y2] = corner(c[0], c[1], mid + 30);
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
  const classes = ['counter', `side${p.side}`, p.kind, ...p.marks.map((m) => m.replaceAll(' ', '-'))];
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
  const second = p.kind === 'leader' ? '★' : (p.factors ?? '');
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

function selectUnit(unit) {
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

function logAction(action, events, who) {
  const log = $('log');
  const head = el('li', { class: 'action' }, `${who ? `${who}: ` : ''}${actionLabel(action)}`);
  log.prepend(head);
  for (const e of events) {
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
  const done = attempt(() => game.stepBot('greedy'));
  if (done) logAction(done.action, done.events, actorName(actor));
  selected = null;
  render();
}

function roll() {
  const rolled = attempt(() => game.roll());
  if (rolled) logAction(rolled.action, rolled.events, 'dice');
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
  const state = game.state();
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
  if (chance) {
    $('actions-note').textContent = 'The dice decide: press "Roll dice" (or pick a result).';
  } else if (moves.length) {
    $('actions-note').textContent = 'Click a counter to see where it can move, or choose:';
  } else {
    $('actions-note').textContent = actions.length ? '' : 'No actions: the game is over.';
  }
  actions.forEach((a, i) => {
    if (typeof a === 'object' && 'move' in a) return;
    const b = el('button', { type: 'button', 'data-index': String(i) }, actionLabel(a));
    b.addEventListener('click', () => {
      const events = attempt(() => game.applyIndex(i));
      if (events) logAction(a, events, actorName(actor));
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
  board = game.board();
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

function newGame(id, seedText) {
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
  window.history.replaceState(null, '', url);
  render();
}

async function main() {
  await init();
  $('version').textContent = `grognard ${version()}`;
  scenarioList = scenarios().filter((s) => s.implemented);
  const select = $('scenario');
  for (const s of scenarioList) select.append(el('option', { value: s.id }, `${s.name} (${s.id})`));
  const params = new URLSearchParams(window.location.search);
  const wanted = params.get('scenario');
  select.value = scenarioList.some((s) => s.id === wanted)
    ? wanted
    : (scenarioList.find((s) => s.id === 'pg/training') ?? scenarioList[0]).id;
  $('seed').value = params.get('seed') ?? '1';
  $('setup').addEventListener('submit', (ev) => {
    ev.preventDefault();
    newGame(select.value, $('seed').value.trim());
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
  newGame(select.value, $('seed').value);
}

main().catch((e) => showError(e));
