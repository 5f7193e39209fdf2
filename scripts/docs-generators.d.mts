/** Types of docs-generators.mjs, for the specs that import it. */
export declare const VITEPRESS: string;
export declare const MKDOCS: string;
export declare const vitepressCache: string;
export declare const mkdocsEnv: string;
export declare function ensureVitePress(): string;
export declare function ensureMkDocs(): string;
export declare const SPHINX: string;
export declare const FURO: string;
export declare function ensureSphinx(): string;
