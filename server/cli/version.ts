import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * This release's version, from the package the commands run from: every command is built into
 * server/dist/, whose parent holds the package's package.json (installed or in the repository).
 */
export function packageVersion(): string {
  const dist = path.dirname(fileURLToPath(import.meta.url));
  try {
    return (JSON.parse(readFileSync(path.join(dist, '..', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '(version inconnue)';
  }
}

/** What `--version` prints: the package and its version, then the schema it writes and the Node it runs on. */
export function versionText(command: string, schemaVersion: number): string {
  const home = command === 'transport-quote-server' ? '' : 'paquet transport-quote-server, ';
  return `${command} ${packageVersion()} (${home}schéma de base de données version ${schemaVersion}, Node ${process.versions.node})\n`;
}

/** Whether the arguments ask for help or the version, anywhere after the command: answered before anything is opened. */
export const asksHelp = (args: readonly string[]) => args.some((arg) => arg === '--help' || arg === '-h');
export const asksVersion = (args: readonly string[]) => args.some((arg) => arg === '--version' || arg === '-V');
