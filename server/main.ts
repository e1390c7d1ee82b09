// The production server (`transport-quote-server`): no demo company, page or account, whatever
// the environment says. The demo is a composition of its own (demo/main.ts, `npm start`).
import { startServer } from './start.ts';

await startServer();
