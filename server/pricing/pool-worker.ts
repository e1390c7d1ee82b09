/**
 * The server's sandbox for carriers' pricing code: QuickJS compiled to WebAssembly in a worker
 * thread of its own, so code that runs until its deadline never holds the requests' thread,
 * and code that breaks the runtime is thrown away with its worker.
 *
 * It says when a run starts (once QuickJS is loaded and the code is about to run), so the
 * watchdog counts the run and not the time spent waiting for it; and it tells a runtime that
 * could not be loaded (the sandbox's failure, `technical`) from code that failed (the grid's).
 */
import { parentPort } from 'node:worker_threads';
import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import { runPoolCode, type SandboxRequest } from '../../src/services/pricing/run-pool-code.ts';
import type { WorkerMessage } from './pool-sandbox.ts';

let quickjs: Promise<QuickJSWASMModule> | null = null;

const send = (message: WorkerMessage) => parentPort!.postMessage(message);
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

parentPort!.on('message', async (request: SandboxRequest) => {
  let module: QuickJSWASMModule;
  try {
    quickjs ??= newQuickJSWASMModuleFromVariant(variant);
    module = await quickjs;
  } catch (error) {
    quickjs = null;
    send({ id: request.id, ok: false, error: reason(error), technical: true });
    return;
  }
  send({ id: request.id, started: true });
  try {
    send(runPoolCode(module, request));
  } catch (error) {
    // An abort inside WebAssembly leaves the module unusable: the next run loads a new one.
    quickjs = null;
    send({ id: request.id, ok: false, error: reason(error) });
  }
});
