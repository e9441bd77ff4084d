// Loads the node build of the wasm package: $GROGNARD_WASM_NODE, or
// ${CARGO_TARGET_DIR:-target}/wasm/node under the repository root (tests/wasm/build.sh makes it).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir =
  process.env.GROGNARD_WASM_NODE ??
  path.resolve(root, process.env.CARGO_TARGET_DIR ?? 'target', 'wasm', 'node');

export const grognard = createRequire(import.meta.url)(path.join(dir, 'grognard_wasm.js'));
export const root_dir = root;

/** Calls `f` and returns the GrognardError it throws (failing when it throws nothing). */
export function thrown(f) {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('expected an error, none was thrown');
}

/** A fingerprint of everything a failed call must leave alone. */
export function fingerprint(game) {
  return JSON.stringify([game.stateHash(), game.history().length, game.actor(), game.actionCount()]);
}
