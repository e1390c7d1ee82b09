// The database operations a carrier runs beside the server, where the server package is
// installed: `npx transport-quote-db backup <file>` while it runs, `npx transport-quote-db
// restore <file>` into a new database (`npm run db -- …` in the repository). The database is the
// server's own, read from the same configuration (transport-quote.env in the folder it is run
// from, then the environment: DATABASE_URL, else DATABASE_PATH, else the default file).
import { CONFIG_FILE_NAME, DEFAULT_DATABASE, loadConfiguration, serverStore } from '../config/configuration.ts';
import { backupDatabase, DatabaseOperationError, restoreDatabase, type OperationSummary } from '../db/backup.ts';
import { SCHEMA_VERSION } from '../db/database.ts';
import { describeStore } from '../db/sql.ts';
import { asksHelp, asksVersion, versionText } from './version.ts';

/** The installed command's own name (package.json's bin), never a script of the repository. */
const USAGE = [
  'Usage\u00a0: transport-quote-db <commande> <fichier>',
  '',
  '  transport-quote-db backup <fichier>    sauvegarde la base pendant que le serveur tourne',
  '  transport-quote-db restore <fichier>   restaure une sauvegarde dans une base neuve',
  '  transport-quote-db --version            affiche la version du paquet',
  '  transport-quote-db --help               affiche cette aide, sans rien ouvrir',
  '',
  'Dans le dossier où le serveur est installé\u00a0: npx transport-quote-db backup <fichier>.',
  `La base est celle du serveur\u00a0: DATABASE_URL (PostgreSQL), sinon DATABASE_PATH (SQLite), lus dans l’environnement puis dans ${CONFIG_FILE_NAME} du dossier d’où la commande est lancée\u00a0; sans eux, ${DEFAULT_DATABASE} de ce dossier.`,
  '',
].join('\n');

const args = process.argv.slice(2);
const [command, file, ...rest] = args;
// Help and the version open nothing: no configuration read, no database touched.
if (command === 'help' || asksHelp(args)) {
  process.stdout.write(USAGE);
  process.exit(0);
}
if (asksVersion(args)) {
  process.stdout.write(versionText('transport-quote-db', SCHEMA_VERSION));
  process.exit(0);
}
if ((command !== 'backup' && command !== 'restore') || !file || rest.length > 0) {
  process.stderr.write(USAGE);
  process.exit(2);
}

try {
  loadConfiguration();
} catch (error) {
  process.stderr.write(`Configuration illisible\u00a0: ${(error as Error).message}\n`);
  process.exit(1);
}
// The default SQLite file is where the server keeps it: data/ in the folder it is started from.
const store = serverStore();

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')}\u00a0Mo`;
const bookings = ({ bookings: n }: OperationSummary) => (n === null ? '' : `, ${n} réservation${n > 1 ? 's' : ''}`);

try {
  if (command === 'backup') {
    const summary = await backupDatabase(store, file);
    process.stdout.write(
      `Sauvegarde de ${describeStore(store)} écrite dans ${summary.where} (${megabytes(summary.bytes)}${bookings(summary)}).\n`,
    );
  } else {
    const summary = await restoreDatabase(store, file);
    process.stdout.write(
      `Sauvegarde ${file} restaurée dans ${summary.where}${bookings(summary)}. Démarrez le serveur sur cette base\u00a0: il la met à jour s’il le faut.\n`,
    );
  }
} catch (error) {
  const reason = error instanceof DatabaseOperationError ? error.message : `erreur inattendue (${(error as Error).message})`;
  process.stderr.write(`${command === 'backup' ? 'Sauvegarde' : 'Restauration'} impossible\u00a0: ${reason}\n`);
  process.exit(1);
}
