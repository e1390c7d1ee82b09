// Loaded with --import (NODE_OPTIONS) by npm test's Node 24 stage (test/run-all.mjs): the
// `better-sqlite3` of every process and worker thread of that stage (the tests, the servers they
// start, the commands those run) resolves to the copy .ci/node24.sh compiled against Node 24's
// headers (TQW_BETTER_SQLITE3_DIR), while node_modules keeps the one compiled for the machine's
// Node 20. Whether it is imported or required.
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const folder = process.env.TQW_BETTER_SQLITE3_DIR;
if (folder) {
  if (typeof module.registerHooks !== 'function')
    throw new Error(`TQW_BETTER_SQLITE3_DIR demande module.registerHooks (Node 22.15 ou plus) : ${process.version}`);
  const entry = pathToFileURL(path.join(folder, 'lib', 'index.js')).href;
  module.registerHooks({
    resolve: (specifier, context, nextResolve) =>
      specifier === 'better-sqlite3' ? { url: entry, format: 'commonjs', shortCircuit: true } : nextResolve(specifier, context),
  });
}
