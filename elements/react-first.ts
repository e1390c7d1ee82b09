// Imported first by both tags (issue 47). Evaluating React and React DOM is the largest part of
// the elements' start, and with our modules, the element's setup and its first render it made
// one task of about 300 ms on a phone. The top-level await below ends that task once React is
// ready: our modules are evaluated in the next one (the shared chunk is run in import order, this
// module's code first), the tag is defined in a third (the entries yield again), and React renders
// the first panel in slices of its own (a transition, elements/quote-element.ts). Whoever imports
// a tag still gets it defined when the import resolves.
import 'react';
import 'react-dom/client';
import '@r2wc/react-to-web-component';
import { yieldToPage } from './yield-to-page.ts';

await yieldToPage();
