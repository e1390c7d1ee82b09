// The rows of a bench run, by section: each figure beside its goal and the previous run's
// figure. run.mjs prints them and writes docs/benchmarks.md from them (benchmarks-doc.mjs).
import { apiRows } from './api.mjs';
import { quoteRows } from './quote-cost.mjs';
import { fairnessRows } from './sandbox-fairness.mjs';
import { devisPdfRows } from './devis-pdf.mjs';

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * `report`: this run's figures; `previous`: the previous run's, or null; `serverRun`: where the
 * server figures come from (this run, or, for a --ui-only run, the run that measured them);
 * `serverNote`: said above the server sections when this run did not measure them, and
 * `elementsNote` above the elements' sections (a --server-only run); `keptNote` above every
 * section but the devis PDF's, when a --pdf-only run kept them. A section without rows was not
 * measured; the devis PDF's is marked `pdf`.
 */
export function benchSections({ report, previous, serverRun = report, serverNote, elementsNote, keptNote, bytesOnly = false }) {
  const at = (object, keys) => keys.split('.').reduce((value, key) => value?.[key], object);
  const ms = (value) => `${value} ms`;
  /** A measured figure: today's, its goal, and the previous run's, each in its column. */
  const figureRow = (label, keys, show, goal) => [
    label,
    at(report, keys) === undefined ? '—' : show(at(report, keys)),
    goal ?? '',
    at(previous, keys) === undefined ? '—' : show(at(previous, keys)),
  ];
  /** Rows written as [label, figure, goal] from a part of a run, with the previous run's figure of the same label. */
  const withPrevious = (rowsOf, now, before) => {
    const earlier = new Map(before ? rowsOf(before).map(([label, value]) => [label, value]) : []);
    return now ? rowsOf(now).map(([label, value, goal]) => [label, value, goal, earlier.get(label) ?? '—']) : [];
  };
  const fixedRateRows = (load) => [
    [
      `fixed rate for ${load.seconds} s: search 200/s`,
      `${load.search.ok} answered, ${load.search.failed} failed, p99 ${load.search.p99Ms} ms`,
      'none failed',
    ],
    [
      `fixed rate for ${load.seconds} s: booking 50/s`,
      `${load.booking.ok} acknowledged, ${load.storedBookings} stored, ${load.booking.failed} failed, p99 ${load.booking.p99Ms} ms`,
      'none failed, every one stored',
    ],
  ];
  const byteRows = [
    figureRow('wizard: first panel with its times (browser, gzip)', 'bytes.wizardUsableGzip', kb, `≤ ${kb(report.goals.wizardUsableGzip)}`),
    figureRow('lite: first panel with its times (browser, gzip)', 'bytes.liteUsableGzip', kb, `≤ ${kb(report.goals.liteUsableGzip)}`),
    figureRow('wizard: before its first panel (static imports)', 'bytes.wizardFirstPanelGzip', kb),
    figureRow('lite: before its first panel (static imports)', 'bytes.liteFirstPanelGzip', kb),
    figureRow('wizard: all it can load, pricing worker aside', 'bytes.wizardEverythingGzip', kb, 'withdrawn'),
    figureRow('both elements on one page', 'bytes.bothOnOnePageGzip', kb, `≤ ${kb(report.goals.bothOnOnePageGzip)}`),
    figureRow('lazy: stop times and dates, right after the first panel', 'bytes.lazyTimePartsGzip', kb),
    figureRow('lazy: later panels', 'bytes.lazyLaterPanelsGzip', kb),
    figureRow('lazy: drag library', 'bytes.lazyDragLibraryGzip', kb),
    figureRow('lazy: Google Maps loader', 'bytes.lazyMapsLoaderGzip', kb),
    figureRow('lazy: pricing sandbox worker', 'bytes.lazyPricingSandboxGzip', kb),
  ];
  const timingRows = bytesOnly
    ? []
    : [
        figureRow('first render, CPU ×4: wizard', 'firstRender.wizardMs', ms),
        figureRow('first render, CPU ×4: bare React element', 'firstRender.bareReactElementMs', ms),
        figureRow(
          'first render: wizard / bare React element',
          'firstRender.ratio',
          (ratio) => `× ${ratio}`,
          `≤ × ${report.goals.firstRenderRatio}`,
        ),
        figureRow('reorder, 50 stops + 200 items, CPU ×4', 'interaction.reorderMs', ms, `≤ ${report.goals.reorderMs} ms`),
        figureRow(
          'quantity change, 50 stops + 200 items, CPU ×4',
          'interaction.quantityChangeMs',
          ms,
          `≤ ${report.goals.quantityChangeMs} ms`,
        ),
        figureRow(
          'typing an address, 50 stops, CPU ×4: per key, median',
          'interaction.addressKeyMs',
          ms,
          `≤ ${report.goals.addressKeyMs} ms`,
        ),
        figureRow('typing an address: the slowest key', 'interaction.addressKeyMaxMs', ms),
        figureRow(
          'reorder, typical trip (3 stops, 12 items), CPU ×4',
          'typicalInteraction.reorderMs',
          ms,
          `≤ ${report.goals.typicalReorderMs} ms`,
        ),
        figureRow(
          'quantity change, typical trip, CPU ×4',
          'typicalInteraction.quantityChangeMs',
          ms,
          `≤ ${report.goals.typicalQuantityChangeMs} ms`,
        ),
        figureRow(
          'typing an address, typical trip: per key, median',
          'typicalInteraction.addressKeyMs',
          ms,
          `≤ ${report.goals.typicalAddressKeyMs} ms`,
        ),
        figureRow('typing an address, typical trip: the slowest key', 'typicalInteraction.addressKeyMaxMs', ms),
        figureRow('quantity change: React commits, components run', 'interaction.quantityChangeReact', reactWork),
        figureRow('reorder: React commits, components run', 'interaction.reorderReact', reactWork),
      ];
  const networkRows = bytesOnly
    ? []
    : [
        figureRow('route requests for a 50-stop trip', 'network.fiftyStopTrip.routeRequests', String),
        figureRow('item searches while typing 10 letters', 'network.typingTenLetterItemSearch.requests', String),
        figureRow('geocoder calls while typing a 28-character address', 'network.typingTwentyEightCharacterAddress.requests', String),
      ];
  /** A section's notes, the ones that apply, in one sentence after another. */
  const notes = (...parts) => parts.filter(Boolean).join(' ') || undefined;
  return [
    {
      title: 'Bytes',
      note: notes('gzip -9, each file on its own as it travels, the one-script loader included.', elementsNote, keptNote),
      rows: byteRows,
    },
    {
      title: 'First render and interactions',
      note: notes('Chromium with the CPU slowed 4 times.', elementsNote, keptNote),
      rows: timingRows,
    },
    { title: 'Network economy', note: notes(elementsNote, keptNote), rows: networkRows },
    { title: 'API throughput', note: notes(serverNote, keptNote), rows: withPrevious(apiRows, serverRun.api, previous?.api) },
    {
      title: 'What a quote costs the server',
      note: notes(serverNote, keptNote),
      rows: withPrevious(quoteRows, serverRun.quotes, previous?.quotes),
    },
    {
      title: 'Fixed-rate load',
      note: notes(serverNote, keptNote),
      rows: withPrevious(fixedRateRows, serverRun.fixedRateLoad, previous?.fixedRateLoad),
    },
    {
      title: 'Sandbox fairness between companies (issue 52)',
      note: notes(
        'One company floods its slow grid and spends its own sandbox budget; another company’s quotes on its own grid, one at a time, measured from the client.',
        serverNote,
        keptNote,
      ),
      rows: withPrevious(fairnessRows, serverRun.fairness, previous?.fairness),
    },
    {
      title: 'The devis PDF (issue 52)',
      pdf: true,
      note: notes(
        serverNote,
        'The largest booking the API accepts: 50 stops, 200 items, every text at its limit and unbroken (server/test/api/largest-booking.ts); the PDF from request to last byte, laid out in the server’s worker thread.',
      ),
      rows: withPrevious(devisPdfRows, serverRun.pdf, previous?.pdf),
    },
  ];
}

function reactWork({ commits, rendered, components }) {
  const most = Object.entries(components)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([name, count]) => `${name} ×${count}`);
  return `${commits} commits, ${rendered} components (${most.join(', ')})`;
}
