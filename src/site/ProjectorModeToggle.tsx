/* ProjectorModeToggle.tsx -- the lab's and the compare page's "Projector mode": the site's theme (theme.ts). */
import { setSiteTheme, useSiteTheme } from './theme.js';

export function ProjectorModeToggle() {
  const on = useSiteTheme() === 'projector';
  return (
    <label className="toggle">
      <input type="checkbox" checked={on} onChange={(event) => setSiteTheme(event.target.checked ? 'projector' : 'light')} />
      Projector mode
    </label>
  );
}
