// The bad-input suite (docs/bad-input.md) through the wasm package: every case of
// tests/fixtures/bad_input/cases.tsv throws a GrognardError with its code and a message holding
// its needles, and leaves the game (or the library) as it was. A JS string cannot hold bytes
// that are not UTF-8: inputs are decoded with U+FFFD in their place, and the cases say what
// they then expect here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { grognard, root_dir } from './load.mjs';

const { Game } = grognard;
const FIELDS = ['name', 'entry', 'base', 'arg', 'input', 'edits', 'code', 'status', 'needle', 'layers', 'about'];

const unhex = (s) => (s === '-' ? Buffer.alloc(0) : Buffer.from(s, 'hex'));

function literal(s) {
  return Buffer.concat(
    s.split('+').map((chunk) => {
      const [h, n] = chunk.split('*');
      return n === undefined ? unhex(h) : Buffer.concat(Array(Number(n)).fill(unhex(h)));
    }),
  );
}

const needlesOf = (s) => (s === '-' ? [] : s.split(' | ').filter((n) => n));

const cases = fs
  .readFileSync(path.join(root_dir, 'tests/fixtures/bad_input/cases.tsv'), 'utf8')
  .split('\n')
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => {
    const f = line.split('\t');
    assert.equal(f.length, FIELDS.length, line);
    return Object.fromEntries(FIELDS.map((k, i) => [k, f[i]]));
  });

/** {skip: reason} or {code, needles} for this layer. */
function expectation(c) {
  let code = c.code;
  let needles = needlesOf(c.needle);
  for (const d of c.layers === '-' ? [] : c.layers.split(' ; ')) {
    const [head, rest] = [d.slice(0, d.indexOf(': ')), d.slice(d.indexOf(': ') + 2)];
    const [layer, verb] = head.split(' ');
    if (layer !== 'wasm') continue;
    if (verb === 'skip') return { skip: rest };
    const parts = rest.split(' | ');
    assert.equal(verb, 'expect', `${c.name}: wasm ${verb}`);
    code = parts[0];
    needles = parts.slice(1).filter((n) => n);
  }
  return { code, needles };
}

const seedOf = (s) => (Number.isSafeInteger(Number(s)) ? Number(s) : BigInt(s));

function baseGame(base) {
  const [scenario, rest] = base.split('@');
  const [seed, steps] = rest.split('+');
  const g = new Game(scenario, seedOf(seed));
  for (let i = 0; i < Number(steps); i++) g.stepRandom();
  return g;
}

function openActions(g) {
  const legal = g.legalActions();
  return legal.length ? legal : g.chanceOutcomes().map((o) => o.action);
}

const snapshot = (g) =>
  JSON.stringify([g.stateHash(), g.state(), g.history(), g.legalActions(), g.actor()]);

/** Runs the case's call; returns what it returned (a game it made is freed). */
function call(c, game, text) {
  const made = (g) => {
    g.free();
    return null;
  };
  switch (c.entry) {
    case 'add_data':
      return grognard.addData(c.arg, text);
    case 'scenario_json':
      return made(Game.fromScenarioJson(text, seedOf(c.arg)));
    case 'new_game':
      return made(new Game(text, seedOf(c.arg)));
    case 'replay': {
      const [scenario, rest] = c.base.split('@');
      return made(Game.replay(scenario, seedOf(rest.split('+')[0]), text));
    }
    case 'load':
      return made(Game.load(text));
    case 'from_state':
      return made(Game.fromState(c.base.split('@')[0], text, seedOf(c.arg)));
    case 'apply':
      return game.apply(text);
    case 'apply_index':
      return game.applyIndex(Number(c.arg));
    case 'stale_after_undo': {
      const before = openActions(game).map((a) => JSON.stringify(a));
      game.stepRandom();
      const stale = openActions(game).find((a) => !before.includes(JSON.stringify(a)));
      game.undo();
      assert.ok(stale !== undefined, 'no action became legal after the step');
      return game.apply(stale);
    }
    case 'undo':
      return game.undo();
    case 'roll_value':
      return game.rollValue(Number(c.arg));
    case 'observation':
      return game.observation(Number(c.arg));
    case 'reachable':
      return game.reachable(text);
    case 'path_actions':
      return game.pathActions(text, c.arg);
    default:
      throw new Error(`unknown entry ${c.entry}`);
  }
}

test('the suite is large enough', () => {
  assert.ok(cases.length >= 40, `${cases.length} cases`);
});

for (const c of cases) {
  const want = expectation(c);
  test(c.name, { skip: want.skip }, () => {
    const game = c.base === '-' ? null : baseGame(c.base);
    try {
      let data;
      if (c.input === '@state') data = Buffer.from(JSON.stringify(game.state()));
      else if (c.input === '@save') data = Buffer.from(JSON.stringify(game.save()));
      else if (c.input.startsWith('@')) data = fs.readFileSync(path.join(root_dir, c.input.slice(1)));
      else data = literal(c.input);
      for (const edit of c.edits === '-' ? [] : c.edits.split(',')) {
        const [find, repl] = edit.split('>').map(unhex);
        const at = data.indexOf(find);
        assert.ok(at >= 0, `edit target ${find} not found in the input`);
        data = Buffer.concat([data.subarray(0, at), repl, data.subarray(at + find.length)]);
      }
      const text = data.toString('utf8'); // bytes that are not UTF-8 become U+FFFD
      const scenariosBefore = JSON.stringify(grognard.scenarios());
      const before = game && !['replay', 'load'].includes(c.entry) ? snapshot(game) : null;

      if (want.code === 'none') {
        assert.equal(call(c, game, text), null);
      } else {
        let error = null;
        try {
          call(c, game, text);
        } catch (e) {
          error = e;
        }
        assert.ok(error !== null, `expected a ${want.code} error, none was thrown`);
        assert.equal(error.name, 'GrognardError', String(error));
        assert.equal(error.code, want.code, error.message);
        assert.equal(error.details.error, want.code);
        for (const n of want.needles) {
          assert.ok(error.message.includes(n), `message ${JSON.stringify(error.message)} lacks ${JSON.stringify(n)}`);
        }
      }
      if (before !== null) assert.equal(snapshot(game), before, 'the game changed');
      assert.equal(JSON.stringify(grognard.scenarios()), scenariosBefore, 'the list of scenarios changed');
      if (c.entry === 'add_data') {
        const good = new Game('pg/training', 1);
        good.playRandom(200);
        good.free();
      }
    } finally {
      if (game) game.free();
    }
  });
}
