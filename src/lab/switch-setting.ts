/*
 * switch-setting.ts -- an on/off preference kept in this browser (localStorage), on
 * unless turned off; where storage is refused (private mode) the choice lasts for the
 * page. The narration and presenter switches use it.
 */
export function readSwitch(key: string): boolean {
  try {
    return window.localStorage.getItem(key) !== 'off';
  } catch {
    return true;
  }
}

export function writeSwitch(key: string, on: boolean): void {
  try {
    window.localStorage.setItem(key, on ? 'on' : 'off');
  } catch {
    // storage refused: the choice lasts for this page
  }
}
