/*
 * PresetMenu.tsx -- the named scenarios of lessons/scenarios, as a menu grouped by the
 * kernel each one runs (the kernel that owns it: its kernel.kind, in the registry's
 * order and words). Choosing one loads it (the worker checks it like any scenario); a
 * file that is not a scenario is shown disabled (it would be a bug in the preset file,
 * which CI also checks).
 *
 * The presets (about 9 KB gzipped) are their own chunk, fetched when the menu first
 * renders, so the lab's first script stays within its budget; until they arrive the menu
 * offers only its prompt, and a chunk that fails to load says so in the menu.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import type { ScenarioValues } from '../core/index.js';
import { KERNELS, kernelInfo } from '../kernels/index.js';
import type { BrowserPreset } from './presets.js';

export function PresetMenu({ onChoose }: { onChoose(values: ScenarioValues): void }) {
  const id = useId();
  const [presets, setPresets] = useState<BrowserPreset[]>([]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('./presets.js')
      .then((module) => {
        if (live) setPresets(module.loadPresets());
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, []);
  const [chosen, setChosen] = useState('');
  const current = presets.find((preset) => preset.name === chosen);
  const groups = useMemo(
    () =>
      KERNELS.map((kernel) => ({
        kernel,
        presets: presets.filter((preset) => kernelInfo(preset.values?.['kernel.kind']) === kernel),
      })).filter((group) => group.presets.length > 0),
    [presets],
  );
  return (
    <span className="presets">
      <label htmlFor={id}>Preset</label>
      <select
        id={id}
        value={chosen}
        aria-describedby={`${id}-about`}
        onChange={(event) => {
          const preset = presets.find((p) => p.name === event.target.value);
          setChosen(event.target.value);
          if (preset?.values) onChoose(preset.values);
        }}
      >
        <option value="">{failed ? 'Presets did not load: reload the page' : 'Choose a scenario…'}</option>
        {groups.map(({ kernel, presets: owned }) => (
          <optgroup key={kernel.name} label={kernel.choice}>
            {owned.map((preset) => (
              <option key={preset.name} value={preset.name} disabled={!preset.values}>
                {preset.title}
                {preset.problems ? ' (invalid file)' : ''}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <span id={`${id}-about`} className="visually-hidden">
        {current ? current.description || current.title : 'Loads a named scenario from the lessons.'}
      </span>
    </span>
  );
}
