// Games from a position (docs/json.md, "Positions"): Game.fromState.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { grognard, thrown } from './load.mjs';

const { Game } = grognard;

function played(scenario, seed, steps) {
  const game = new Game(scenario, seed);
  for (let i = 0; i < steps && game.stepRandom() !== null; i++);
  return game;
}

test('fromState: the state of play round-trips with an empty history, as object or text', () => {
  for (const scenario of ['pg/rossbach', 'nbs/austerlitz-1']) {
    const game = played(scenario, 3, 80);
    const state = game.state();
    for (const given of [state, JSON.stringify(state)]) {
      const from = Game.fromState(scenario, given, 9);
      assert.equal(from.stateHash(), game.stateHash());
      assert.deepEqual(from.history(), []);
      from.stepRandom();
      const back = Game.load(from.save());
      assert.equal(back.stateHash(), from.stateHash());
      back.free();
      from.free();
    }
    game.free();
  }
});

test('fromState: refusals name the field and the rule', () => {
  const game = played('pg/rossbach', 2, 60);
  const state = game.state();
  const e = thrown(() => Game.fromState('pg/rossbach', { ...state, turn: 99 }, 1));
  assert.equal(e.code, 'bad_position', e.message);
  assert.equal(e.details.path, 'turn');
  assert.equal(e.details.rule, '3.0');
  const unknown = structuredClone(state);
  unknown.units[2].colour = 'blue';
  const j = thrown(() => Game.fromState('pg/rossbach', unknown, 1));
  assert.equal(j.code, 'bad_json', j.message);
  assert.equal(j.details.path, 'units[2].colour');
  game.free();
});
