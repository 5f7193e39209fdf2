// Vitest global setup: the tests run the real core (wasm and native) and the built CLI.
import { ensureBuilt } from './ensure-built.mjs';

export default function setup() {
  ensureBuilt({ refreshCore: true });
}
