/*
 * hostile-cases.ts -- the case tables of the hostile-input checks: links, files and saved
 * data that someone else wrote, some of them crafted to break the page, each with the
 * words the page must answer it with. Defined once, run twice: every row in Vitest
 * (src/hostile-input.test.ts, through the functions the page calls for it, in
 * milliseconds) and in the browser (e2e/hostile.spec.ts: every row of the channels that
 * need no simulation, and for the channels that start a lab, the rows that show what
 * only a browser can: the strongest, the largest).
 */
import LZString from 'lz-string';

const { compressToEncodedURIComponent } = LZString;

/** A lab (or embed) link whose s= is this text, compressed as the lab compresses it. */
export const raw = (wire: string, page = 'lab') => `/#/${page}?s=${compressToEncodedURIComponent(wire)}`;

/** A lab link (#/lab?s=...) for a scenario document and optional view settings (as e2e/fixtures.ts's labLink). */
export function labLink(scenario: Record<string, unknown>, extra: Record<string, unknown> = {}, page = 'lab'): string {
  return `/#/${page}?s=${compressToEncodedURIComponent(JSON.stringify({ v: 1, sc: scenario, ...extra }))}`;
}

/** The row of a table with this name (a typo fails at once, not as a silent skip). */
export function row<T extends { name: string }>(table: readonly T[], name: string): T {
  const found = table.find((r) => r.name === name);
  if (!found) throw new Error(`no row named "${name}"`);
  return found;
}

export const REFUSED_LINKS: { name: string; path: string; says: RegExp }[] = [
  {
    name: '__proto__ in the scenario',
    path: raw('{"v":1,"sc":{"__proto__":{"polluted":"yes"}}}'),
    says: /field named "__proto__" \(at sc\.__proto__\)/,
  },
  {
    name: '__proto__ inside a group',
    path: raw('{"v":1,"sc":{"machine":{"__proto__":{"polluted":"yes"}}}}'),
    says: /field named "__proto__" \(at sc\.machine\.__proto__\)/,
  },
  {
    name: 'constructor.prototype in the scenario',
    path: raw('{"v":1,"sc":{"constructor":{"prototype":{"polluted":"yes"}}}}'),
    says: /field named "constructor"/,
  },
  { name: 'prototype as a group', path: raw('{"v":1,"sc":{"prototype":{"polluted":"yes"}}}'), says: /field named "prototype"/ },
  {
    name: '__proto__ beside the scenario',
    path: raw('{"v":1,"__proto__":{"polluted":"yes"},"sc":{}}'),
    says: /field named "__proto__" \(at __proto__\)/,
  },
  {
    name: '__proto__ in the views list',
    path: raw('{"v":1,"sc":{},"vw":[{"__proto__":{"polluted":1}}]}'),
    says: /field named "__proto__"/,
  },
  {
    name: '__proto__ in an embed link',
    path: raw('{"v":1,"sc":{"__proto__":{"polluted":"yes"}}}', 'embed'),
    says: /field named "__proto__"/,
  },
  {
    name: 'constructor in an embed link',
    path: raw('{"v":1,"sc":{"kernel":{"constructor":{"prototype":{"polluted":1}}}}}', 'embed'),
    says: /field named "constructor"/,
  },
  { name: 'an empty s=', path: '/#/lab?s=', says: /the s= part of the link is empty/ },
  {
    name: 'characters a link never has',
    path: '/#/lab?s=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    says: /characters a StackLab link never has/,
  },
  {
    name: 'a link cut short',
    path: `/#/lab?s=${compressToEncodedURIComponent('{"v":1,"sc":{"machine":{"cpus":4}}}').slice(0, 12)}`,
    says: /could not be read/,
  },
  { name: 'text that is not JSON', path: raw('v=1; sc=machine'), says: /not JSON/ },
  { name: 'a list instead of settings', path: raw('[1,2,3]'), says: /not an object of lab settings/ },
  { name: 'a link format from the future', path: raw('{"v":99,"sc":{}}'), says: /link format 99/ },
  { name: 'no scenario', path: raw('{"v":1}'), says: /has no scenario/ },
  {
    name: 'views that do not exist',
    path: raw('{"v":1,"sc":{},"vw":["radar","toString"]}'),
    says: /views that do not exist: "radar", "toString"/,
  },
  { name: 'an empty views list', path: raw('{"v":1,"sc":{},"vw":[]}'), says: /not a list of view names/ },
  { name: 'a speed out of range', path: raw('{"v":1,"sc":{},"sp":1e308}'), says: /its speed \(sp\)/ },
  { name: 'a negative speed', path: raw('{"v":1,"sc":{},"sp":-5}'), says: /its speed \(sp\)/ },
  { name: 'an unknown theme', path: raw('{"v":1,"sc":{},"th":"dark<script>"}'), says: /its theme \(th\)/ },
  { name: 'controls that are not a list', path: raw('{"v":1,"sc":{},"ct":"machine.cpus"}'), says: /list of controls \(ct\)/ },
  { name: 'a link a megabyte long', path: `/#/lab?s=${'A'.repeat(1_000_000)}`, says: /characters long/ },
];

export const REFUSED_SCENARIOS: { name: string; scenario: Record<string, unknown>; says: RegExp }[] = [
  { name: 'no CPUs', scenario: { machine: { cpus: 0 } }, says: /machine\.cpus is 0/ },
  { name: 'a negative CPU count', scenario: { machine: { cpus: -4 } }, says: /machine\.cpus is -4/ },
  { name: '1e28 CPUs', scenario: { machine: { cpus: 1e28 } }, says: /machine\.cpus is 1e\+28/ },
  { name: 'a fraction of a CPU', scenario: { machine: { cpus: 2.5 } }, says: /machine\.cpus is 2\.5/ },
  { name: 'CPUs as text', scenario: { machine: { cpus: 'NaN' } }, says: /machine\.cpus/ },
  { name: 'CPUs as a list', scenario: { machine: { cpus: [4] } }, says: /machine\.cpus/ },
  { name: 'an unknown kernel', scenario: { kernel: { kind: 'quantum' } }, says: /kernel\.kind is "quantum"/ },
  { name: 'a kernel named toString', scenario: { kernel: { kind: 'toString' } }, says: /kernel\.kind is "toString"/ },
  { name: 'an unknown field', scenario: { machine: { warp: 9 } }, says: /machine\.warp/ },
  { name: 'an unknown group', scenario: { valueOf: { x: 1 } }, says: /valueOf/ },
  { name: 'a duration of 1e300 ns', scenario: { sim: { duration_ns: 1e300 } }, says: /sim\.duration_ns/ },
  { name: 'a huge seed', scenario: { sim: { seed: 1e300 } }, says: /sim\.seed/ },
];

export const ODD_IDS = ['constructor', 'valueOf', 'toString', 'hasOwnProperty', 'propertyIsEnumerable', 'isPrototypeOf'];

export const ODD_ROUTES: { name: string; path: string; says: RegExp }[] = [
  { name: 'a lesson named __proto__', path: '/#/lessons/__proto__', says: /StackLab has no page at/ },
  { name: 'a path climbing out', path: '/#/lessons/../../etc/passwd', says: /StackLab has no page at/ },
  { name: 'markup in the path', path: '/#/%3Cimg%20src=x%20onerror=alert(1)%3E', says: /StackLab has no page at/ },
  { name: 'an embed lesson id with markup', path: '/#/embed?lesson=%3Cb%3Ex%3C/b%3E', says: /is not a lesson name/ },
];

export const COMPARE_LINKS: { name: string; query: string; says: RegExp }[] = [
  {
    name: 'a preset named constructor',
    query: 'a=constructor&b=testbed-scalable',
    says: /Side A of this link could not be read: there is no preset named "constructor"/,
  },
  { name: 'a side named __proto__', query: 'a=testbed-classic&b=__proto__', says: /Side B of this link could not be read/ },
  {
    name: 'a polluting side B',
    query: `a=testbed-classic&b=${compressToEncodedURIComponent('{"v":1,"sc":{"__proto__":{"polluted":1}}}')}`,
    says: /Side B of this link could not be read: This link contains a field named "__proto__"/,
  },
  {
    name: 'a polluting side A',
    query: `a=${compressToEncodedURIComponent('{"v":1,"sc":{"machine":{"constructor":{"prototype":{"polluted":1}}}}}')}&b=testbed-scalable`,
    says: /field named "constructor"/,
  },
  { name: 'parts it does not know', query: 'a=testbed-classic&b=testbed-scalable&__proto__=1', says: /parts StackLab does not know/ },
];

export const PROGRESS_FILES: { name: string; bytes: Buffer; says: RegExp }[] = [
  { name: 'not JSON', bytes: Buffer.from('hello'), says: /not JSON/ },
  { name: 'JSON of another program', bytes: Buffer.from('{"a":1}'), says: /not a StackLab progress file/ },
  { name: 'from a newer StackLab', bytes: Buffer.from('{"format":"stacklab-progress","version":9,"progress":{}}'), says: /newer StackLab/ },
  {
    name: 'with __proto__ in its lessons',
    bytes: Buffer.from('{"format":"stacklab-progress","version":1,"progress":{"version":1,"lessons":{"__proto__":{"predictions":{}}}}}'),
    says: /field named "__proto__"/,
  },
  {
    name: 'with constructor in a prediction',
    bytes: Buffer.from(
      '{"format":"stacklab-progress","version":1,"progress":{"version":1,"lessons":{"a":{"predictions":{"constructor":{"kind":"number","value":1}}}}}}',
    ),
    says: /field named "constructor"/,
  },
  {
    name: 'saved as UTF-16',
    bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"format":"stacklab-progress"}', 'utf16le')]),
    says: /not UTF-8 \(it looks like UTF-16LE\); save it as UTF-8/,
  },
  { name: 'in Latin-1', bytes: Buffer.from('{"caf\xe9":1}', 'latin1'), says: /not UTF-8 \(it looks like Latin-1 or Windows-1252\)/ },
  { name: 'empty', bytes: Buffer.alloc(0), says: /not JSON/ },
  { name: 'binary', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), says: /not UTF-8|not a text file/ },
  { name: 'far too big', bytes: Buffer.alloc(3_000_000, 0x20), says: /more than the 2\.0 MB/ },
  { name: 'nested 100,000 deep', bytes: Buffer.from('['.repeat(100_000) + ']'.repeat(100_000)), says: /could not be imported/ },
];

export const SCRIPTS: { name: string; bytes: Buffer; says: RegExp }[] = [
  { name: 'not YAML', bytes: Buffer.from('id: [unclosed\n'), says: /cannot be presented/ },
  { name: 'an alias to no anchor', bytes: Buffer.from('id: x\ntitle: *nowhere\nscenes: []\n'), says: /could not be read: .*alias/i },
  {
    name: 'a billion laughs',
    bytes: Buffer.from(
      [
        'id: x',
        'a: &a [x, x, x, x, x, x, x, x, x, x]',
        ...'bcdefghi'.split('').map((c, i) => `${c}: &${c} [${Array(10).fill(`*${'abcdefghi'[i]}`).join(', ')}]`),
      ].join('\n'),
    ),
    says: /alias/i,
  },
  {
    name: 'a __proto__ key',
    bytes: Buffer.from('id: x\ntitle: X\n__proto__:\n  polluted: yes\nscenes: []\n'),
    says: /field named "__proto__"/,
  },
  {
    name: 'saved as UTF-16',
    bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('id: x\n', 'utf16le')]),
    says: /not UTF-8 \(it looks like UTF-16LE\)/,
  },
];

export const STORED: { name: string; value: string; says: RegExp }[] = [
  { name: 'not JSON', value: '{oops', says: /damaged \(it is not valid JSON\)/ },
  { name: 'a __proto__ lesson', value: '{"version":1,"lessons":{"__proto__":{"predictions":{}}}}', says: /field named "__proto__"/ },
  { name: 'a newer format', value: '{"version":7,"lessons":{}}', says: /newer version of StackLab/ },
  { name: 'a list', value: '[1,2]', says: /not in the format this page writes/ },
];
