/*
 * usage-error.ts -- the CLI's "wrong input" error, in a file of its own so that the
 * commands in other files (locks.ts) throw it without importing stacklab.ts back.
 */

/** Wrong input: the message says what is wrong and how to fix it. Exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
