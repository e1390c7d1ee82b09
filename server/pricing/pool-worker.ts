/**
 * The server's sandbox for carriers' pricing code: QuickJS compiled to WebAssembly in a worker
 * thread of its own, so code that runs until its deadline never holds the requests' thread,
 * and code that breaks the runtime is thrown away with its worker.
 */
import { parentPort } from 'node:worker_threads';
import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import { runPoolCode, type SandboxReply, type SandboxRequest } from '../../src/services/pricing/run-pool-code.ts';

let quickjs: Promise<QuickJSWASMModule> | null = null;

parentPort!.on('message', async (request: SandboxRequest) => {
  try {
    quickjs ??= newQuickJSWASMModuleFromVariant(variant);
    parentPort!.postMessage(runPoolCode(await quickjs, request));
  } catch (error) {
    quickjs = null;
    parentPort!.postMessage({
      id: request.id,
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    } satisfies SandboxReply);
  }
});
