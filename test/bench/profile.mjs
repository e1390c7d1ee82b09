// node --import tsx test/bench/profile.mjs [reorder|quantity|typing] [typical]: a CPU profile of one
// interaction of a bench page at CPU ×4, the 50-stop, 200-item trip, or with `typical` the typical
// trip of 3 stops and 12 items, printed as the functions that spent the most time themselves, and
// the trace's main-thread phases (script, style, layout, paint). It measures nothing for the
// README: it says where the time goes before anyone changes code (issue 17), and why a figure of
// the bench falls short of its goal (issue 33): for a click, whether its change reached the DOM in
// its own task, and what ran before the bench could see it.
// Run `npm run bench -- --ui-only` first: it builds the pages and the named copy of the elements.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, startServer } from '../../server/test/api/support.ts';
import { launchBrowser } from '../e2e/support.ts';
import { buildUnminifiedElements, serveBenchPages } from './bench-pages.mjs';
import { controlsOf, tripNamed } from './trips.mjs';

const dist = path.join(ROOT, 'dist');
const interactions = ['reorder', 'quantity', 'typing'];
const unknown = process.argv.slice(2).filter((arg) => ![...interactions, 'typical'].includes(arg));
if (unknown.length > 0) {
  console.error(`Argument inconnu : ${unknown.join(' ')} (attendu : reorder, quantity ou typing, et typical pour le petit trajet).`);
  process.exit(1);
}
const trip = tripNamed(process.argv.slice(2));
const controls = controlsOf(trip);
if (!existsSync(path.join(dist, 'bench', trip.page))) {
  console.error('Lancez d’abord npm run bench -- --ui-only : il construit la page mesurée.');
  process.exit(1);
}
await buildUnminifiedElements();
writeFileSync(
  path.join(dist, 'bench/profile.html'),
  readFileSync(path.join(dist, 'bench', trip.page), 'utf8').replace('/dist/bench/named/', '/dist/bench/unminified/'),
);
const which = interactions.find((name) => process.argv.includes(name)) ?? 'quantity';
const runs = 5;

const server = await startServer();
const launched = await launchBrowser();
const context = await launched.newContext();
await serveBenchPages(context, server);
try {
  const tab = await context.newPage();
  await tab.setViewportSize({ width: 1000, height: 1200 });
  const cdp = await context.newCDPSession(tab);
  await tab.goto(`${server.base}/dist/bench/profile.html`);
  await tab.getByRole('button', { name: 'Suivant' }).waitFor({ timeout: 15000 });
  if (which === 'quantity') {
    await tab.getByRole('button', { name: 'Suivant' }).click();
    await tab.locator(controls.quantityInput).waitFor();
  }
  // Typing: the field has the focus before, as a visitor's has (focusing is not part of a key).
  if (which === 'typing')
    await tab.evaluate(
      (selector) => document.querySelector('transport-quote-wizard').shadowRoot.querySelector(selector).focus(),
      controls.typedAddress,
    );
  await tab.waitForTimeout(1500);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Each interaction clicks or types in the element's shadow root, as the bench does.
  const act = {
    quantity: () =>
      tab.evaluate(
        (selector) => document.querySelector('transport-quote-wizard').shadowRoot.querySelector(selector).click(),
        controls.quantityButton,
      ),
    reorder: () =>
      tab.evaluate(
        (selector) => document.querySelector('transport-quote-wizard').shadowRoot.querySelector(selector).click(),
        controls.reorderButton,
      ),
    typing: () =>
      tab.evaluate((selector) => {
        const input = document.querySelector('transport-quote-wizard').shadowRoot.querySelector(selector);
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
        setValue.call(input, input.value + 'a');
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }, controls.typedAddress),
  }[which];

  // 1. Where the script time goes: self time per function, sampled from the click until its
  // task and the microtasks after it end (what happens later, a route answer, a timer, is not in it).
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  const selfTime = new Map();
  for (let run = 0; run < runs; run += 1) {
    await cdp.send('Profiler.start');
    await act();
    const { profile } = await cdp.send('Profiler.stop');
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    profile.samples.forEach((id, i) => {
      const frame = byId.get(id).callFrame;
      const key = `${frame.functionName || '(anonyme)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`;
      selfTime.set(key, (selfTime.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
    await tab.waitForTimeout(1200);
  }
  const idle = ['(idle)', '(program)'];
  const top = [...selfTime.entries()].filter(([key]) => !idle.some((name) => key.startsWith(name))).sort((a, b) => b[1] - a[1]);
  const busy = top.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(
    `${which}, ${trip.stops} stops + ${trip.items} items: ${runs} runs, ${(busy / runs).toFixed(1)} ms of script per run (sampled, CPU ×4)`,
  );
  for (const [key, ms] of top.slice(0, 30)) console.log(`${(ms / runs).toFixed(2).padStart(8)} ms  ${key}`);

  // 2. The main thread's phases for one more interaction, from a trace.
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing',
    transferMode: 'ReportEvents',
  });
  // A click is marked, and so is the moment its change is in the DOM: looked for after each
  // microtask of the click's own task (React commits a click in one), then after each task. The
  // bench looks only after each task, so its figure also holds what ran before its look, a frame.
  const watched = { reorder: controls.firstAddress, quantity: controls.quantityInput }[which];
  const button = { reorder: controls.reorderButton, quantity: controls.quantityButton }[which];
  if (watched)
    await tab.evaluate(
      ({ watched, button }) =>
        new Promise((resolve) => {
          const root = document.querySelector('transport-quote-wizard').shadowRoot;
          const read = () => {
            const node = root.querySelector(watched);
            return node ? node.textContent + (node.value ?? '') : null;
          };
          const before = read();
          const channel = new MessageChannel();
          let checks = 0;
          const check = () => {
            checks += 1;
            if (read() !== before) {
              performance.mark('tqw-changed');
              resolve();
            } else if (checks < 20) queueMicrotask(check);
            else if (checks < 500) {
              channel.port1.onmessage = check;
              channel.port2.postMessage(null);
            } else resolve();
          };
          performance.mark('tqw-click');
          root.querySelector(button).click();
          queueMicrotask(check);
        }),
      { watched, button },
    );
  else await act();
  await tab.waitForTimeout(1500);
  await cdp.send('Tracing.end');
  await done;
  const phases = new Map();
  for (const event of events)
    if (event.ph === 'X' && event.dur)
      for (const name of [
        'FunctionCall',
        'EventDispatch',
        'RunMicrotasks',
        'UpdateLayoutTree',
        'Layout',
        'Paint',
        'PrePaint',
        'Layerize',
        'Commit',
      ])
        if (event.name === name) phases.set(name, (phases.get(name) ?? 0) + event.dur / 1000);
  console.log('\nmain thread, one interaction (ms, nested phases overlap):');
  for (const [name, ms] of phases) console.log(`${ms.toFixed(1).padStart(8)}  ${name}`);
  // The tasks of that interaction in order, each with what took a millisecond or more inside it:
  // shows whether style and layout run inside the click's task (forced by script) or in a frame.
  // How much each style and layout pass covered: elements restyled, objects laid out.
  const detailOf = (event) => {
    const args = event.args ?? {};
    if (event.name === 'UpdateLayoutTree' && args.elementCount !== undefined) return ` (${args.elementCount} elements)`;
    if (event.name === 'Layout' && args.beginData) return ` (${args.beginData.dirtyObjects}/${args.beginData.totalObjects} objects)`;
    return '';
  };
  const main = events.filter((event) => event.ph === 'X' && event.dur && event.tid === events.find((e) => e.name === 'EventDispatch')?.tid);
  const tasks = main.filter((event) => event.name === 'RunTask' && event.dur >= 2000).sort((a, b) => a.ts - b.ts);
  const origin = tasks[0]?.ts ?? 0;
  console.log('\ntasks of 2 ms or more (start, duration, what ran inside):');
  for (const task of tasks) {
    const inside = main
      .filter((event) => event !== task && event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur && event.dur >= 1000)
      .map((event) => `${event.name} ${(event.dur / 1000).toFixed(1)}${detailOf(event)}`);
    console.log(
      `${((task.ts - origin) / 1000).toFixed(0).padStart(6)} ms ${(task.dur / 1000).toFixed(1).padStart(6)} ms  ${inside.join(', ')}`,
    );
  }
  const mark = (name) => events.find((event) => event.name === name && event.cat?.includes('user_timing'));
  const [click, changed] = [mark('tqw-click'), mark('tqw-changed')];
  if (click && changed) {
    const within = (event) => tasks.find((task) => task.ts <= event.ts && event.ts <= task.ts + task.dur);
    const own = within(click) && within(click) === within(changed);
    console.log(
      `\nchange in the DOM ${((changed.ts - click.ts) / 1000).toFixed(1)} ms after the click, ${own ? 'in the click’s own task' : 'in a later task'} (at ${((changed.ts - origin) / 1000).toFixed(0)} ms above)`,
    );
  }
} finally {
  await launched.close();
  await server.stop();
}
