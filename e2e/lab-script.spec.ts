/*
 * lab-script.spec.ts -- the README's first command, scripts/lab.sh, as a newcomer meets
 * it: when port 4173 is taken it serves on the next free port and says which, it prints
 * the address only once the server answers (so the address it prints opens the lab),
 * --port asks for one port exactly and stops with a clear message when it is taken,
 * and a bad --port is refused before anything is built. LAB_NO_BUILD=1 serves the
 * suite's own build (dist/) instead of setting up and building again.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { repoRoot as root } from './build';
import { expect, test } from './fixtures';

/** Listens on 127.0.0.1:port, or resolves null when something else already does. */
function occupy(port: number): Promise<Server | null> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(null));
    server.listen(port, '127.0.0.1', () => done(server));
  });
}

/** A port nothing listens on, chosen by the system. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/** Starts lab.sh and resolves with what it printed once it prints the address, or exits. */
function startLab(args: string[]): { child: ChildProcess; ready: Promise<{ url: string | null; output: string; code: number | null }> } {
  const child = spawn('bash', ['scripts/lab.sh', ...args], { cwd: root, env: { ...process.env, LAB_NO_BUILD: '1' }, detached: true });
  let output = '';
  const ready = new Promise<{ url: string | null; output: string; code: number | null }>((done) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /StackLab is running at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
      if (match) done({ url: match[1] ?? null, output, code: null });
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.on('exit', (code) => done({ url: null, output, code }));
  });
  return { child, ready };
}

/** Stops lab.sh and the server it started (its process group). */
function stop(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    /* already gone */
  }
}

test.describe('scripts/lab.sh', () => {
  test.describe.configure({ mode: 'serial' });

  test('with 4173 taken it serves on the next free port, says so, and prints an address that opens the lab', async ({ page }) => {
    const blocker = await occupy(4173); // null: the suite's own server has it already
    const { child, ready } = startLab([]);
    try {
      const { url, output } = await ready;
      expect(url, output).not.toBeNull();
      expect(url).not.toBe('http://127.0.0.1:4173/');
      const port = Number(new URL(url!).port);
      expect(output).toContain(`port 4173 is taken, so the lab uses port ${port}`);
      // Printed once the server answers: the address works at once.
      const response = await page.goto(url!);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('button', { name: /^(Play|Pause)$/ })).toBeVisible({ timeout: 30_000 });
    } finally {
      stop(child);
      blocker?.close();
    }
  });

  test('--port serves on that port exactly', async ({ page }) => {
    const port = await freePort();
    const { child, ready } = startLab(['--port', String(port)]);
    try {
      const { url, output } = await ready;
      expect(url, output).toBe(`http://127.0.0.1:${port}/`);
      expect(output).not.toContain('is taken');
      expect((await page.goto(url!))?.status()).toBe(200);
    } finally {
      stop(child);
    }
  });

  test('--port on a taken port stops with a message that says what to do', async () => {
    const port = await freePort();
    const blocker = await occupy(port);
    const { child, ready } = startLab(['--port', String(port)]);
    try {
      const { url, output, code } = await ready;
      expect(url).toBeNull();
      expect(code).toBe(1);
      expect(output).toContain(`port ${port} is taken; free it, or choose another with --port`);
    } finally {
      stop(child);
      blocker?.close();
    }
  });

  test('a bad --port or an unknown option is refused before anything is built', () => {
    for (const [args, words] of [
      [['--port', '99999'], "the port must be a whole number from 1 to 65535, not '99999'"],
      [['--port', 'eighty'], "the port must be a whole number from 1 to 65535, not 'eighty'"],
      [['--port'], '--port needs a number, as in --port 8080'],
      [['--verbose'], "unknown option '--verbose'"],
    ] as const) {
      // Without LAB_NO_BUILD: a refusal must come before set-up and the build.
      const run = spawnSync('bash', ['scripts/lab.sh', ...args], { cwd: root, encoding: 'utf8', timeout: 10_000 });
      expect(run.status, `${args.join(' ')}: ${run.stderr}`).toBe(2);
      expect(run.stderr).toContain(words);
      expect(run.stdout + run.stderr).not.toContain('setup:');
    }
  });
});
