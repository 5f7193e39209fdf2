/*
 * kernel-panel.test.ts -- a kernel's own panel is found by its place (kernel-panel.tsx:
 * src/kernels/<name>/Panel.tsx): each such file sits in the folder of a kernel the
 * registry knows, named as the kernel is (else no lab would ever show it), and exports
 * `Panel`, a component. The SNA kernel's is the porting journey.
 *
 * Panel.tsx is .tsx and tsconfig.test.json has no JSX setting, so it is imported at run
 * time (Vitest compiles it) rather than with a static import.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KERNELS } from '../kernels/index.js';

const kernels = join(import.meta.dirname, '..', 'kernels');
const withPanel = readdirSync(kernels).filter((name) => existsSync(join(kernels, name, 'Panel.tsx')));

describe("a kernel's own panel", () => {
  it('is in the folder of a kernel the registry knows', () => {
    const names = KERNELS.map((kernel) => kernel.name);
    for (const folder of withPanel) expect(names, `src/kernels/${folder}/Panel.tsx`).toContain(folder);
  });

  it("exports Panel, a component (the SNA port's journey among them)", async () => {
    expect(withPanel).toContain('sna');
    for (const folder of withPanel) {
      const module = (await import(/* @vite-ignore */ String(`../kernels/${folder}/Panel.tsx`))) as Record<string, unknown>;
      expect(typeof module.Panel, `src/kernels/${folder}/Panel.tsx`).toBe('function');
    }
  });
});
