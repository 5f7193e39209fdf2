/*
 * designated-cpu.ts -- the Scalable Kernel's designated TCP/IP CPU in a run: the core's
 * CPU role "designated_cpu" (wasm-core/src/kernels/openvms/scalable.c), which the
 * snapshot carries with every role's (Snapshot.roleCpus). -1 where the run has none.
 */
import type { Snapshot } from '../../core/snapshot.js';

export function designatedCpu(snapshot: Snapshot): number {
  return snapshot.roleCpus.designated_cpu ?? -1;
}
