/*
 * wasm.ts -- loads the StackLab core (a standalone wasm module, no JavaScript glue)
 * and wraps its exports. This is the one module that reads and writes wasm memory;
 * everything above it sees strings, numbers and copied byte arrays.
 *
 * Memory may grow during any call into the core, so views of memory.buffer are made
 * fresh for each access and never kept.
 */

/** A pointer into wasm memory (0 is NULL). */
export type Ptr = number;

/** The core's exports, named as in wasm-core/include/stacklab.h. */
export interface CoreExports {
  memory: WebAssembly.Memory;
  _initialize?: () => void;
  lab_alloc(bytes: number): Ptr;
  lab_free(p: Ptr): void;
  lab_status_message(status: number): Ptr;
  lab_schema_json(buf: Ptr, cap: number): number;
  lab_scenario_new(): Ptr;
  lab_scenario_free(sc: Ptr): void;
  lab_scenario_field_count(): number;
  lab_scenario_field_index(path: Ptr): number;
  lab_scenario_set(sc: Ptr, field: number, value: number): number;
  lab_scenario_set_text(sc: Ptr, path: Ptr, text: Ptr): number;
  lab_scenario_get(sc: Ptr, field: number): number;
  lab_scenario_validate(sc: Ptr): number;
  lab_scenario_error(sc: Ptr): Ptr;
  lab_sim_new(sc: Ptr, status: Ptr): Ptr;
  lab_sim_free(sim: Ptr): void;
  lab_sim_run_until(sim: Ptr, t_ns: number): number;
  lab_sim_step(sim: Ptr, n: number): number;
  lab_sim_now(sim: Ptr): number;
  lab_sim_events(sim: Ptr): number;
  lab_sim_done(sim: Ptr): number;
  lab_sim_error(sim: Ptr): Ptr;
  lab_sim_report_json(sim: Ptr): Ptr;
  lab_sim_snapshot(sim: Ptr, out: Ptr, cap: number): number;
  lab_trace_read(sim: Ptr, out: Ptr, max: number): number;
  lab_trace_dropped(sim: Ptr): number;
  lab_trace_pending(sim: Ptr): number;
  lab_sim_checkpoint_size(sim: Ptr): number;
  lab_sim_checkpoint(sim: Ptr, buf: Ptr, cap: number): number;
  lab_sim_restore(sim: Ptr, buf: Ptr, size: number): number;
}

const requiredExports = [
  'memory',
  'lab_alloc',
  'lab_free',
  'lab_status_message',
  'lab_schema_json',
  'lab_scenario_new',
  'lab_scenario_free',
  'lab_scenario_field_count',
  'lab_scenario_field_index',
  'lab_scenario_set',
  'lab_scenario_set_text',
  'lab_scenario_get',
  'lab_scenario_validate',
  'lab_scenario_error',
  'lab_sim_new',
  'lab_sim_free',
  'lab_sim_run_until',
  'lab_sim_step',
  'lab_sim_now',
  'lab_sim_events',
  'lab_sim_done',
  'lab_sim_error',
  'lab_sim_report_json',
  'lab_sim_snapshot',
  'lab_trace_read',
  'lab_trace_dropped',
  'lab_trace_pending',
  'lab_sim_checkpoint_size',
  'lab_sim_checkpoint',
  'lab_sim_restore',
] as const;

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();

/** The loaded core: its exports plus helpers to move strings and bytes across. */
export class Core {
  readonly exports: CoreExports;

  constructor(exports: CoreExports) {
    this.exports = exports;
  }

  /** Reads the NUL-terminated UTF-8 string at ptr. */
  readString(ptr: Ptr): string {
    if (ptr === 0) return '';
    const heap = new Uint8Array(this.exports.memory.buffer);
    const end = heap.indexOf(0, ptr);
    if (end < 0) throw new Error(`unterminated string at ${ptr} in wasm memory`);
    return utf8Decoder.decode(heap.subarray(ptr, end));
  }

  /** Copies text into wasm memory, NUL-terminated, calls use(ptr), then frees it. */
  withString<T>(text: string, body: (ptr: Ptr) => T): T {
    const bytes = utf8Encoder.encode(text);
    const ptr = this.alloc(bytes.length + 1);
    try {
      const heap = new Uint8Array(this.exports.memory.buffer);
      heap.set(bytes, ptr);
      heap[ptr + bytes.length] = 0;
      return body(ptr);
    } finally {
      this.exports.lab_free(ptr);
    }
  }

  /** Allocates bytes in wasm memory; the caller frees with free(). */
  alloc(bytes: number): Ptr {
    const ptr = this.exports.lab_alloc(bytes);
    if (ptr === 0) throw new Error(`the core could not allocate ${bytes} bytes`);
    return ptr;
  }

  free(ptr: Ptr): void {
    this.exports.lab_free(ptr);
  }

  /** A copy of len bytes at ptr. */
  copyBytes(ptr: Ptr, len: number): Uint8Array {
    return new Uint8Array(this.exports.memory.buffer, ptr, len).slice();
  }

  /** Writes bytes at ptr (which must have room for them). */
  writeBytes(ptr: Ptr, bytes: Uint8Array): void {
    new Uint8Array(this.exports.memory.buffer, ptr, bytes.length).set(bytes);
  }

  /** A copy of count doubles at ptr (ptr must be 8-byte aligned). */
  copyDoubles(ptr: Ptr, count: number): Float64Array {
    return new Float64Array(this.exports.memory.buffer, ptr, count).slice();
  }

  readInt32(ptr: Ptr): number {
    return new DataView(this.exports.memory.buffer).getInt32(ptr, true);
  }

  /**
   * Test hook: asks the core to write its schema far outside its memory, which traps
   * (RuntimeError: memory access out of bounds) exactly as a bug in the core would.
   * The lab's end-to-end tests use it to check that a trap leaves the page usable.
   */
  provokeTrap(): never {
    const outside = Math.max(this.exports.memory.buffer.byteLength, 1 << 30) + (1 << 20);
    this.exports.lab_schema_json(outside, 1 << 16);
    throw new Error('the core did not trap when written outside its memory');
  }

  /** The core's words for a status code. */
  statusMessage(status: number): string {
    return this.readString(this.exports.lab_status_message(status));
  }
}

/*
 * Imports. The core is built to import nothing, but emcc may add
 * env.emscripten_notify_memory_growth (memory growth) and, if libc I/O slips in,
 * WASI functions. Growth needs no action (views are made fresh); WASI calls answer 0.
 * Any other import is a build mistake and fails loudly when called.
 */
function importsFor(module: WebAssembly.Module): WebAssembly.Imports {
  const imports: Record<string, Record<string, WebAssembly.ImportValue>> = {};
  for (const { module: from, name, kind } of WebAssembly.Module.imports(module)) {
    if (kind !== 'function') {
      throw new Error(`the StackLab core imports ${kind} ${from}.${name}, which the loader does not provide`);
    }
    let value: () => number | void;
    if (from === 'env' && name === 'emscripten_notify_memory_growth') value = () => {};
    else if (from === 'wasi_snapshot_preview1') value = () => 0;
    else
      value = () => {
        throw new Error(`the StackLab core called ${from}.${name}, which the loader does not provide`);
      };
    (imports[from] ??= {})[name] = value;
  }
  return imports;
}

/**
 * Loads the core from its bytes (Node: read wasm-core/build/stacklab.wasm) or from a
 * URL (browser and worker: fetched and compiled while streaming).
 */
export async function loadCore(source: BufferSource | URL | string): Promise<Core> {
  const module = typeof source === 'string' || source instanceof URL ? await compileFromUrl(source) : await WebAssembly.compile(source);
  const instance = await WebAssembly.instantiate(module, importsFor(module));
  const exports = instance.exports as unknown as CoreExports;
  const missing = requiredExports.filter((name) => !(name in exports));
  if (missing.length > 0) {
    throw new Error(`the StackLab core does not export ${missing.join(', ')}; rebuild it with \`npm run build:wasm\``);
  }
  exports._initialize?.();
  return new Core(exports);
}

async function compileFromUrl(url: URL | string): Promise<WebAssembly.Module> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not fetch the StackLab core from ${String(url)}: HTTP ${response.status}`);
  if (response.headers.get('content-type')?.startsWith('application/wasm')) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}
