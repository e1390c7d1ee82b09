/**
 * Runs a driver pool's pricing code in QuickJS compiled to WebAssembly, inside this
 * dedicated Worker: no DOM, no fetch, no timers, a deadline and a memory cap. The page
 * only ever receives JSON text back.
 */
import { newQuickJSWASMModuleFromVariant, shouldInterruptAfterDeadline, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import variant from '@jitl/quickjs-singlefile-browser-release-sync';

export interface SandboxRequest {
  id: number;
  code: string;
  input: unknown;
  deadlineMs: number;
  memoryBytes: number;
}

export type SandboxReply = { id: number; ok: true; json: string } | { id: number; ok: false; error: string };

let quickjs: Promise<QuickJSWASMModule> | null = null;

/** QuickJS's own stack: deep recursion becomes a catchable error long before WebAssembly's stack ends. */
export const CODE_STACK_BYTES = 256 * 1024;

function run(module: QuickJSWASMModule, request: SandboxRequest): SandboxReply {
  const runtime = module.newRuntime();
  runtime.setMemoryLimit(request.memoryBytes);
  runtime.setMaxStackSize(CODE_STACK_BYTES);
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + request.deadlineMs));
  const context = runtime.newContext();
  try {
    // The carrier's code is a function body receiving `input`; its result leaves as JSON text.
    const source = `JSON.stringify((function (input) {\n${request.code}\n})(${JSON.stringify(request.input)}))`;
    const result = context.evalCode(source, 'grille.js');
    if (result.error) {
      const error = context.dump(result.error) as { message?: string } | string;
      result.error.dispose();
      return { id: request.id, ok: false, error: typeof error === 'string' ? error : String(error?.message ?? 'erreur') };
    }
    const json = context.dump(result.value);
    result.value.dispose();
    return typeof json === 'string' ? { id: request.id, ok: true, json } : { id: request.id, ok: false, error: 'aucun résultat' };
  } finally {
    context.dispose();
    runtime.dispose();
  }
}

self.onmessage = async (event: MessageEvent<SandboxRequest>) => {
  const request = event.data;
  try {
    quickjs ??= newQuickJSWASMModuleFromVariant(variant);
    self.postMessage(run(await quickjs, request));
  } catch (error) {
    // An abort inside WebAssembly leaves the module unusable: the next run starts a new one.
    quickjs = null;
    self.postMessage({ id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies SandboxReply);
  }
};
