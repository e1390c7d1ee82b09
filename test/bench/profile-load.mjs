// node --import tsx test/bench/profile-load.mjs [lite|wizard]: where a page's first load spends the main
// thread, as Lighthouse's long tasks show it (issue 33): an element alone on a 375 px page at
// CPU × 4, on an unminified copy so the profile names our functions (React stays its production
// build). Prints the functions that spent the most time (themselves, then with what they
// called) and the main thread's tasks of 30 ms or more with what ran inside. It measures nothing
// for the README: it says where the time goes before anyone changes code.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, startServer } from '../../server/test/api/support.ts';
import { launchBrowser } from '../e2e/support.ts';
import { buildUnminifiedElements, serveBenchPages } from './bench-pages.mjs';

const tag = `transport-quote-${process.argv[2] === 'wizard' ? 'wizard' : 'lite'}`;
const dist = path.join(ROOT, 'dist');
await buildUnminifiedElements();
writeFileSync(
  path.join(dist, 'bench/load.html'),
  `<!doctype html><html lang="fr"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><body><${tag} maps-provider="local"></${tag}><script type="module" src="/dist/bench/unminified/esm/${tag}.js"></script></body></html>`,
);

const server = await startServer();
const launched = await launchBrowser();
const context = await launched.newContext({ viewport: { width: 375, height: 812 } });
await serveBenchPages(context, server);
const frameName = (frame) => `${frame.functionName || '(anonyme)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`;
try {
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  await cdp.send('Profiler.start');
  await tab.goto(`${server.base}/dist/bench/load.html`);
  await tab.getByRole('combobox', { name: 'Adresse 1', exact: true }).waitFor({ timeout: 30000 });
  await tab.waitForLoadState('networkidle');
  await tab.waitForTimeout(1000);
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Tracing.end');
  await traced;

  // Self and total time per function, from the samples and the call tree.
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const self = new Map();
  const total = new Map();
  profile.samples.forEach((id, index) => {
    const spent = (profile.timeDeltas[index] ?? 0) / 1000;
    const own = frameName(byId.get(id).callFrame);
    self.set(own, (self.get(own) ?? 0) + spent);
    const counted = new Set();
    for (let at = id; at !== undefined; at = parentOf.get(at)) {
      const name = frameName(byId.get(at).callFrame);
      if (!counted.has(name)) total.set(name, (total.get(name) ?? 0) + spent);
      counted.add(name);
    }
  });
  const idle = ['(idle)', '(program)', '(root)', '(garbage'];
  const print = (title, table, count) => {
    console.log(title);
    const top = [...table].filter(([name]) => !idle.some((word) => name.startsWith(word))).sort((a, b) => b[1] - a[1]);
    for (const [name, spent] of top.slice(0, count)) console.log(`${spent.toFixed(1).padStart(8)} ms  ${name}`);
  };
  print(`${tag}, first load at CPU ×4: functions by their own time`, self, 20);
  print('\nthe same with what they called', total, 40);

  // The main thread's long tasks, in order, with what took 5 ms or more inside.
  const mainThread = events.find((event) => event.name === 'RunTask' && event.dur > 20000)?.tid;
  const main = events.filter((event) => event.ph === 'X' && event.dur && event.tid === mainThread);
  const tasks = main.filter((event) => event.name === 'RunTask' && event.dur >= 30000).sort((a, b) => a.ts - b.ts);
  console.log('\ntasks of 30 ms or more (duration, what ran inside):');
  for (const task of tasks) {
    const inside = main
      .filter((event) => event !== task && event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur && event.dur >= 5000)
      .map((event) => {
        const data = event.args?.data ?? {};
        const where = data.url ? ` ${data.url.split('/').pop()}` : '';
        const elementCount = event.args?.elementCount ? ` (${event.args.elementCount} elements)` : '';
        return `${event.name} ${(event.dur / 1000).toFixed(0)}${elementCount}${where}${data.functionName ? ` ${data.functionName}` : ''}`;
      });
    console.log(`${(task.dur / 1000).toFixed(0).padStart(6)} ms  ${inside.join(', ')}`);
  }
} finally {
  await launched.close();
  await server.stop();
}
