import { shouldInterruptAfterDeadline, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import { POOL_CODE_LIMITS } from '../../domain/index.ts';

export interface SandboxRequest {
  id: number;
  code: string;
  input: unknown;
  deadlineMs: number;
  memoryBytes: number;
}

export type SandboxReply = { id: number; ok: true; json: string } | { id: number; ok: false; error: string };

/**
 * Runs a carrier's pricing code (a function body receiving `input`) in a fresh QuickJS
 * runtime with its deadline, memory cap and stack, and returns its result as JSON text. The
 * page's worker and the server's both run code through this, so the same code meets the same
 * limits on both sides.
 */
export function runPoolCode(module: QuickJSWASMModule, request: SandboxRequest): SandboxReply {
  const runtime = module.newRuntime();
  runtime.setMemoryLimit(request.memoryBytes);
  runtime.setMaxStackSize(POOL_CODE_LIMITS.stackBytes);
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + request.deadlineMs));
  const context = runtime.newContext();
  try {
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
