/* Types of the validator modules src/build/validators-plugin.ts generates when the site is built. */
declare module 'virtual:stacklab-validators/lessons' {
  import type { ValidateFunction } from 'ajv';
  export const frontMatter: ValidateFunction;
  /** By component name (src/lesson/components.ts). */
  export const components: Readonly<Record<string, ValidateFunction>>;
}

declare module 'virtual:stacklab-validators/scene-script' {
  import type { ValidateFunction } from 'ajv';
  export const sceneScript: ValidateFunction;
}
