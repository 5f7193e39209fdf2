// make-net-fixtures.mjs -- DEV ONLY: writes src/views/fixtures/net-hand-made.json, the
// HAND-MADE fixtures of the four network stack views (kernel "onload"). They are not
// runs of the core (the core's onload kernel is built elsewhere): plausible figures in
// the report's shape (src/core/report.ts, NetReport), for the views' tests and gallery
// until make-fixtures.mjs can write real ones.
// Usage: node src/dev/views-fixtures/make-net-fixtures.mjs
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const modes = (user, kernel, interrupt, spin, idle) => ({ user, kernel, fork: 0, spin, interrupt, cswitch: 0, idle });

function report(name, net, scenarioNet, hostModes) {
  const cpus = 4;
  const scenario = {
    kernel: { kind: 'onload' },
    machine: { cpus },
    net: {
      test: net.test,
      stack: net.stack,
      message_bytes: net.message_bytes,
      offered_pps: 0,
      moderation_ns: 0,
      spin_ns: 0,
      senders: 1,
      stacks: 'per_process',
      prequeue: 'on',
      ...scenarioNet,
    },
    sim: { duration_ns: 100_000_000, warmup_ns: 20_000_000, seed: 1 },
  };
  const full = {
    cpus_per_host: cpus,
    packets_per_message: 1,
    round_trips: 0,
    half_rtt_ns: 0,
    breakdown_ns: { send: 0, wire: 0, notify: 0, stack: 0, wake: 0, receive: 0 },
    offered_per_s: 0,
    sent_per_s: 0,
    delivered_per_s: 0,
    goodput_bits_per_s: 0,
    link_busy_pct: 0,
    ring_drops_per_s: 0,
    socket_drops_per_s: 0,
    interrupts_per_s: 0,
    stack_polls_per_s: 0,
    watchdog_per_s: 0,
    wakeups_per_s: 0,
    cpu_per_message_ns: 0,
    host_a_modes_pct: hostModes,
    rx_ring_capacity: 512,
    rx_ring_mean_fill: 0,
    socket_capacity: 256,
    socket_mean_len: 0,
    stack_lock: {
      acquisitions_per_s: 0,
      contended_per_s: 0,
      prequeued_per_s: 0,
      deferred_per_s: 0,
      sleeps_per_s: 0,
      hold_pct: 0,
      prequeue_mean_len: 0,
    },
    ...net,
  };
  return [
    name,
    {
      scenario,
      kernel: 'onload',
      simulated_ns: 100_000_000,
      window_ns: 80_000_000,
      events: 0,
      mpsynch_pct: 0,
      mpsynch_cpus: 0,
      modes_pct: hostModes,
      cpus: [],
      locks: [],
      hold_pct_all_locks: 0,
      spin_pct_all_locks: 0,
      locks_per_s: 0,
      iolock8_hold_pct: 0,
      queues: [],
      designated_cpu: -1,
      designated_cpu_busy_pct: 0,
      forks_per_s: 0,
      throughput: {
        transmit_packets_per_s: full.sent_per_s,
        received_packets_per_s: full.delivered_per_s,
        buffered_io_per_s: 0,
        transactions_per_min: 0,
      },
      txn_response_ns: 0,
      rx_dropped: 0,
      trace_dropped: 0,
      net: full,
    },
  ];
}

// Ping-pong, 64-byte messages: the kernel stack takes an interrupt and wakes the
// blocked receiver; Onload spins in user space and polls the ring.
const kernelPing = { send: 1600, wire: 2400, notify: 2000, stack: 1900, wake: 2300, receive: 1000 };
const onloadPing = { send: 550, wire: 2400, notify: 450, stack: 1100, wake: 350, receive: 450 };
const sum = (b) => Object.values(b).reduce((a, v) => a + v, 0);

const reports = Object.fromEntries([
  report(
    'pingpong-kernel',
    {
      test: 'pingpong',
      stack: 'kernel',
      message_bytes: 64,
      round_trips: 3571,
      half_rtt_ns: sum(kernelPing),
      breakdown_ns: kernelPing,
      sent_per_s: 44_640,
      delivered_per_s: 44_640,
      offered_per_s: 44_640,
      goodput_bits_per_s: 22.9e6,
      link_busy_pct: 4.1,
      interrupts_per_s: 44_640,
      wakeups_per_s: 44_640,
      cpu_per_message_ns: 9_800,
      rx_ring_mean_fill: 0.2,
      socket_mean_len: 0.1,
    },
    {},
    modes(8, 22, 9, 0, 61),
  ),
  report(
    'pingpong-onload',
    {
      test: 'pingpong',
      stack: 'onload',
      message_bytes: 64,
      round_trips: 7547,
      half_rtt_ns: sum(onloadPing),
      breakdown_ns: onloadPing,
      sent_per_s: 94_340,
      delivered_per_s: 94_340,
      offered_per_s: 94_340,
      goodput_bits_per_s: 48.3e6,
      link_busy_pct: 8.7,
      stack_polls_per_s: 2_150_000,
      interrupts_per_s: 120,
      watchdog_per_s: 100,
      cpu_per_message_ns: 10_600,
      stack_lock: {
        acquisitions_per_s: 190_000,
        contended_per_s: 0,
        prequeued_per_s: 0,
        deferred_per_s: 0,
        sleeps_per_s: 0,
        hold_pct: 9.8,
        prequeue_mean_len: 0,
      },
    },
    { spin_ns: 1_000_000 },
    modes(25, 0, 0.1, 0, 74.9),
  ),
  // UDP sends from 4 threads through one shared Onload stack: the stack lock is hot
  report(
    'udp-send-shared-prequeue',
    {
      test: 'udp_send',
      stack: 'onload',
      message_bytes: 64,
      offered_per_s: 1_620_000,
      sent_per_s: 1_620_000,
      delivered_per_s: 1_620_000,
      goodput_bits_per_s: 829e6,
      link_busy_pct: 56,
      stack_polls_per_s: 310_000,
      cpu_per_message_ns: 1_950,
      stack_lock: {
        acquisitions_per_s: 1_220_000,
        contended_per_s: 420_000,
        prequeued_per_s: 400_000,
        deferred_per_s: 395_000,
        sleeps_per_s: 0,
        hold_pct: 62.5,
        prequeue_mean_len: 2.6,
      },
    },
    { senders: 4, stacks: 'shared', prequeue: 'on' },
    modes(42, 0, 0, 4, 54),
  ),
  report(
    'udp-send-shared-no-prequeue',
    {
      test: 'udp_send',
      stack: 'onload',
      message_bytes: 64,
      offered_per_s: 1_050_000,
      sent_per_s: 1_050_000,
      delivered_per_s: 1_050_000,
      goodput_bits_per_s: 538e6,
      link_busy_pct: 36,
      stack_polls_per_s: 240_000,
      wakeups_per_s: 210_000,
      cpu_per_message_ns: 3_100,
      stack_lock: {
        acquisitions_per_s: 1_050_000,
        contended_per_s: 380_000,
        prequeued_per_s: 0,
        deferred_per_s: 0,
        sleeps_per_s: 210_000,
        hold_pct: 71.2,
        prequeue_mean_len: 0,
      },
    },
    { senders: 4, stacks: 'shared', prequeue: 'off' },
    modes(30, 9, 0, 2, 59),
  ),
  report(
    'tcp-stream-kernel',
    {
      test: 'tcp_stream',
      stack: 'kernel',
      message_bytes: 1024,
      packets_per_message: 1,
      offered_per_s: 842_000,
      sent_per_s: 842_000,
      delivered_per_s: 842_000,
      goodput_bits_per_s: 6.9e9,
      link_busy_pct: 74,
      interrupts_per_s: 61_000,
      wakeups_per_s: 55_000,
      cpu_per_message_ns: 2_900,
    },
    { message_bytes: 1024 },
    modes(9, 48, 12, 1, 30),
  ),
]);

const gb = (v) => Math.round(v * 1e9);
const sizeCurve = [];
const kernelGb = [0.21, 0.78, 2.6, 6.9, 9.1, 9.38, 9.4];
const onloadGb = [0.62, 2.3, 6.4, 9.2, 9.39, 9.4, 9.41];
[16, 64, 256, 1024, 4096, 16384, 65536].forEach((messageBytes, i) => {
  sizeCurve.push({ stack: 'kernel', messageBytes, goodputBitsPerS: gb(kernelGb[i]) });
  sizeCurve.push({ stack: 'onload', messageBytes, goodputBitsPerS: gb(onloadGb[i]) });
});

const offered = [250e3, 500e3, 750e3, 1e6, 1.5e6, 2e6, 2.5e6, 3e6];
const delivered = {
  interrupts: [250e3, 480e3, 560e3, 520e3, 390e3, 260e3, 150e3, 80e3],
  moderation: [250e3, 500e3, 745e3, 930e3, 1.05e6, 1.02e6, 0.97e6, 0.91e6],
  polling: [250e3, 500e3, 750e3, 1e6, 1.5e6, 1.86e6, 1.93e6, 1.94e6],
};
const livelock = Object.entries(delivered).flatMap(([mode, values]) =>
  values.map((deliveredPerS, i) => ({ mode, offeredPerS: offered[i], deliveredPerS })),
);

const fixture = {
  about:
    "HAND-MADE view fixtures for the network stack views (kernel onload): plausible figures in the report's shape, not runs of the core. Written by src/dev/views-fixtures/make-net-fixtures.mjs.",
  reports,
  sizeCurve,
  livelock,
};
const file = join(root, 'src', 'views', 'fixtures', 'net-hand-made.json');
writeFileSync(file, JSON.stringify(fixture, null, 1) + '\n');
process.stdout.write(`wrote ${file}\n`);
