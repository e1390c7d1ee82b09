import path from 'node:path';
import { parseArgs } from 'node:util';
import { limitsFromEnv } from '../config/limits.ts';
import { createCompany } from '../db/companies-repo.ts';
import { openDatabase, type Sql } from '../db/database.ts';
import { seedDatabase } from '../db/seed.ts';
import { describeStore, storeFromEnv } from '../db/sql.ts';
import { purgeUnacceptedPublicTravels } from '../db/travels-repo.ts';
import { generateToken } from '../security/tokens.ts';

/**
 * The operator's commands, on the database the server uses (same DATABASE_URL or
 * DATABASE_PATH). `npm run carrier -- <commande>` in the repository, `npx
 * transport-quote-carrier <commande>` where the server package is installed.
 */
const USAGE = `Usage : transport-quote-carrier <commande>

  add-company "Nom" [--telephone "01 23 45 67 89"] [--email contact@exemple.fr]
      Crée une entreprise et affiche son jeton (une seule fois : notez-le).
  purge-public
      Supprime maintenant les réservations publiques non acceptées plus anciennes
      que PUBLIC_RETENTION_DAYS jours (le serveur le fait aussi toutes les heures).
`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}`);
  process.exit(2);
}

async function withDatabase<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
  const store = storeFromEnv(process.env, path.resolve('data', 'transport-quote.sqlite'));
  const sql = await openDatabase(store);
  try {
    process.stdout.write(`Base de données : ${describeStore(store)}\n`);
    return await work(sql);
  } finally {
    await sql.close();
  }
}

const [command, ...rest] = process.argv.slice(2);
switch (command) {
  case 'add-company': {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { telephone: { type: 'string' }, email: { type: 'string' } },
    });
    const name = positionals.join(' ').trim();
    if (name.length < 2 || name.length > 120) fail('Le nom de l’entreprise doit compter de 2 à 120 caractères.');
    const token = generateToken();
    const { id } = await withDatabase(async (sql) => {
      // A production database may be empty: the catalogue comes first, as at the server's start.
      await seedDatabase(sql, { demoCompanies: false });
      return createCompany(sql, { name, phone_number: values.telephone, email: values.email }, token);
    });
    process.stdout.write(
      [
        `Entreprise n° ${id} créée : ${name}`,
        `Jeton (à placer dans l’attribut company-token de ses pages intranet ; il n’est affiché qu’une fois) :`,
        token,
        '',
      ].join('\n'),
    );
    break;
  }
  case 'purge-public': {
    const days = limitsFromEnv().publicRetentionDays;
    const before = new Date(Date.now() - days * 24 * 3_600_000).toISOString();
    const purged = await withDatabase((sql) => purgeUnacceptedPublicTravels(sql, before));
    process.stdout.write(`${purged} réservation(s) publique(s) non acceptée(s) de plus de ${days} jours supprimée(s).\n`);
    break;
  }
  case undefined:
  case '--help':
  case 'help':
    process.stdout.write(USAGE);
    break;
  default:
    fail(`Commande inconnue : ${command}`);
}
