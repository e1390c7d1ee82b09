// Builds dist/: the domain core as an ES module (the server and carriers' backends price and
// validate with it) and, when present, the elements, then prints and records their sizes.
import { build, transform } from 'esbuild';
import { minify as terserMinify } from 'terser';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildServer } from './server/build/build-server.mjs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const root = path.dirname(new URL(import.meta.url).pathname);
const dist = path.join(root, 'dist');
/** The demo's start (demo/main.ts), which composes the built server with the demo's companies and pages. */
const demoDist = path.join(root, 'demo', 'dist');
const production = process.env.NODE_ENV !== 'development';

/** The stylesheet goes into each shadow root as text: minified like the code around it. */
const minifiedCss = {
  name: 'minified-css',
  setup(builder) {
    builder.onLoad({ filter: /\.css$/ }, async (args) => {
      const text = readFileSync(args.path, 'utf8');
      return { contents: production ? (await transform(text, { loader: 'css', minify: true })).code : text, loader: 'text' };
    });
  },
};

/**
 * luxon runs nothing when imported, but its package does not say so. Said here, esbuild leaves
 * it out of the chunks whose code never calls it, instead of pulling it in with any module of
 * the domain's barrel.
 */
const luxonWithoutSideEffects = {
  name: 'luxon-without-side-effects',
  setup(builder) {
    builder.onResolve({ filter: /^luxon$/ }, async (args) => {
      if (args.pluginData?.resolvingLuxon) return undefined;
      const found = await builder.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: { resolvingLuxon: true },
      });
      if (found.errors.length > 0) return { errors: found.errors };
      return { path: found.path, namespace: found.namespace, external: found.external, sideEffects: false };
    });
  },
};

/**
 * Every module loaded with import() also imports elements/first-panel.ts (see there why): the
 * code both first panels run comes as one file. Only the elements' build uses it.
 */
const firstPanelInOneFile = {
  name: 'first-panel-in-one-file',
  setup(builder) {
    const lazyEntries = new Set();
    const firstPanel = path.join(root, 'elements', 'first-panel.ts');
    builder.onResolve({ filter: /^\./ }, async (args) => {
      if (args.kind !== 'dynamic-import' || args.pluginData?.resolvingLazy) return undefined;
      const found = await builder.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: { resolvingLazy: true },
      });
      if (found.errors.length === 0 && !found.path.includes('node_modules')) lazyEntries.add(found.path);
      return found.errors.length > 0 ? { errors: found.errors } : { path: found.path, namespace: found.namespace };
    });
    builder.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (!lazyEntries.has(args.path)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      return {
        contents: `import ${JSON.stringify(firstPanel)};\n${source}`,
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
        resolveDir: path.dirname(args.path),
      };
    });
  },
};

export const common = {
  bundle: true,
  minify: production,
  sourcemap: true,
  target: 'es2022',
  legalComments: 'linked',
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
  plugins: [minifiedCss, luxonWithoutSideEffects],
};

/** Each build: what it makes, and whether it runs (later builds need files that land later). */
export const targets = [
  {
    name: 'domain',
    when: () => true,
    options: {
      entryPoints: { 'domain/index': 'src/domain/index.ts' },
      format: 'esm',
      platform: 'neutral',
      outdir: dist,
      mainFields: ['module', 'main'],
    },
  },
  {
    name: 'pricing sandbox worker (loaded only for pools with code)',
    when: () => true,
    options: { entryPoints: { 'pricing-worker': 'src/services/pricing/pricing-worker.ts' }, format: 'iife', outdir: dist },
  },
  {
    name: 'demo',
    when: () => true,
    options: {
      entryPoints: { main: 'demo/main.ts' },
      format: 'esm',
      platform: 'node',
      target: 'node20',
      // The server comes from its own build (transport-quote-server/compose), never a second copy.
      // (tsconfig's paths would bundle it: they map the name to its source for tsc.)
      packages: 'external',
      external: ['transport-quote-server/*'],
      outExtension: { '.js': '.mjs' },
      outdir: demoDist,
      minify: false,
    },
  },
  {
    name: 'elements (ESM, shared chunk)',
    when: () => existsSync(path.join(root, 'elements/transport-quote-wizard.ts')),
    options: {
      entryPoints: {
        'esm/transport-quote-wizard': 'elements/transport-quote-wizard.ts',
        'esm/transport-quote-lite': 'elements/transport-quote-lite.ts',
      },
      format: 'esm',
      splitting: true,
      // Module scripts are always read as UTF-8: French letters stay one or two bytes, not a \u escape.
      charset: 'utf8',
      chunkNames: 'esm/chunks/[name]-[hash]',
      outdir: dist,
      define: { ...common.define, __TQW_WORKER_PATH__: '"../pricing-worker.js"' },
      plugins: [...common.plugins, firstPanelInOneFile],
    },
  },
];

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

export function measure() {
  return listFiles(dist)
    .filter((file) => file.endsWith('.js') || file.endsWith('.mjs'))
    .map((file) => {
      const content = readFileSync(file);
      return { file: path.relative(dist, file), bytes: content.length, gzip: gzipSync(content, { level: 9 }).length };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** The files an ES module entry imports at once (not its lazy chunks), from the build's metafile, relative to dist/esm/. */
function eagerFiles(metafile, entry) {
  const seen = new Set();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imported of metafile.outputs[file].imports)
      if (imported.kind === 'import-statement' && !imported.external) pending.push(imported.path);
  }
  return [...seen].map((file) => path.relative(path.join(dist, 'esm'), path.join(root, file)));
}

/**
 * The one-script-tag files: a classic script (any CMS page can hold it) that only loads the
 * element's ES module build from beside itself. It asks for the entry and the chunks it
 * imports at once together (modulepreload, with the script's nonce for a strict CSP), so they
 * come in one round trip; later panels, the drag library and the maps loader come as chunks
 * from the same place when they are needed.
 */
export function loaderScript(tag, files) {
  return `/* <${tag}>: one classic script tag on any page; the element itself is the ES module esm/${tag}.js beside this file. */
(function () {
  var script = document.currentScript;
  var base = (script && script.src) || document.baseURI;
  ${JSON.stringify(files)}.forEach(function (file) {
    var link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = new URL("esm/" + file, base).href;
    if (script && script.nonce) link.nonce = script.nonce;
    document.head.appendChild(link);
  });
  import(new URL("esm/${tag}.js", base).href).catch(function (error) {
    console.error("<${tag}> n’a pas pu être chargé depuis " + base, error);
  });
})();
`;
}

/**
 * A second pass over the elements' scripts: terser's compressor finds about 2 % more than
 * esbuild's minifier, which a phone downloads on every first visit (issue 33). Its source maps
 * are chained to esbuild's, so a stack trace still points into src/.
 */
async function compressElementScripts(dir) {
  for (const file of listFiles(dir).filter((name) => name.endsWith('.js'))) {
    const mapFile = `${file}.map`;
    const result = await terserMinify(readFileSync(file, 'utf8'), {
      module: true,
      ecma: 2020,
      compress: { passes: 2 },
      // No parentheses around functions passed as arguments: V8 would compile each eagerly.
      format: { ascii_only: false, wrap_func_args: false },
      sourceMap: existsSync(mapFile) ? { content: readFileSync(mapFile, 'utf8'), url: path.basename(mapFile) } : false,
    });
    writeFileSync(file, result.code);
    if (result.map) writeFileSync(mapFile, result.map);
  }
}

/**
 * Each script a page loads gets its brotli and gzip copies beside it, made once here at the
 * highest level: the server sends them as they are (no compression per request).
 */
function precompressFile(file) {
  const content = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}
function precompress(dir) {
  for (const file of listFiles(dir).filter((name) => name.endsWith('.js'))) precompressFile(file);
}

async function main() {
  rmSync(dist, { recursive: true, force: true });
  rmSync(demoDist, { recursive: true, force: true });
  mkdirSync(dist, { recursive: true });
  for (const target of targets) {
    if (!target.when()) continue;
    const result = await build({ ...common, ...target.options, absWorkingDir: root, metafile: true });
    // Which file holds what: the benchmark tells the eager chunks from the lazy ones with it.
    if (target.options.splitting && target.options.outdir === dist) {
      writeFileSync(path.join(dist, 'esm', 'meta.json'), JSON.stringify(result.metafile));
      for (const tag of ['transport-quote-wizard', 'transport-quote-lite'])
        writeFileSync(path.join(dist, `${tag}.js`), loaderScript(tag, eagerFiles(result.metafile, `dist/esm/${tag}.js`)));
    }
  }
  // 'transport-quote-wizard/react' is types only (JSX of both tags); its module is empty so a plain import works too.
  writeFileSync(path.join(dist, 'esm', 'react-jsx.js'), 'export {};\n');
  // Declarations of the elements and the domain module, for integrators using TypeScript.
  execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.types.json')], {
    stdio: 'inherit',
  });
  // custom-elements.json from the source (elements/contract.ts, styles.css): never written by hand.
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/@custom-elements-manifest/analyzer/cem.js'),
      'analyze',
      '--quiet',
      '--config',
      'elements/custom-elements-manifest.config.mjs',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  // The server is a package of its own with its own build (server/build/build-server.mjs): called, not repeated.
  await buildServer();
  if (production) await compressElementScripts(path.join(dist, 'esm'));
  precompress(path.join(dist, 'esm'));
  for (const file of ['transport-quote-wizard.js', 'transport-quote-lite.js', 'pricing-worker.js']) precompressFile(path.join(dist, file));
  const sizes = measure();
  writeFileSync(path.join(dist, 'sizes.json'), JSON.stringify({ builtAt: new Date().toISOString(), files: sizes }, null, 2));
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log('file'.padEnd(56), 'raw'.padStart(10), 'gzip'.padStart(10));
  for (const { file, bytes, gzip } of sizes) console.log(file.padEnd(56), kb(bytes).padStart(10), kb(gzip).padStart(10));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(root, 'build.mjs')) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
