// Runs the element suites in Debian's headless Chromium (the domain's tables need no
// browser: they run under node:test, see package.json's test:domain).
// Test files are bundled by esbuild on the fly: the dev server's own esbuild plugin
// cannot serve React's CommonJS entry points (see notes/toolchain.md).
import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildBundlePlugin } from './test/support/esbuild-bundle-plugin.mjs';
import { referenceServerPlugin } from './test/support/reference-server-plugin.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './test/support/chromium.mjs';

export default {
  files: ['test/elements/**/*.test.{ts,tsx}'],
  nodeResolve: false,
  concurrency: 1,
  testFramework: { config: { timeout: 20000 } },
  plugins: [esbuildBundlePlugin(), referenceServerPlugin()],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: CHROMIUM_ARGS,
      },
    }),
  ],
};
