// The server serves only what a page needs from dist/: the bench pages are handed to the browser
// from disk, on the server's origin, so they load the element as a page would.
import path from 'node:path';
import { ROOT } from '../server/support.mjs';

const benchDir = path.join(ROOT, 'dist', 'bench');

/** Routes `/dist/bench/…` of a browser context to the files under dist/bench. */
export function serveBenchPages(context, server) {
  return context.route(`${server.base}/dist/bench/**`, (route) =>
    route.fulfill({ path: path.join(benchDir, new URL(route.request().url()).pathname.replace('/dist/bench/', '')) }),
  );
}
