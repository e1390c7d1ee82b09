// Not imported by any source file: build.mjs adds it to every module loaded with import().
// The modules below are what both elements' first panels run. Reached from every lazy chunk
// as well, they share one set of importers, so esbuild writes them as one file instead of
// dozens of small ones split by which lazy chunks also use them (each file costs its own
// compression and import lines: about 5 KB over the first panel, issue 33).
// First: React is evaluated, then the task ends, before the modules below (see there).
import './react-first.ts';
import './quote-element.ts';
import '../src/ui/addresses/AddressesPanel.tsx';
import '../src/ui/controls/Banners.tsx';
import '../src/ui/controls/InvalidLink.tsx';
import '../src/ui/controls/StepNav.tsx';
import '../src/ui/lazy-panels.ts';
import '../src/ui/worker-url.ts';
import '../src/state/steps.atoms.ts';
import '../src/state/link.atoms.ts';
import '../src/state/company.atoms.ts';
