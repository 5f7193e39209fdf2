/*
 * view-ids.ts -- the views a lab can show, in the order the lab lays them out, with
 * their names in words. Lab.tsx exports this list's type as ViewId, the contract
 * lessons use.
 */
export const VIEW_IDS = ['cpu-grid', 'lock', 'krp-queue', 'modes', 'timeline', 'lock-table', 'scaling'] as const;

export type KnownViewId = (typeof VIEW_IDS)[number];

export const VIEW_TITLES: Readonly<Record<KnownViewId, string>> = {
  'cpu-grid': 'CPUs',
  lock: 'Spinlock',
  'krp-queue': 'KRP queue',
  modes: 'Modes',
  timeline: 'Timeline',
  'lock-table': 'Lock table',
  scaling: 'Scaling',
};

export function isViewId(value: unknown): value is KnownViewId {
  return typeof value === 'string' && (VIEW_IDS as readonly string[]).includes(value);
}
