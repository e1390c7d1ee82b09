// The server serves only what a page needs from dist/: the bench pages are handed to the browser
// from disk, on the server's origin, so they load the element as a page would.
import path from 'node:path';
import { build } from 'esbuild';
import { ROOT } from '../../server/test/api/support.ts';
import { common, targets } from '../../build.mjs';

const benchDir = path.join(ROOT, 'dist', 'bench');

/** Routes `/dist/bench/…` of a browser context to the files under dist/bench. */
export function serveBenchPages(context, server) {
  return context.route(`${server.base}/dist/bench/**`, (route) =>
    route.fulfill({ path: path.join(benchDir, new URL(route.request().url()).pathname.replace('/dist/bench/', '')) }),
  );
}

/**
 * A copy of the elements neither minified nor renamed, in dist/bench/unminified, so a profile
 * names our functions; React stays the production build (NODE_ENV), as a visitor runs it.
 */
export async function buildUnminifiedElements() {
  const elements = targets.find((target) => target.options.splitting);
  await build({
    ...common,
    ...elements.options,
    outdir: path.join(ROOT, 'dist/bench/unminified'),
    minify: false,
    sourcemap: false,
    absWorkingDir: ROOT,
    logLevel: 'silent',
  });
}
