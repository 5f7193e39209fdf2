/*
 * Reproductions from "The OpenOnload User-level Network Stack", Pope and Riddoch
 * (Solarflare), a talk (../shared/seeds/README.md, V8-V12), run headless on the wasm
 * core. Parameters and their reasons: lessons/scenarios/README.md (OpenOnload).
 */
import { describe, expect, it } from 'vitest';
import { readSchema, runScenario, validateScenario } from './index.js';
import { loadCoreFromDisk } from './node.js';
import { readPreset } from './presets.js';
import type { NetReport, Report } from './report.js';
import type { ScenarioValues } from './scenario.js';

const core = await loadCoreFromDisk();
const schema = readSchema(core);

function run(name: string, overrides: ScenarioValues = {}): NetReport {
  const values = { ...validateScenario(schema, readPreset(name)).values, ...overrides };
  const report = JSON.parse(runScenario(core, values)) as Report;
  if (!report.net) throw new Error(`${name}: the report has no net section`);
  return report.net;
}

/** Within a relative band around the published figure. */
function near(value: number, published: number, band: number): void {
  expect(value).toBeGreaterThanOrEqual(published * (1 - band));
  expect(value).toBeLessThanOrEqual(published * (1 + band));
}

const bandwidth = (net: NetReport) => (8 * net.message_bytes) / net.half_rtt_ns; // Gb/s

describe('V8: half round trip, hardware alone, kernel and Onload (each within 10%)', () => {
  const vnic = run('onload-pingpong-vnic');
  const kernel = run('onload-pingpong-kernel');
  const onload = run('onload-pingpong-onload');
  it('hardware alone (the raw virtual NIC): 4.2 us', () => near(vnic.half_rtt_ns, 4200, 0.1));
  it('the kernel stack: 11.2 us', () => near(kernel.half_rtt_ns, 11200, 0.1));
  it('Onload: about half the kernel', () => near(onload.half_rtt_ns, kernel.half_rtt_ns / 2, 0.1));
  it('CPU per send and receive (half round trip less the hardware): 7 us kernel, 1.1 us Onload', () => {
    near(kernel.half_rtt_ns - vnic.half_rtt_ns, 7000, 0.1);
    near(onload.half_rtt_ns - vnic.half_rtt_ns, 1100, 0.1);
  });
  it('the breakdown adds up to the half round trip, and its wire part is the hardware', () => {
    for (const net of [vnic, kernel, onload]) {
      const sum = Object.values(net.breakdown_ns).reduce((a, b) => a + b, 0);
      near(sum, net.half_rtt_ns, 0.01);
      near(net.breakdown_ns.wire, vnic.half_rtt_ns, 0.01);
    }
  });
});

describe('V9: interrupt moderation, latency against bandwidth', () => {
  const small = { 'net.message_bytes': 32 };
  const large = { 'net.message_bytes': 1048576, 'sim.duration_ns': 40e6, 'sim.warmup_ns': 4e6 };
  it('with moderation (60 us) small messages take far longer than without (about 12 us)', () => {
    const off = run('onload-pingpong-kernel', small);
    const on = run('onload-moderation', small);
    near(off.half_rtt_ns, 12000, 0.1);
    expect(on.half_rtt_ns).toBeGreaterThan(2 * off.half_rtt_ns);
  });
  it('the curves cross: moderation wins bandwidth at large messages, loses it at small', () => {
    expect(bandwidth(run('onload-moderation', large))).toBeGreaterThan(bandwidth(run('onload-pingpong-kernel', large)));
    expect(bandwidth(run('onload-moderation', small))).toBeLessThan(bandwidth(run('onload-pingpong-kernel', small)));
  });
});

describe('V10: UDP send, messages per second (within 15%)', () => {
  it('one sender: the kernel about 0.5 M, Onload four times that', () => {
    const kernel = run('onload-udp-send-kernel');
    const onload = run('onload-udp-send-onload');
    near(kernel.sent_per_s, 0.5e6, 0.15);
    near(onload.sent_per_s, 4 * 0.5e6, 0.15);
  });
  it('two Onload senders approach the NIC limit of 4 M', () => {
    const two = run('onload-udp-send-onload', { 'net.senders': 2 });
    near(two.sent_per_s, 4e6, 0.15);
    expect(two.sent_per_s).toBeLessThanOrEqual(4e6 * 1.001);
  });
});

describe('V11: UDP receive on one core, delivered against offered load', () => {
  const offered = [250e3, 500e3, 600e3, 750e3, 1e6, 1.5e6, 2e6, 2.5e6, 3e6];
  const curve = (preset: string) => offered.map((pps) => run(preset, { 'net.offered_pps': pps }).delivered_per_s);
  it('the kernel peaks at 500-650 k pps and falls by at least 40% by 3 M pps (receive livelock)', () => {
    const delivered = curve('onload-udp-receive-kernel');
    const peak = Math.max(...delivered);
    expect(peak).toBeGreaterThanOrEqual(500e3);
    expect(peak).toBeLessThanOrEqual(650e3);
    expect(delivered[delivered.length - 1]).toBeLessThanOrEqual(0.6 * peak);
  });
  it('a polled stack holds a plateau', () => {
    const delivered = curve('onload-udp-receive-onload');
    const peak = Math.max(...delivered);
    expect(delivered[delivered.length - 1]).toBeGreaterThanOrEqual(0.95 * peak);
    expect(peak).toBeGreaterThan(1e6);
  });
});

describe('V12: TCP stream bandwidth against message size (within 15%)', () => {
  const gbps = (preset: string, bytes: number) => run(preset, { 'net.message_bytes': bytes }).goodput_bits_per_s / 1e9;
  it('both saturate 9.4 Gb/s at large messages', () => {
    near(gbps('onload-tcp-stream-kernel', 65536), 9.4, 0.15);
    near(gbps('onload-tcp-stream-onload', 65536), 9.4, 0.15);
  });
  it('Onload about twice the kernel at small messages', () => {
    near(gbps('onload-tcp-stream-onload', 64) / gbps('onload-tcp-stream-kernel', 64), 2, 0.15);
  });
});
