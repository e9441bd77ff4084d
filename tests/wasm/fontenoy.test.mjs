// The Battle of Fontenoy through the wasm package: its options (F-5 to F-7 and the scenarios'
// variants) listed and chosen, the board's multi-hex formations and facing (8.1, 9.1), and a
// greedy bot game to its result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { grognard } from './load.mjs';

const { Game } = grognard;

test('fontenoy scenarios list their options with rule numbers', () => {
  const battle = grognard.scenarios().find((s) => s.id === 'fontenoy/battle');
  assert.equal(battle.implemented, true);
  const sunken = battle.options.find((o) => o.id === '5.5');
  assert.equal(sunken.default, false);
  assert.ok(sunken.rules.includes('5.5'));
});

test('Game.withOptions chooses options and the save keeps them', () => {
  const game = Game.withOptions('fontenoy/battle', { '5.5': true }, 3);
  try {
    const saved = game.save();
    assert.deepEqual(JSON.parse(saved.scenario_json).rules.options, { '5.5': true });
    const back = Game.load(saved);
    assert.equal(back.stateHash(), game.stateHash());
    back.free();
  } finally {
    game.free();
  }
  assert.throws(() => Game.withOptions('fontenoy/ingoldsby', { '5.5': true }, 1), (e) => {
    assert.equal(e.code, 'bad_json');
    assert.match(e.message, /5\.5/);
    return true;
  });
});

test('the board draws formations with their hexes and facing', () => {
  const game = new Game('fontenoy/english-attack', 5);
  try {
    while (game.state().phase === 'set_up') game.stepRandom();
    const onMap = game.board().pieces.filter((p) => p.status === 'on_map');
    assert.ok(onMap.length > 0);
    assert.ok(onMap.every((p) => p.facing >= 0 && p.facing < 12));
    const multi = onMap.filter((p) => p.hexes);
    assert.ok(multi.length > 0);
    assert.ok(multi.every((p) => p.hexes[0] === p.hex && p.hexes.length >= 2));
  } finally {
    game.free();
  }
});

test('greedy bots play Ingoldsby\'s Attack to a result', () => {
  const game = new Game('fontenoy/ingoldsby', 1);
  try {
    const result = game.playBots('greedy', 'greedy', 200000);
    assert.ok(result.outcome && result.outcome.level.length > 0);
  } finally {
    game.free();
  }
});
