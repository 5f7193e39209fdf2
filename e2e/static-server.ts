/*
 * static-server.ts -- a small static file server for specs that must serve files the way
 * a real host does: a folder under a sub-path (https://user.github.io/project/), with
 * real MIME types (application/wasm for the core). Listens on a free port on 127.0.0.1.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

export interface Mount {
  prefix: string;
  dir: string;
}

export interface StaticServer {
  url: string;
  server: Server;
  close: () => Promise<void>;
  /** Paths answered with 404. */ misses: string[];
}

/** Serves each mount's folder under its prefix ("/project/"), with `headers` on every file; anything else is a 404. On port `wanted`, or one the system chooses (0); rejects when `wanted` is taken. */
export async function serveStatic(
  mounts: Mount[],
  host = '127.0.0.1',
  headers: Record<string, string> = {},
  wanted = 0,
): Promise<StaticServer> {
  const misses: string[] = [];
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const mount = mounts.find((m) => path.startsWith(m.prefix));
    if (!mount) {
      misses.push(path);
      response.writeHead(404).end('not found');
      return;
    }
    let file = normalize(join(mount.dir, path.slice(mount.prefix.length)));
    if (!file.startsWith(normalize(mount.dir) + sep) && file !== normalize(mount.dir)) {
      response.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file) && existsSync(`${file}.html`)) file = `${file}.html`;
    if (!existsSync(file)) {
      misses.push(path);
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { ...headers, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(wanted, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    server,
    misses,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
