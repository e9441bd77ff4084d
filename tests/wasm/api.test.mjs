// The wasm package's API, call by call, on the pg training scenario.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { grognard } from './load.mjs';

const { Game } = grognard;

test('module functions: version, systems, scenarios', () => {
  assert.match(grognard.version(), /^\d+\.\d+\.\d+/);
  const systems = grognard.systems();
  assert.deepEqual(
    systems.map((s) => s.id),
    ['pg', 'hov', 'fontenoy', 'nbs'],
  );
  const pg = systems.find((s) => s.id === 'pg');
  assert.equal(pg.implemented, true);
  assert.deepEqual(pg.sides, ["Prussian", "Coalition"]);
  const scenarios = grognard.scenarios();
  const training = scenarios.find((s) => s.id === 'pg/training');
  assert.equal(training.system, 'pg');
  assert.ok(Array.isArray(training.provisional) && training.provisional.length > 0);
  assert.ok(training.provisional.every((p) => typeof p === 'string'));
});

test('a new game: actor, legal actions, apply by object, by name and by index', () => {
  const game = new Game('pg/training', 7);
  try {
    assert.equal(game.system, 'pg');
    assert.equal(game.scenario, 'pg/training');
    assert.equal(game.seed, 7n);
    const actor = game.actor();
    assert.equal(actor.player, 0);
    assert.equal(actor.name, 'Prussian');
    assert.match(actor.prompt.rule, /^\d+(\.\d+)*$/);
    const actions = game.legalActions();
    assert.equal(game.actionCount(), actions.length);
    assert.ok(actions.length > 0);
    const before = game.stateHash();
    assert.match(before, /^[0-9a-f]{16}$/);
    // The first action of the fixture game is "end_command", a bare name.
    const events = game.apply(actions[0]);
    assert.ok(Array.isArray(events));
    for (const e of events) {
      assert.equal(typeof e.rule, 'string');
      assert.equal(typeof e.text, 'string');
      assert.ok('event' in e);
    }
    assert.notEqual(game.stateHash(), before);
    assert.deepEqual(game.undo(), actions[0]);
    assert.equal(game.stateHash(), before);
    // The same action as JSON text, then through the index.
    game.apply(JSON.stringify(actions[0]));
    const once = game.stateHash();
    game.undo();
    game.applyIndex(0);
    assert.equal(game.stateHash(), once);
    assert.equal(game.history().length, 1);
    assert.deepEqual(game.history()[0].action, actions[0]);
    assert.match(game.history()[0].rng_before.state, /^[0-9a-f]{16}$/);
  } finally {
    game.free();
  }
});

test('chance nodes: outcomes, preview, roll, rollValue, rollSeeded', () => {
  const game = new Game('pg/training', 7);
  try {
    assert.deepEqual(game.chanceOutcomes(), []);
    assert.equal(game.preview(), null);
    game.apply('end_command');
    const actor = game.actor();
    assert.deepEqual(actor.chance, { dice: '1d6' });
    const outcomes = game.chanceOutcomes();
    assert.equal(outcomes.length, 6);
    for (const o of outcomes) assert.deepEqual(o.prob, { num: 1, den: 6 });
    assert.deepEqual(outcomes.map((o) => o.action), game.legalActions());
    const preview = game.preview();
    assert.equal(typeof preview.rule, 'string');
    assert.equal(typeof preview.title, 'string');

    const start = game.stateHash();
    const rolled = game.roll();
    assert.ok(outcomes.some((o) => JSON.stringify(o.action) === JSON.stringify(rolled.action)));
    assert.ok(Array.isArray(rolled.events));
    game.undo();
    assert.equal(game.stateHash(), start);

    const events = game.rollValue(4);
    assert.deepEqual(game.history().at(-1).action, { roll: { spec: '1d6', value: 4 } });
    assert.ok(Array.isArray(events));
    game.undo();

    const a = game.rollSeeded(99);
    game.undo();
    const b = game.rollSeeded(99n);
    assert.deepEqual(a, b);
    game.undo();
    const c = game.rollSeeded(18446744073709551615n);
    assert.ok(c.action.roll);
  } finally {
    game.free();
  }
});

test('state, observation, board, reachable and pathActions', () => {
  const game = new Game('pg/training', 7);
  try {
    const state = game.state();
    assert.equal(typeof state, 'object');
    assert.deepEqual(game.observation(0), state);
    assert.deepEqual(game.observation(1), state);
    const board = game.board();
    assert.equal(board.scheme, 'pg');
    assert.equal(board.orientation, 'flat');
    assert.equal(board.hexes.length, 120);
    assert.ok(board.hexes.every((h) => /^\d{4}$/.test(h.id) && h.terrain.length > 0));
    const p753 = board.pieces.find((p) => p.id === 'trn-p-753');
    assert.equal(p753.hex, '0305');

    // Play on to the Prussian movement phase (the fixture's actions 0..2).
    game.apply('end_command');
    game.rollValue(2);
    game.rollValue(1);
    const movers = board.pieces.filter((p) => p.side === 0 && p.kind !== 'leader');
    let found = null;
    for (const p of movers) {
      const reached = game.reachable(p.id);
      if (reached.length > 0) {
        found = { unit: p.id, reached };
        break;
      }
    }
    assert.ok(found, 'some Prussian unit can move');
    const target = found.reached.at(-1);
    assert.equal(typeof target.cost, 'number');
    assert.equal(target.path.at(-1), target.hex);
    const steps = game.pathActions(found.unit, target.hex);
    assert.equal(steps.length, target.path.length - 1);
    for (const step of steps) game.apply(step);
    const moved = game.board().pieces.find((p) => p.id === found.unit);
    assert.equal(moved.hex, target.hex);
  } finally {
    game.free();
  }
});

test('bots and random play: stepRandom, stepBot, playRandom, playBots, outcome', () => {
  const game = new Game('pg/training', 3);
  try {
    const step = game.stepRandom();
    assert.ok('actor' in step && 'action' in step && Array.isArray(step.events));
    const greedy = game.stepBot('greedy');
    assert.ok('action' in greedy);
    assert.equal(game.outcome(), null);
    assert.equal(game.isTerminal(), false);
    const some = game.playRandom(10);
    assert.equal(some.steps, 10);
    assert.equal(some.outcome, null);
    const played = game.playBots('greedy', 'random', 100000);
    assert.ok(played.outcome);
    assert.match(played.hash, /^[0-9a-f]{16}$/);
    assert.equal(played.hash, game.stateHash());
    assert.equal(game.isTerminal(), true);
    assert.deepEqual(game.outcome(), played.outcome);
    assert.ok('terminal' in game.actor());
    assert.equal(game.stepRandom(), null);
    assert.equal(game.stepBot('greedy'), null);
    assert.deepEqual(game.legalActions(), []);
  } finally {
    game.free();
  }
});

test('save, load, clone and fromScenarioJson', async () => {
  const game = new Game('pg/training', 11n);
  game.playRandom(40);
  const saved = game.save();
  assert.equal(saved.format, 'grognard-game/1');
  const loaded = Game.load(saved);
  const fromText = Game.load(JSON.stringify(saved));
  assert.equal(loaded.stateHash(), game.stateHash());
  assert.equal(fromText.stateHash(), game.stateHash());
  assert.deepEqual(loaded.history(), game.history());

  const copy = game.clone();
  copy.playRandom(5);
  assert.notEqual(copy.stateHash(), game.stateHash());
  assert.equal(loaded.stateHash(), game.stateHash());

  // Seeds past 2^53 survive a save: the saved seed is then a decimal string.
  const big = new Game('pg/training', 2n ** 64n - 1n);
  big.playRandom(10);
  const bigSave = big.save();
  assert.equal(bigSave.game.seed, '18446744073709551615');
  const bigLoaded = Game.load(bigSave);
  assert.equal(bigLoaded.stateHash(), big.stateHash());
  assert.equal(bigLoaded.seed, 2n ** 64n - 1n);
  assert.equal(Game.load(JSON.stringify(bigSave)).stateHash(), big.stateHash());
  big.free();
  bigLoaded.free();

  const { readFile } = await import('node:fs/promises');
  const { root_dir } = await import('./load.mjs');
  const text = await readFile(`${root_dir}/scenarios/pg/scenarios/training.json`, 'utf8');
  const own = Game.fromScenarioJson(text, 11);
  const ownObj = Game.fromScenarioJson(JSON.parse(text), 11);
  const builtin = new Game('pg/training', 11);
  assert.equal(own.stateHash(), builtin.stateHash());
  assert.equal(ownObj.stateHash(), builtin.stateHash());
  own.playRandom(20);
  const again = Game.load(own.save());
  assert.equal(again.stateHash(), own.stateHash());
  assert.equal(typeof own.save().scenario_json, 'string');
  for (const g of [game, loaded, fromText, copy, own, ownObj, builtin, again]) g.free();
});

test('replay and simulate', () => {
  const game = new Game('pg/training', 5);
  game.playRandom(60);
  const actions = game.history().map((h) => h.action);
  const replayed = Game.replay('pg/training', 5, actions);
  assert.equal(replayed.stateHash(), game.stateHash());
  const fromHistory = Game.replay('pg/training', 5n, game.history());
  assert.equal(fromHistory.stateHash(), game.stateHash());
  const fromText = Game.replay('pg/training', 5, JSON.stringify(actions));
  assert.equal(fromText.stateHash(), game.stateHash());
  for (const g of [game, replayed, fromHistory, fromText]) g.free();

  const results = grognard.simulate('pg/training', 2, 100, 'greedy', 'random', 100000);
  assert.equal(results.length, 2);
  assert.deepEqual(results.map((r) => r.seed), [100, 101]);
  for (const r of results) {
    assert.ok(r.outcome);
    assert.match(r.hash, /^[0-9a-f]{16}$/);
    const g = new Game('pg/training', r.seed);
    const played = g.playBots('greedy', 'random', 100000);
    assert.equal(played.hash, r.hash);
    g.free();
  }
  assert.deepEqual(grognard.simulate('pg/training', 0, 1, 'random', 'random', 10), []);
  const far = grognard.simulate('pg/training', 1, 2n ** 60n, 'random', 'random', 5);
  assert.equal(far[0].seed, (2n ** 60n).toString());
});
