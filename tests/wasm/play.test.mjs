// Whole games: Prussia's Glory to the end through the JS API, and the cross-language fixture.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { grognard, root_dir } from './load.mjs';

const { Game } = grognard;

test('a complete Prussia\'s Glory game, one call at a time', () => {
  const game = new Game('pg/training', 21);
  let steps = 0;
  while (!game.isTerminal()) {
    assert.ok(steps < 100000, 'the game ends');
    const actor = game.actor();
    if ('chance' in actor) {
      const outcomes = game.chanceOutcomes();
      const total = outcomes.reduce((sum, o) => sum + o.prob.num / o.prob.den, 0);
      assert.ok(Math.abs(total - 1) < 1e-9);
      game.roll();
    } else {
      const count = game.actionCount();
      assert.ok(count > 0);
      game.applyIndex((steps * 7919) % count);
    }
    steps += 1;
  }
  const outcome = game.outcome();
  assert.ok(outcome.winner === 0 || outcome.winner === 1 || outcome.winner === null);
  assert.equal(typeof outcome.level, 'string');
  assert.equal(game.history().length, steps);
  // The saved game replays to the same end.
  const again = Game.load(game.save());
  assert.equal(again.stateHash(), game.stateHash());
  assert.deepEqual(again.outcome(), outcome);
  again.free();
  game.free();
});

test('cross-language fixture: pg/training seed 7 replays to its hash', async () => {
  const fixture = JSON.parse(
    await readFile(`${root_dir}/tests/fixtures/cross/pg-training.json`, 'utf8'),
  );
  const game = Game.replay(fixture.scenario, fixture.seed, fixture.actions);
  assert.equal(game.stateHash(), fixture.hash);
  assert.deepEqual(game.outcome(), fixture.outcome);
  assert.equal(game.history().length, fixture.steps);
  // Random play with the same seed is the same game.
  const random = new Game(fixture.scenario, BigInt(fixture.seed));
  random.playRandom(100000);
  assert.equal(random.stateHash(), fixture.hash);
  game.free();
  random.free();
});
