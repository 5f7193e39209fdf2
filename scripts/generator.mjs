/*
 * generator.mjs -- what every generator of a committed file shares. A generator
 * (scripts/gen-*.mjs) says which files it owns and makes their text; this writes them
 * (only those whose text changed, so nothing is rebuilt for a file rewritten as it was),
 * or with --check compares them with what is on disk and names each stale file with the
 * command that rewrites it. scripts/gen.mjs (`npm run gen`) runs every generator in
 * order; each gen-*.mjs run on its own runs its own.
 *
 * A generator is { name, command, outputs }: `command` rewrites its files, `outputs()`
 * gives them, each { path (from the repository's root), about (what it is made from) }
 * and one of
 *   text                    the file's whole text;
 *   files                   { name: text } of a folder the generator owns whole (a file
 *                           not listed there is stale too, and removed when written);
 *   isCurrent() and write() a file checked some other way (a stamp of what it is made
 *                           from) and written by a command of its own.
 */
import { mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** A module of the built CLI (dist-cli/, as ensure-built.mjs makes it), e.g. 'core/node.js'. */
export const cliModule = (path) => import(pathToFileURL(join(root, 'dist-cli', path)).href);

function readOrEmpty(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return ''; // missing counts as out of date
  }
}

function folderFiles(path) {
  try {
    return readdirSync(path).sort();
  } catch {
    return [];
  }
}

/** Whether the output is as the generator makes it: undefined when it is, else why not. */
async function staleness(output) {
  const path = join(root, output.path);
  if ('text' in output) return readOrEmpty(path) === output.text ? undefined : 'differs from what the generator makes';
  if ('files' in output) {
    const wanted = Object.keys(output.files).sort();
    const present = folderFiles(path);
    const extra = present.filter((name) => !(name in output.files));
    const missing = wanted.filter((name) => !present.includes(name));
    const changed = wanted.filter((name) => present.includes(name) && readOrEmpty(join(path, name)) !== output.files[name]);
    const problems = [
      missing.length > 0 && `${missing.length} missing (${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', ...' : ''})`,
      extra.length > 0 && `${extra.length} not made by the generator (${extra.slice(0, 3).join(', ')}${extra.length > 3 ? ', ...' : ''})`,
      changed.length > 0 && `${changed.length} changed (${changed.slice(0, 3).join(', ')}${changed.length > 3 ? ', ...' : ''})`,
    ].filter(Boolean);
    return problems.length === 0 ? undefined : `files ${problems.join('; ')}`;
  }
  return (await output.isCurrent()) ? undefined : 'its stamp is not that of what it is made from';
}

async function write(output) {
  const path = join(root, output.path);
  if ('text' in output) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, output.text);
  } else if ('files' in output) {
    mkdirSync(path, { recursive: true });
    for (const name of folderFiles(path)) if (!(name in output.files)) rmSync(join(path, name), { recursive: true, force: true });
    for (const [name, text] of Object.entries(output.files))
      if (readOrEmpty(join(path, name)) !== text) writeFileSync(join(path, name), text);
  } else {
    await output.write();
  }
}

/**
 * Runs the generators in order: writes each stale output, or with `check` only says
 * which are stale. Ends with "gen: N passed, N failed" (an output is one check; a
 * generator that fails is one failure). Returns the number of failures.
 */
export async function runGenerators(generators, { check }) {
  let passed = 0;
  let failed = 0;
  const say = (line) => process.stdout.write(`gen: ${line}\n`);
  const fail = (what, error) => {
    failed++;
    process.stderr.write(`gen: FAILED ${what}: ${error instanceof Error ? error.message : error}\n`);
  };
  for (const generator of generators) {
    let outputs;
    try {
      outputs = await generator.outputs();
    } catch (error) {
      fail(`${generator.name} (${generator.command})`, error);
      continue;
    }
    for (const output of outputs) {
      try {
        const why = await staleness(output);
        if (!why) {
          say(`${output.path} is current`);
        } else if (check) {
          failed++;
          process.stderr.write(
            `gen: STALE ${output.path} (made from ${output.about}): ${why}; run \`${generator.command}\` (or \`npm run gen\`) and commit it\n`,
          );
          continue;
        } else {
          await write(output);
          say(`wrote ${output.path}`);
        }
        passed++;
      } catch (error) {
        fail(`${output.path} (${generator.command})`, error);
      }
    }
  }
  say(`${passed} passed, ${failed} failed`);
  return failed;
}

/** Runs the generators when `moduleUrl` is the script node was started with; --check only checks. */
export async function runIfMain(moduleUrl, generators) {
  if (process.argv[1] && realpathSync(fileURLToPath(moduleUrl)) === realpathSync(process.argv[1])) {
    process.exitCode = (await runGenerators(generators, { check: process.argv.includes('--check') })) > 0 ? 1 : 0;
  }
}
