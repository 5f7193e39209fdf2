/*
 * src/cores/node-worker.ts -- a Node worker_thread of "Your own cores" (issue 41): the
 * file src/cores/node-host.ts starts, which answers each message with
 * thread-main.ts's reply, as a browser's module Worker does.
 */
import { parentPort } from 'node:worker_threads';
import { handleThreadMessage } from './thread-main.js';

const port = parentPort;
if (!port) throw new Error('node-worker.js runs as a worker thread (src/cores/node-host.ts starts it)');
port.on('message', (message: unknown) => port.postMessage(handleThreadMessage(message)));
