// Builds dist/: the domain core as an ES module (the server and carriers' backends price and
// validate with it) and, when present, the elements, then prints and records their sizes.
import { build, transform } from 'esbuild';
import { minify as terserMinify } from 'terser';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, deflateRawSync, gzipSync } from 'node:zlib';

const root = path.dirname(new URL(import.meta.url).pathname);
const dist = path.join(root, 'dist');
/** The server is a package of its own (server/package.json), built into its own dist/. */
const serverDist = path.join(root, 'server', 'dist');
/** The WordPress plugin (integrations/), zipped into the server's package, which offers it for download. */
const wordpressPlugin = path.join(root, 'integrations', 'wordpress', 'transport-quote');
const pluginZip = path.join(serverDist, 'integrations', 'wordpress', 'transport-quote.zip');
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
    name: 'server',
    when: () => true,
    options: {
      entryPoints: {
        main: 'server/main.ts',
        // What a composition (the demo) starts the server with: transport-quote-server/compose.
        compose: 'server/compose.ts',
        // The checkpoint worker is its own file: a worker thread starts from a module of its own.
        'sqlite-checkpointer': 'server/db/sqlite-checkpointer.ts',
        carrier: 'server/cli/carrier.ts',
        // The backup and restore commands (transport-quote-db).
        db: 'server/cli/db.ts',
        // The pricing-code sandbox's worker thread.
        'pool-worker': 'server/pricing/pool-worker.ts',
      },
      format: 'esm',
      platform: 'node',
      target: 'node20',
      // main and compose share the server's code in one chunk, beside them in dist/ (the
      // workers and stylesheets are found from there).
      splitting: true,
      chunkNames: '[name]-[hash]',
      packages: 'external',
      // The domain is part of the server's build, not an installed package (tsconfig's paths say the same to tsc).
      alias: { 'transport-quote-wizard/domain': './src/domain/index.ts' },
      outExtension: { '.js': '.mjs' },
      outdir: serverDist,
      minify: false,
      // The server's bin scripts run directly.
      banner: { js: '#!/usr/bin/env node' },
    },
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

/** CRC-32 (the zip format's, IEEE 802.3), by table. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A folder as a zip archive, the way WordPress's "Téléverser une extension" takes a plugin:
 * everything under `prefix/`, folders first then files, in name order, each file deflated (or
 * stored when that is smaller), names in UTF-8, Unix modes, dated 1980-01-01 so the same sources
 * always give the same bytes. Pure Node (zlib): no archiver to install.
 */
export function zipFolder(folder, prefix) {
  const folders = [];
  const walk = (dir) =>
    readdirSync(dir)
      .sort()
      .flatMap((name) => {
        const full = path.join(dir, name);
        if (!statSync(full).isDirectory()) return [full];
        folders.push(full);
        return walk(full);
      });
  const files = walk(folder);
  const entryName = (full) => [prefix, ...path.relative(folder, full).split(path.sep)].filter(Boolean).join('/');
  const entries = [
    ...[folder, ...folders].map((full) => ({ name: `${entryName(full)}/`, data: Buffer.alloc(0), mode: 0o40755, directory: true })),
    ...files.map((full) => ({ name: entryName(full), data: readFileSync(full), mode: 0o100644, directory: false })),
  ];
  const DOS_DATE_1980_01_01 = (0 << 9) | (1 << 5) | 1;
  const UTF8_NAMES = 0x0800;
  const parts = [];
  const directory = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const deflated = entry.directory ? entry.data : deflateRawSync(entry.data, { level: 9 });
    const method = !entry.directory && deflated.length < entry.data.length ? 8 : 0;
    const body = method === 8 ? deflated : entry.data;
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(DOS_DATE_1980_01_01, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    // Made by Unix (3), zip 2.0; the same fields as the local header, then where it starts.
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(UTF8_NAMES, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(DOS_DATE_1980_01_01, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.mode << 16) | (entry.directory ? 0x10 : 0)) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, body);
    directory.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const centralDirectory = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, centralDirectory, end]);
}

async function main() {
  rmSync(dist, { recursive: true, force: true });
  rmSync(serverDist, { recursive: true, force: true });
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
  // The server's stylesheets (dashboard, devis, back office) travel with its package.
  cpSync(path.join(root, 'server', 'assets'), path.join(serverDist, 'assets'), { recursive: true });
  // The WordPress plugin, zipped for a carrier's site: the server offers it at /integrations/wordpress/transport-quote.zip.
  mkdirSync(path.dirname(pluginZip), { recursive: true });
  writeFileSync(pluginZip, zipFolder(wordpressPlugin, 'transport-quote'));
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
