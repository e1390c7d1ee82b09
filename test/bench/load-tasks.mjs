// node --import tsx test/bench/load-tasks.mjs [--runs 5] [--no-build] (issue 47): the main thread's
// tasks while a page loads, at CPU × 4 as Lighthouse's phone, on the built elements as visitors
// run them (minified), for the demo's wizard page `/`, its lite page `/lite.html` and the same
// page with the bare React 19 element (test/bench/bare-page.mjs), loaded in turn in the same run.
// For each page: the longest task (wall time, and thread time, which another process on a busy
// machine moves much less) and the blocking time (each task's part over 50 ms, summed), the
// median and each run's figure, each beside the bare page's as a ratio. Then one more load of
// each page with the JavaScript profiler on: its tasks of 40 ms or more, in order, each by trace
// event (compile, module evaluation, callbacks, style, layout, paint) and by the source of the
// code that ran, read from the build's source maps (React DOM, r2wc, valibot, jotai, the
// styles, our files); LOAD_TASKS_EVENTS=1 adds each task's raw trace events. It measures; it
// asserts nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, startServer } from '../../server/test/api/support.ts';
import { launchBrowser } from '../e2e/support.ts';
import { startBarePage } from './bare-page.mjs';
import { sourceLookup } from './source-map-lookup.mjs';

const argument = (name) => process.argv[process.argv.indexOf(name) + 1];
const runs = process.argv.includes('--runs') ? Number(argument('--runs')) : 5;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (micros) => micros / 1000;

if (!process.argv.includes('--no-build')) execFileSync(process.execPath, [path.join(ROOT, 'build.mjs')], { stdio: 'ignore' });

/** Where a sample's code comes from, by the source file of its innermost located frame. */
function partOf(source, functionName) {
  if (!source) {
    if (functionName === '(garbage collector)') return 'garbage collection';
    return functionName && functionName !== '(program)' ? `native ${functionName}` : 'engine (program)';
  }
  if (/node_modules\/(react-dom|scheduler)\//.test(source)) return 'React DOM';
  if (/node_modules\/react\//.test(source)) return 'React';
  if (source.includes('@r2wc')) return 'r2wc';
  if (source.includes('node_modules/valibot')) return 'valibot';
  if (source.includes('node_modules/jotai')) return 'jotai';
  if (source.includes('node_modules/')) return source.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1');
  if (source.endsWith('src/ui/styles.ts')) return 'styles (adoptStyles)';
  return source.replace(/^(\.\.\/)+/, '');
}

/** Source maps of the scripts a page ran, read once each. */
const lookups = new Map();
function lookupFor(url) {
  if (!lookups.has(url)) {
    const file = url.startsWith('http') ? path.join(ROOT, new URL(url).pathname) : '';
    const mapFile = `${file}.map`;
    lookups.set(url, file && existsSync(mapFile) ? sourceLookup(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
  }
  return lookups.get(url);
}
const sourceOf = (frame) => lookupFor(frame.url)?.(frame.lineNumber, frame.columnNumber) ?? null;

/** One load of one page: its main-thread tasks, and the profile's samples inside the longest. */
async function load(browser, url, { profiled = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  try {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    if (profiled) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    }
    const events = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8,v8.execute,disabled-by-default-v8.compile,blink.user_timing',
      transferMode: 'ReportEvents',
    });
    if (profiled) await cdp.send('Profiler.start');
    await tab.goto(url);
    // Polled at each frame with one cheap query, so the wait adds no task of its own worth counting.
    await tab.waitForFunction(
      () => document.querySelector('transport-quote-wizard, transport-quote-lite, bare-react-element')?.shadowRoot?.querySelector('input'),
      undefined,
      { polling: 'raf', timeout: 60000 },
    );
    await tab.waitForLoadState('networkidle');
    await tab.waitForTimeout(1000);
    const profile = profiled ? (await cdp.send('Profiler.stop')).profile : null;
    await cdp.send('Tracing.end');
    await traced;
    return analyse(url, events, profile);
  } finally {
    await context.close();
  }
}

function analyse(url, events, profile) {
  // The page's main thread: the one that started the navigation to it; its tasks from then on
  // (those before are the tab's own, or the profiler's start).
  // (Chromium does not always name the URL in navigationStart: the document's first parse then marks it.)
  const navigation =
    events.find((event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL === url) ??
    events.find((event) => event.name === 'ParseHTML' && event.args?.beginData?.url === url);
  const main = events.filter(
    (event) => event.ph === 'X' && event.pid === navigation.pid && event.tid === navigation.tid && event.dur !== undefined,
  );
  const tasks = main.filter((event) => event.name === 'RunTask' && event.ts >= navigation.ts).sort((a, b) => a.ts - b.ts);
  const longest = tasks.reduce((best, task) => (task.dur > (best?.dur ?? 0) ? task : best), null);
  const blockingMs = tasks.reduce((sum, task) => sum + Math.max(0, ms(task.dur) - 50), 0);
  // Thread time (tdur): what the task ran on the processor, without the time the system gave
  // the core to another process; on a busy machine it moves much less than the wall time.
  const longestCpu = tasks.reduce((best, task) => ((task.tdur ?? 0) > (best?.tdur ?? 0) ? task : best), null);
  const summary = {
    longestMs: ms(longest.dur),
    longestCpuMs: ms(longestCpu?.tdur ?? 0),
    blockingMs,
    taskCount: tasks.filter((task) => task.dur >= 50000).length,
  };
  if (!profile) return summary;
  return { ...summary, tasks: tasks.filter((task) => task.dur >= 40000).map((task) => taskParts(task, main, profile)) };
}

/** Trace events that are not JavaScript (compile, style, layout, paint, parse), outermost ones only, summed by kind. */
const EVENT_KINDS = {
  compile: ['v8.compile', 'v8.compileModule'],
  'module evaluation': ['v8.evaluateModule'],
  'script callback': ['FunctionCall', 'EvaluateScript', 'TimerFire', 'FireAnimationFrame'],
  'style recalculation': ['UpdateLayoutTree', 'RecalculateStyles'],
  layout: ['Layout'],
  'paint and commit': ['Paint', 'PrePaint', 'Layerize', 'Commit'],
  'HTML parse': ['ParseHTML'],
};

/**
 * What one task is made of: its trace events by kind, and its JavaScript samples by the source
 * of the innermost frame a source map places (React DOM, r2wc, the styles, a folder of ours…),
 * with 'React render' for samples under React's scheduler (the first panel's render).
 */
function taskParts(task, main, profile) {
  const within = main.filter((event) => event !== task && event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur);
  const events = {};
  for (const [kind, names] of Object.entries(EVENT_KINDS)) {
    const own = within.filter((event) => names.includes(event.name));
    const outermost = own.filter(
      (event) => !own.some((outer) => outer !== event && outer.ts <= event.ts && outer.ts + outer.dur >= event.ts + event.dur),
    );
    const spent = ms(outermost.reduce((sum, event) => sum + event.dur, 0));
    if (spent >= 0.5) events[kind] = spent;
  }
  if (process.env.LOAD_TASKS_EVENTS) {
    const names = {};
    for (const event of within) names[event.name] = (names[event.name] ?? 0) + ms(event.dur);
    events.all = Object.entries(names)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([name, spent]) => `${name} ${spent.toFixed(0)}`)
      .join(', ');
  }
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const samples = {};
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index];
    const next = at + (profile.timeDeltas[index + 1] ?? 0);
    if (at < task.ts || at > task.ts + task.dur) return;
    const stack = [];
    for (let node = id; node !== undefined; node = parentOf.get(node)) stack.push(byId.get(node).callFrame);
    if (stack[0].functionName === '(idle)') return;
    const located = stack.find((frame) => sourceOf(frame));
    const part = partOf(located && sourceOf(located), stack[0].functionName);
    const scheduled = stack.some((frame) => /node_modules\/scheduler\//.test(sourceOf(frame) ?? ''));
    const key = scheduled ? `React render · ${part}` : part;
    samples[key] = (samples[key] ?? 0) + ms(next - at);
  });
  return { ms: ms(task.dur), cpuMs: ms(task.tdur ?? 0), events, samples };
}

const server = await startServer(undefined, 0, { LOG_LEVEL: 'warn' });
const bare = await startBarePage();
lookups.set(bare.scriptUrl, sourceLookup(bare.sourceMap));
const browser = await launchBrowser();
const pages = [
  { name: 'bare', label: 'bare React 19 element', url: bare.url },
  { name: 'wizard', label: 'wizard /', url: `${server.base}/` },
  { name: 'lite', label: 'lite /lite.html', url: `${server.base}/lite.html` },
];
try {
  const results = Object.fromEntries(pages.map((page) => [page.name, []]));
  // Interleaved: one load of each page in turn, so a busy moment of the machine falls on all three.
  for (let index = 0; index < runs; index += 1) for (const page of pages) results[page.name].push(await load(browser, page.url));
  const bareLongest = median(results.bare.map((result) => result.longestMs));
  const bareBlocking = median(results.bare.map((result) => result.blockingMs));
  const bareCpu = median(results.bare.map((result) => result.longestCpuMs));
  console.log(`Main-thread tasks during load, CPU × 4, median of ${runs} interleaved loads (each run in brackets)\n`);
  for (const page of pages) {
    const list = results[page.name];
    const longest = median(list.map((result) => result.longestMs));
    const blocking = median(list.map((result) => result.blockingMs));
    const ratio = (value, reference) => (reference > 0 ? ` = ${(value / reference).toFixed(2)} × bare` : '');
    console.log(page.label);
    console.log(
      `  longest task   ${longest.toFixed(0)} ms${ratio(longest, bareLongest)} [${list.map((result) => result.longestMs.toFixed(0)).join(', ')}]`,
    );
    const cpu = median(list.map((result) => result.longestCpuMs));
    console.log(
      `  longest task's thread time ${cpu.toFixed(0)} ms${ratio(cpu, bareCpu)} [${list.map((result) => result.longestCpuMs.toFixed(0)).join(', ')}]`,
    );
    console.log(
      `  blocking time  ${blocking.toFixed(0)} ms${ratio(blocking, bareBlocking)} [${list.map((result) => result.blockingMs.toFixed(0)).join(', ')}]`,
    );
    console.log(`  tasks ≥ 50 ms  [${list.map((result) => result.taskCount).join(', ')}]`);
    const profiled = await load(browser, page.url, { profiled: true });
    console.log(`  one more load with the JavaScript profiler on (it slows the page): its tasks of 40 ms or more, in order`);
    const figures = (table, count) =>
      Object.entries(table)
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .filter(([, spent]) => spent >= 1)
        .map(([name, spent]) => `${name} ${spent.toFixed(0)}`)
        .join(', ');
    for (const task of profiled.tasks) {
      const { all, ...kinds } = task.events;
      console.log(`    ${task.ms.toFixed(0).padStart(5)} ms (thread ${task.cpuMs.toFixed(0)} ms)  ${figures(kinds, 7)}`);
      if (all) console.log(`              trace events: ${all}`);
      console.log(`              JavaScript: ${figures(task.samples, 8)}`);
    }
    console.log('');
  }
} finally {
  await browser.close();
  await bare.stop();
  await server.stop();
}
