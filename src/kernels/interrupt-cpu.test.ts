/*
 * The CPU grid marks the CPU that takes the network interrupts. A kernel whose runs have
 * none, or whose interrupts go elsewhere than machine.interrupt_cpu, says so through
 * KernelInfo.interruptCpu: the service kernel's lock disciplines have no network
 * interrupts, and a partition's elephant flow is steered to CPU 0 (service.c).
 */
import { describe, expect, it } from 'vitest';
import { presetNames, readPreset } from '../core/presets.js';
import { flattenScenario, type ScenarioValues } from '../core/scenario-values.js';
import { kernelInfo } from './index.js';

describe('the interrupt CPU the CPU grid marks', () => {
  const service = kernelInfo('service');

  it('is none for every service preset but the partition with an elephant flow, which is CPU 0', () => {
    const presets = presetNames().filter((name) => name.startsWith('service-'));
    expect(presets.length).toBeGreaterThan(0);
    for (const name of presets) {
      const values = flattenScenario(readPreset(name)) as ScenarioValues; // presets hold numbers and names
      expect(service.interruptCpu?.(values), name).toBe(name === 'service-partition-elephant' ? 0 : undefined);
    }
  });

  it('is CPU 0 for an elephant flow even when machine.interrupt_cpu names another CPU', () => {
    expect(
      service.interruptCpu?.({
        'kernel.kind': 'service',
        'service.discipline': 'partition',
        'service.elephant_pct': 50,
        'machine.interrupt_cpu': 3,
      }),
    ).toBe(0);
  });
});
