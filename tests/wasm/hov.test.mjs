// The Habit of Victory through the wasm package: its three Battle Scenarios (§221–§223)
// listed, a greedy game to its result (§212–§214), the readable log, and what each side's
// observation hides (¶20: the enemy's strengths; ¶21: face-down leaders).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { grognard } from './load.mjs';

const { Game } = grognard;
const BATTLES = ['hov/pultusk-golymin', 'hov/eylau', 'hov/friedland'];

test('hov battle scenarios are listed and implemented', () => {
  const listed = grognard.scenarios().filter((s) => s.system === 'hov');
  for (const id of BATTLES) {
    assert.equal(listed.find((s) => s.id === id).implemented, true, id);
  }
});

test('each battle scenario plays to its result and reloads', () => {
  for (const id of BATTLES) {
    const game = new Game(id, 1);
    try {
      const result = game.playBots('greedy', 'random', 200000);
      assert.ok(result.outcome && result.outcome.level.length > 0, id);
      assert.ok(game.isTerminal());
      const back = Game.load(game.save());
      assert.equal(back.stateHash(), game.stateHash());
      back.free();
    } finally {
      game.free();
    }
  }
});

test('the log names leaders and the observation hides enemy strengths', () => {
  const game = new Game('hov/eylau', 1);
  try {
    const texts = [];
    while (texts.length < 200) {
      const step = game.stepBot('greedy');
      assert.ok(step);
      for (const e of step.events) texts.push(e.text);
    }
    assert.ok(texts.some((t) => t.includes('[F-')), texts.join('\n'));
    const state = game.state();
    const obs = [game.observation(0), game.observation(1)];
    state.units.forEach((u, i) => {
      const seen = [obs[0].units[i].sp, obs[1].units[i].sp];
      assert.ok(seen.includes(0) || u.sp === 0, `unit ${i}`);
    });
    assert.ok(obs[0].unknown.length > 0 && obs[1].unknown.length > 0);
  } finally {
    game.free();
  }
});

test('an action of the other side is refused and changes nothing', () => {
  const game = new Game('hov/eylau', 1);
  try {
    // Play on to the French Movement Command Segment (¶45), where a command is a decision.
    for (let i = 0; i < 200 && !game.legalActions().some((a) => typeof a === 'object' && a !== null && 'command' in a); i++) game.stepRandom();
    const before = game.stateHash();
    assert.throws(() => game.apply({ command: { leader: 24, parts: [] } }), (e) => {
      assert.equal(e.code, 'illegal');
      assert.match(e.message, /¶88/);
      return true;
    });
    assert.equal(game.stateHash(), before);
  } finally {
    game.free();
  }
});
