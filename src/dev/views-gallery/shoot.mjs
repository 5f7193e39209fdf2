// shoot.mjs -- DEV ONLY: serves the views gallery with Vite on port 5190 (GALLERY_PORT), screenshots
// every view in both themes into /tmp/shots/views-<view>-<theme>.png, prints console
// errors, and measures timeline frame times while zooming a 100,000+ segment trace.
// Usage: flock /tmp/e2e.lock node src/dev/views-gallery/shoot.mjs [view ...]
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { AxeBuilder } from '@axe-core/playwright';
import { build, createServer, preview } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const out = '/tmp/shots';
mkdirSync(out, { recursive: true });
const views = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const all = [
  'cpu-grid',
  'lock',
  'krp-queue',
  'modes',
  'timeline',
  'lock-table',
  'scaling',
  'herd',
  'cache-lines',
  'numa-topology',
  'numa-traffic',
  'numa-spinlock',
  'monitor-modes',
  'net-latency',
  'net-size-curve',
  'net-livelock',
  'net-stack-lock',
  'hpux-journey',
  'hpux-buffers',
  'hpux-curves',
];
const port = Number(process.env.GALLERY_PORT ?? 5190); // another checkout's shoot may hold 5190

// --prod: measure a production build of the gallery (built to /tmp, never to dist/)
const prod = process.argv.includes('--prod');
let server;
if (prod) {
  const outDir = '/tmp/stacklab-views-gallery';
  await build({
    root,
    logLevel: 'error',
    base: '/',
    build: { outDir, emptyOutDir: true, rollupOptions: { input: join(root, 'src/dev/views-gallery/index.html') } },
  });
  server = await preview({ root, logLevel: 'error', build: { outDir }, preview: { port, strictPort: true, host: '127.0.0.1' } });
} else {
  server = await createServer({ root, logLevel: 'error', server: { port, strictPort: true, host: '127.0.0.1' } });
  await server.listen();
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
let failures = 0;
try {
  for (const kernel of process.argv.includes('--live') ? ['classic', 'scalable'] : []) {
    // every view animating a live 64-CPU run (the core runs in the page here, so this
    // is an upper bound: in the lab the core runs in a worker)
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    const errors = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`http://127.0.0.1:${port}/src/dev/views-gallery/index.html?live=1&cpus=64&step=20000&kernel=${kernel}`);
    await page.waitForSelector('[data-view="timeline"]', { timeout: 60_000 });
    const stats = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const frames = [];
          const long = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) long.push(e.duration);
          }).observe({ type: 'longtask', buffered: false });
          let last = performance.now();
          const loop = (now) => {
            frames.push(now - last);
            last = now;
            if (frames.length < 240) requestAnimationFrame(loop);
            else resolve({ frames, long, core: window.__coreMs ?? [] });
          };
          requestAnimationFrame(loop);
        }),
    );
    const f = stats.frames.slice(2).sort((a, b) => a - b);
    const q = (p) => f[Math.min(f.length - 1, Math.floor(p * f.length))].toFixed(1);
    console.log(
      `live ${kernel} 64 CPUs, all views${prod ? ' (production build)' : ' (dev build)'}: frame ms p50 ${q(0.5)} p95 ${q(0.95)} max ${q(1)}; long tasks ${stats.long.length} (max ${Math.max(0, ...stats.long).toFixed(0)} ms)`,
    );
    const c = stats.core.slice(5).sort((a, b) => a - b);
    console.log(
      `  of which the core in the page: p50 ${c[Math.floor(c.length / 2)].toFixed(1)} ms p95 ${c[Math.floor(c.length * 0.95)].toFixed(1)} ms`,
    );
    // the views alone: React commit time per frame, from a Profiler-free measure
    const render = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const out = [];
          const obs = new PerformanceObserver((list) => {
            for (const e of list.getEntries()) out.push(e.duration);
          });
          obs.observe({ type: 'measure' });
          setTimeout(() => {
            obs.disconnect();
            resolve(out);
          }, 2000);
        }),
    );
    if (render.length) console.log(`  measures: ${render.length}`);
    await page.screenshot({ path: join(out, `views-live-64-${kernel}.png`), fullPage: true });
    if (errors.length) console.log(`  ${errors.join('\n  ')}`);
    await context.close();
  }
  for (const theme of process.argv.includes('--live') ? [] : ['light', 'projector']) {
    for (const view of views.length ? views : all) {
      const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, deviceScaleFactor: 1 });
      const page = await context.newPage();
      const errors = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
      await page.goto(
        `http://127.0.0.1:${port}/src/dev/views-gallery/index.html?view=${view}&theme=${theme}${view === 'herd' || view === 'cache-lines' ? '&frame=6' : ''}`,
      );
      await page.waitForSelector(`[data-gallery="${view}"] figure`, { timeout: 60_000 });
      if (view === 'timeline')
        await page.waitForFunction(() => document.querySelectorAll('[data-view="timeline"]').length >= 2, null, { timeout: 120_000 });
      await page.waitForTimeout(600);
      const file = join(out, `views-${view}-${theme}.png`);
      await page.locator(`[data-gallery="${view}"]`).screenshot({ path: file });
      const axe = await new AxeBuilder({ page }).include(`[data-gallery="${view}"]`).analyze();
      const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      for (const v of serious) errors.push(`axe ${v.impact}: ${v.id} (${v.nodes.length}) ${v.help}`);
      console.log(`${file}${errors.length ? `\n  ${errors.join('\n  ')}` : ''}`);
      failures += errors.length;
      if (view === 'timeline' && theme === 'light') {
        // frame times while zooming and panning the long trace with the wheel
        const canvas = page.locator('[data-view="timeline"] canvas').first();
        const box = await canvas.boundingBox();
        await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
        await page.evaluate(() => {
          window.__frames = [];
          let last = performance.now();
          const loop = (now) => {
            window.__frames.push(now - last);
            last = now;
            if (window.__frames.length < 400) requestAnimationFrame(loop);
          };
          requestAnimationFrame(loop);
        });
        for (let i = 0; i < 60; i++) {
          await page.mouse.wheel(0, i < 30 ? 120 : -60);
          await page.waitForTimeout(16);
        }
        for (let i = 0; i < 40; i++) {
          await page.mouse.wheel(300, 0);
          await page.waitForTimeout(16);
        }
        const frames = await page.evaluate(() => window.__frames.slice(2));
        frames.sort((a, b) => a - b);
        const p = (q) => frames[Math.min(frames.length - 1, Math.floor(q * frames.length))].toFixed(1);
        const segs = await page.locator('[data-view="timeline"] .slv-headline').first().textContent();
        console.log(`  timeline (${segs}): frame ms p50 ${p(0.5)} p95 ${p(0.95)} max ${p(1)} over ${frames.length} frames`);
        await page.locator(`[data-gallery="${view}"]`).screenshot({ path: join(out, `views-timeline-zoomed-${theme}.png`) });
        // keyboard: focus the canvas, pick CPU 2, step to the next event, zoom in
        await canvas.focus();
        for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', ']', ']', '+']) await page.keyboard.press(key);
        const said = await page.locator('[data-view="timeline"] [aria-live="polite"]').first().textContent();
        console.log(`  keyboard: "${said}"`);
        await page.locator(`[data-gallery="${view}"]`).screenshot({ path: join(out, `views-timeline-keyboard-${theme}.png`) });
        await page.keyboard.press('End');
        // hover tooltip
        await page.mouse.move(box.x + box.width * 0.5, box.y + 30 + 22 * 5 + 5);
        await page.waitForTimeout(200);
        await page
          .locator('[data-view="timeline"]')
          .first()
          .screenshot({ path: join(out, 'views-timeline-hover-light.png') });
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  if (server.close) await server.close();
  else server.httpServer.close();
}
process.exitCode = failures ? 1 : 0;
