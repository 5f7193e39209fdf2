#!/usr/bin/env node
// The stacklab command: builds what is missing, then runs the compiled CLI (dist-cli/).
import { pathToFileURL } from 'node:url';
import { BuildError, cliEntry, ensureBuilt } from '../scripts/ensure-built.mjs';

try {
  ensureBuilt();
} catch (error) {
  if (!(error instanceof BuildError)) throw error;
  process.stderr.write(`stacklab: ${error.message}\n`);
  process.exit(1);
}
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0); // the reader went away (| head)
  throw error;
});
const { main } = await import(pathToFileURL(cliEntry).href);
process.exitCode = await main(process.argv.slice(2));
