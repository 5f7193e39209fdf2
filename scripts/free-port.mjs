/*
 * free-port.mjs -- ports on 127.0.0.1, asked of the system, for the scripts that start a
 * server (lab.sh, test-all.sh) and the Playwright config.
 *
 *   node scripts/free-port.mjs         prints a port nothing listens on
 *   node scripts/free-port.mjs PORT    exits 0 when nothing listens on PORT, 1 when taken
 */
import { createServer } from 'node:net';

const wanted = process.argv[2];
const server = createServer();
server.once('error', () => process.exit(1));
server.listen(wanted === undefined ? 0 : Number(wanted), '127.0.0.1', () => {
  if (wanted === undefined) process.stdout.write(`${server.address().port}\n`);
  server.close(() => process.exit(0));
});
