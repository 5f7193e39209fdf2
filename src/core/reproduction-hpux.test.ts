/*
 * reproduction-hpux.test.ts -- the published figures of "HP-UX Release 9.0 Networking
 * Performance Enhancements" (Jones and Greer, Hewlett-Packard, 1992; source 003) that
 * the seeds README names, run headless on the wasm core from the named presets:
 *  V13: copy avoidance, 32 KB SO_SNDBUF, 4 KB sends, the application writing each buffer
 *       before sending it: the sender's CPU use drops sharply from 8 to 9 buffers, the
 *       step at exactly 9 (and, by the same rule, SO_SNDBUF / send size + 1 = 17 for 64 KB);
 *  V14: loopback with checksum offload: 28 -> 48 Mb/s (+71%), band +55% to +85%.
 */
import { describe, expect, it } from 'vitest';
import { readSchema, runScenario, validateScenario } from './index.js';
import { loadCoreFromDisk } from './node.js';
import { readPreset } from './presets.js';
import type { HpuxReport, Report } from './report.js';
import type { ScenarioValues } from './scenario.js';

const core = await loadCoreFromDisk();
const schema = readSchema(core);

function run(name: string, overrides: ScenarioValues = {}): HpuxReport {
  const values = { ...validateScenario(schema, readPreset(name)).values, ...overrides };
  const report = JSON.parse(runScenario(core, values)) as Report;
  if (!report.hpux) throw new Error(`${name}: the report has no hpux section`);
  return report.hpux;
}

/** Short runs for the sweeps: 0.3 s simulated after 50 ms of warm-up. */
const short = { 'sim.duration_ns': 3e8, 'sim.warmup_ns': 5e7 };

describe('V13: the number of send buffers, copy avoidance and a write before each send', () => {
  const eight = run('hpux-cow-8-buffers');
  const nine = run('hpux-cow-9-buffers');

  it('with 8 buffers every send writes a page the transport still holds: a copy is forced', () => {
    expect(eight.send_copy_avoidance).toBe(true);
    expect(eight.forced_copies_pct).toBeGreaterThan(99);
  });

  it("with 9 (SO_SNDBUF / send size + 1) no copy is forced, and the sender's CPU drops sharply", () => {
    expect(nine.forced_copies_pct).toBe(0);
    expect(nine.sender_cpu_pct).toBeLessThan(0.6 * eight.sender_cpu_pct);
    // the throughput is the same: the sender was never the bottleneck
    expect(Math.abs(nine.throughput_mbps - eight.throughput_mbps)).toBeLessThan(0.02 * eight.throughput_mbps);
  });

  /** The sender's CPU at each number of buffers from 1 to `to`. */
  function sweep(to: number, overrides: ScenarioValues = {}): HpuxReport[] {
    return Array.from({ length: to }, (_, i) => run('hpux-cow-8-buffers', { ...short, ...overrides, 'hpux.send_buffers': i + 1 }));
  }

  it('the step is at exactly 9: flat below it, flat above it, one drop between 8 and 9', () => {
    const reports = sweep(12);
    const cpu = reports.map((r) => r.sender_cpu_pct);
    const drops = cpu.slice(1).map((c, i) => cpu[i]! - c);
    const biggest = drops.indexOf(Math.max(...drops)) + 2; // the buffer count the CPU dropped to
    expect(biggest).toBe(9);
    for (const [i, drop] of drops.entries()) if (i + 2 !== 9) expect(Math.abs(drop)).toBeLessThan(2);
    expect(reports.findIndex((r) => r.forced_copies_pct === 0) + 1).toBe(9);
  });

  it('the rule holds for another socket buffer: 64 KB and 4 KB sends step at 17', () => {
    const sixteen = run('hpux-cow-8-buffers', { ...short, 'hpux.so_sndbuf': 65536, 'hpux.send_buffers': 16 });
    const seventeen = run('hpux-cow-8-buffers', { ...short, 'hpux.so_sndbuf': 65536, 'hpux.send_buffers': 17 });
    expect(sixteen.forced_copies_pct).toBeGreaterThan(99);
    expect(seventeen.forced_copies_pct).toBe(0);
  });
});

describe('V14: loopback with checksum offload, 28 -> 48 Mb/s (+71%, band +55% to +85%)', () => {
  const lan0 = run('hpux-loopback-lan0');
  const lo0 = run('hpux-loopback-lo0');
  it('lo0 offloads the checksum, lan0 does not; both keep the one CPU busy', () => {
    expect(lo0.checksum_offload).toBe(true);
    expect(lan0.checksum_offload).toBe(false);
    expect(lan0.per_send_bytes.checksum).toBe(4096);
    expect(lo0.per_send_bytes.checksum).toBe(0);
    expect(lan0.sender_cpu_pct).toBeGreaterThan(99);
    expect(lo0.sender_cpu_pct).toBeGreaterThan(99);
  });
  it('the host route to 127.0.0.1 raises loopback throughput by 55% to 85%', () => {
    const gain = lo0.throughput_mbps / lan0.throughput_mbps - 1;
    expect(gain).toBeGreaterThanOrEqual(0.55);
    expect(gain).toBeLessThanOrEqual(0.85);
  });
});
