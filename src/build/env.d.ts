/* Build-time constants vite.config.ts defines (import.meta.env, replaced when the code is built). */
interface ImportMetaEnv {
  /**
   * True in test builds only (the dev server, Vitest, `vite build --mode testhooks`):
   * the test hooks (src/lab/test-hooks.ts) and the worker's fault injection are compiled
   * in. False in a production build, which then contains none of their code.
   */
  readonly STACKLAB_TEST_HOOKS: boolean;
  /** The build's name from STACKLAB_BUILD_LABEL at build time ("" without): <html data-build>. */
  readonly STACKLAB_BUILD_LABEL: string;
}
