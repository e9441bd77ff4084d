// Bad input of every kind: each call throws a GrognardError with the facade's code (and the
// rule for an illegal action), and the game is exactly as it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { grognard, thrown, fingerprint } from './load.mjs';

const { Game } = grognard;

function isGrognardError(e, code) {
  assert.ok(e instanceof Error, `an Error, got ${e}`);
  assert.equal(e.name, 'GrognardError');
  assert.equal(e.code, code, e.message);
  assert.equal(e.details.error, code);
  assert.equal(typeof e.message, 'string');
  return e;
}

test('creating games: unknown scenario, unknown and unimplemented systems, bad seeds', () => {
  isGrognardError(thrown(() => new Game('pg/nowhere', 1)), 'unknown_scenario');
  // Every system is in this build (hov too): a hov id the library lacks is unknown.
  isGrognardError(thrown(() => new Game('hov/austerlitz', 1)), 'unknown_scenario');
  isGrognardError(thrown(() => new Game(42, 1)), 'bad_json');
  isGrognardError(thrown(() => new Game(undefined, 1)), 'bad_json');
  for (const seed of [-1, 1.5, NaN, Infinity, 2 ** 53, '7', null, undefined, {}, -1n, 2n ** 64n]) {
    const e = isGrognardError(thrown(() => new Game('pg/training', seed)), 'bad_json');
    assert.equal(e.details.what, 'seed');
  }
  // The largest seeds are fine.
  new Game('pg/training', 2 ** 53 - 1).free();
  new Game('pg/training', 2n ** 64n - 1n).free();
  isGrognardError(thrown(() => Game.fromScenarioJson('{"kind": ', 1)), 'data');
  isGrognardError(thrown(() => Game.fromScenarioJson(12, 1)), 'data');
  isGrognardError(thrown(() => Game.fromScenarioJson(undefined, 1)), 'bad_json');
  isGrognardError(thrown(() => Game.load('not json')), 'bad_json');
  isGrognardError(thrown(() => Game.load({ format: 'x' })), 'bad_json');
  isGrognardError(thrown(() => Game.load([1, 2])), 'bad_json');
  isGrognardError(thrown(() => Game.load({ game: 5 })), 'bad_json');
  isGrognardError(thrown(() => Game.load({ game: { seed: 'many' } })), 'bad_json');
  isGrognardError(thrown(() => grognard.simulate('pg/nowhere', 1, 1, 'random', 'random', 5)), 'unknown_scenario');
  isGrognardError(thrown(() => grognard.simulate('pg/training', -1, 1, 'random', 'random', 5)), 'bad_json');
  isGrognardError(thrown(() => grognard.simulate('pg/training', 1, 1, 'nobody', 'random', 5)), 'bad_json');
});

test('a tampered save is refused', () => {
  const game = new Game('pg/training', 2);
  game.playRandom(30);
  const saved = game.save();
  saved.game.state.turn = 5;
  isGrognardError(thrown(() => Game.load(saved)), 'bad_save');
  game.free();
});

test('replay: the first refused action is named', () => {
  const game = new Game('pg/training', 7);
  game.playRandom(10);
  const actions = game.history().map((h) => h.action);
  actions.splice(1, 0, 'end_move');
  const e = isGrognardError(thrown(() => Game.replay('pg/training', 7, actions)), 'illegal');
  assert.match(e.message, /action 1 of the list/);
  isGrognardError(thrown(() => Game.replay('pg/training', 7, '[1,')), 'bad_json');
  isGrognardError(thrown(() => Game.replay('pg/training', 7, 5)), 'bad_json');
  game.free();
});

test('every failing call on a game leaves it unchanged', () => {
  const game = new Game('pg/training', 7);
  const cyclic = {};
  cyclic.self = cyclic;
  const check = (f, code) => {
    const before = fingerprint(game);
    const e = isGrognardError(thrown(f), code);
    assert.equal(fingerprint(game), before, `${code} changed the game`);
    return e;
  };
  // Malformed and mistyped actions.
  check(() => game.apply('{"move": '), 'bad_json');
  check(() => game.apply('no such action'), 'bad_json');
  check(() => game.apply({ move: { piece: { unit: 'x' }, dir: 0, below: false } }), 'bad_json');
  check(() => game.apply(cyclic), 'bad_json');
  check(() => game.apply(undefined), 'bad_json');
  check(() => game.apply(() => 1), 'bad_json');
  check(() => game.apply(12n), 'bad_json');
  // An illegal action carries its rule number.
  const e = check(() => game.apply('end_phase'), 'illegal');
  assert.equal(e.rule, '4.4');
  assert.equal(e.details.rule, '4.4');
  // Indices.
  const oob = check(() => game.applyIndex(game.actionCount()), 'index_out_of_range');
  assert.equal(oob.details.count, game.actionCount());
  check(() => game.applyIndex(2 ** 40), 'index_out_of_range');
  check(() => game.applyIndex(-1), 'bad_json');
  check(() => game.applyIndex(0.5), 'bad_json');
  check(() => game.applyIndex('0'), 'bad_json');
  // Sides.
  assert.equal(check(() => game.observation(2), 'bad_side').details.side, 2);
  check(() => game.observation(-1), 'bad_json');
  check(() => game.observation('0'), 'bad_json');
  // Dice when none are due, and out-of-range dice.
  check(() => game.roll(), 'illegal');
  check(() => game.rollValue(3), 'illegal');
  check(() => game.rollSeeded(1), 'illegal');
  check(() => game.rollSeeded(-5), 'bad_json');
  game.apply('end_command');
  check(() => game.rollValue(7), 'illegal');
  check(() => game.rollValue(0), 'illegal');
  check(() => game.rollValue(1.5), 'bad_json');
  // Units and hexes.
  assert.equal(check(() => game.reachable('trn-x'), 'illegal').rule, 'engine');
  check(() => game.reachable(3), 'bad_json');
  check(() => game.pathActions('trn-p-753', '9999'), 'illegal');
  check(() => game.pathActions('trn-p-753', 'abc'), 'illegal');
  check(() => game.pathActions('trn-p-753'), 'bad_json');
  // Bots and step counts.
  check(() => game.stepBot('nobody'), 'bad_json');
  check(() => game.playBots('greedy', 'nobody', 10), 'bad_json');
  check(() => game.playRandom(-3), 'bad_json');
  check(() => game.playRandom('all'), 'bad_json');
  // Still playable afterwards.
  game.roll();
  game.free();
});

test('use after free() throws and nothing crashes', () => {
  const game = new Game('pg/training', 1);
  game.free();
  for (const f of [() => game.actor(), () => game.apply('end_command'), () => game.stateHash(), () => game.clone()]) {
    assert.throws(f, Error);
  }
  // The module keeps working.
  const other = new Game('pg/training', 1);
  assert.equal(other.actor().player, 0);
  other.free();
});
