// The production server (`transport-quote-server`): no demo company, page or account, whatever
// the environment says. The demo is a composition of its own (demo/main.ts, `npm start`).
// Without a command it starts the server; its other commands say what they do (--help) and
// `--help` or `--version` open nothing: no configuration read, no database made.
import { runCheck } from './cli/check.ts';
import { runMigrate } from './cli/migrate.ts';
import { SERVER_HELP, serverCommandHelp } from './cli/server-help.ts';
import { asksHelp, asksVersion, versionText } from './cli/version.ts';
import { SCHEMA_VERSION } from './db/database.ts';
import { startServer } from './start.ts';

const [command, ...rest] = process.argv.slice(2);
const COMMAND = 'transport-quote-server';

if (command === undefined || command === 'start') {
  if (asksHelp(rest)) process.stdout.write(serverCommandHelp('start'));
  else if (rest.length > 0) refuse(`Argument inconnu\u00a0: ${rest[0]}`);
  else await startServer();
} else if (command === '--help' || command === '-h' || command === 'help') {
  process.stdout.write(SERVER_HELP);
} else if (command === '--version' || command === '-V' || command === 'version') {
  process.stdout.write(versionText(COMMAND, SCHEMA_VERSION));
} else if (command === 'migrate' || command === 'check') {
  if (asksHelp(rest)) process.stdout.write(serverCommandHelp(command));
  else if (asksVersion(rest)) process.stdout.write(versionText(COMMAND, SCHEMA_VERSION));
  else if (rest.length > 0) refuse(`Argument inconnu\u00a0: ${rest[0]}`);
  else process.exitCode = command === 'migrate' ? await runMigrate() : await runCheck();
} else {
  refuse(`Commande inconnue\u00a0: ${command}`);
}

function refuse(message: string): void {
  process.stderr.write(`${message}\n\n${SERVER_HELP}`);
  process.exitCode = 2;
}
