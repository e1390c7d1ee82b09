/**
 * Runs a driver pool's pricing code in QuickJS compiled to WebAssembly, inside this
 * dedicated Worker: no DOM, no fetch, no timers, a deadline and a memory cap. The page
 * only ever receives JSON text back.
 */
import { newQuickJSWASMModuleFromVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import variant from '@jitl/quickjs-singlefile-browser-release-sync';
import { runPoolCode, type SandboxReply, type SandboxRequest } from './run-pool-code.ts';

export type { SandboxReply, SandboxRequest } from './run-pool-code.ts';

let quickjs: Promise<QuickJSWASMModule> | null = null;

self.onmessage = async (event: MessageEvent<SandboxRequest>) => {
  const request = event.data;
  try {
    quickjs ??= newQuickJSWASMModuleFromVariant(variant);
    self.postMessage(runPoolCode(await quickjs, request));
  } catch (error) {
    // An abort inside WebAssembly leaves the module unusable: the next run starts a new one.
    quickjs = null;
    self.postMessage({ id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies SandboxReply);
  }
};
