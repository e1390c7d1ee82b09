// The yardstick page of issue 47: the demo's wizard page (`/`) with the bare React 19 element
// (test/bench/bare-element.tsx) in place of <transport-quote-wizard>, served by a small server of
// its own on 127.0.0.1 beside the demo server, so Lighthouse (which only takes a URL) and
// Playwright load it as they load the elements' pages. The bare element is built as ours are
// (ESM, minified, production React) and sent gzip-compressed as the demo server sends ours.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { ROOT } from '../../server/test/api/support.ts';

/** The demo page with the bare element instead of the wizard: same header, text and stylesheet. */
function barePageHtml() {
  const demoPage = readFileSync(path.join(ROOT, 'demo/pages/index.html'), 'utf8');
  return demoPage
    .replace(/<transport-quote-wizard[\s\S]*<\/transport-quote-wizard>/, '<bare-react-element></bare-react-element>')
    .replace('<script src="/dist/transport-quote-wizard.js"></script>', '<script type="module" src="/bare-element.js"></script>');
}

/** Starts the bare page's server; resolves to { url, scriptUrl, sourceMap, stop }. */
export async function startBarePage() {
  const built = await build({
    entryPoints: [path.join(ROOT, 'test/bench/bare-element.tsx')],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    sourcemap: 'external',
    outdir: path.join(ROOT, 'dist/bench/bare'),
    write: false,
    logLevel: 'silent',
  });
  const script = built.outputFiles.find((file) => file.path.endsWith('.js'));
  const sourceMap = JSON.parse(built.outputFiles.find((file) => file.path.endsWith('.js.map')).text);
  const files = {
    '/bare.html': { type: 'text/html; charset=utf-8', body: Buffer.from(barePageHtml()) },
    '/bare-element.js': { type: 'text/javascript; charset=utf-8', body: Buffer.from(script.contents) },
    '/demo.css': { type: 'text/css; charset=utf-8', body: readFileSync(path.join(ROOT, 'demo/pages/demo.css')) },
  };
  const server = createServer((request, response) => {
    const file = files[new URL(request.url, 'http://localhost').pathname];
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    response.writeHead(200, {
      'content-type': file.type,
      'cache-control': 'no-cache',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    response.end(gzip ? gzipSync(file.body, { level: 9 }) : file.body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/bare.html`,
    /** The script's URL and its source map, for a profile to name what ran. */
    scriptUrl: `http://127.0.0.1:${port}/bare-element.js`,
    sourceMap,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
