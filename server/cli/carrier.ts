import { parseArgs } from 'node:util';
import { CONFIG_FILE_NAME, DEFAULT_DATABASE, loadConfiguration, missingDatabaseMessage, serverStore } from '../config/configuration.ts';
import { limitsFromEnv } from '../config/limits.ts';
import { createUser, findUserByEmail, normalEmail, setPassword } from '../db/accounts-repo.ts';
import { createCompany } from '../db/companies-repo.ts';
import { MissingDatabaseError, openDatabase, SCHEMA_VERSION, SchemaTooNewError, type Sql } from '../db/database.ts';
import { seedDatabase } from '../db/seed.ts';
import { describeStore } from '../db/sql.ts';
import { purgeUnacceptedPublicTravels } from '../db/travels-repo.ts';
import { generatePassword, hashPassword } from '../security/passwords.ts';
import { generateToken } from '../security/tokens.ts';
import { asksHelp, asksVersion, versionText } from './version.ts';

/**
 * The operator's commands, on the database the server uses: the same configuration
 * (transport-quote.env in the folder it is run from, then the environment: DATABASE_URL or
 * DATABASE_PATH), and never a database of their own: a database the server has not prepared is
 * refused, not created. `npx transport-quote-carrier <commande>` where the server package is
 * installed (`npm run carrier -- <commande>` in the repository).
 */
const USAGE = `Usage : transport-quote-carrier <commande>

  add-company "Nom" [--telephone "01 23 45 67 89"] [--email contact@exemple.fr]
      Crée une entreprise et affiche sa clé publique (attribut carrier-key de ses pages
      publiques) et son jeton (attribut company-token de ses pages intranet ; affiché
      une seule fois : notez-le).
  add-user --entreprise <n°> adresse@exemple.fr
      Crée un compte administrateur de l’espace transporteur (/espace-transporteur)
      pour cette entreprise et affiche son mot de passe (une seule fois : notez-le).
      Pour le premier administrateur : il invite ensuite ses collègues depuis Équipe.
  reset-password adresse@exemple.fr
      Donne un nouveau mot de passe à ce compte (affiché une fois) et ferme ses sessions.
  purge-public
      Supprime maintenant les réservations publiques non acceptées plus anciennes
      que PUBLIC_RETENTION_DAYS jours (le serveur le fait aussi toutes les heures).
  --version
      Affiche la version du paquet.
  --help
      Affiche cette aide, sans rien ouvrir (aussi après une commande : add-user --help).

Dans le dossier où le serveur est installé : npx transport-quote-carrier <commande>.
La base est celle du serveur : DATABASE_URL (PostgreSQL), sinon DATABASE_PATH (SQLite),
lus dans l’environnement puis dans ${CONFIG_FILE_NAME} du dossier d’où la commande est
lancée ; sans eux, ${DEFAULT_DATABASE} de ce dossier. Elle n’en crée jamais.
`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}`);
  process.exit(2);
}

/** Says why the command stops, without the usage (the command was right). */
function stop(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function withDatabase<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
  let configurationFile: string | null = null;
  try {
    configurationFile = loadConfiguration();
  } catch (error) {
    stop(`Configuration illisible : ${(error as Error).message}`);
  }
  const store = serverStore();
  let sql: Sql;
  try {
    sql = await openDatabase(store, undefined, { create: false });
  } catch (error) {
    if (error instanceof MissingDatabaseError) stop(missingDatabaseMessage(store));
    if (error instanceof SchemaTooNewError) stop(`Commande impossible : ${error.message}`);
    throw error;
  }
  try {
    if (configurationFile) process.stdout.write(`Configuration : ${configurationFile}\n`);
    process.stdout.write(`Base de données : ${describeStore(store)}\n`);
    return await work(sql);
  } finally {
    await sql.close();
  }
}

/** Where an account signs in: PUBLIC_URL's back office when it is set (read from the same configuration). */
function signInAddress(): string {
  const base = process.env.PUBLIC_URL?.trim().replace(/\/+$/, '');
  return base ? `${base}/espace-transporteur` : 'https://<votre serveur>/espace-transporteur (réglez PUBLIC_URL pour l’adresse exacte)';
}

const [command, ...rest] = process.argv.slice(2);
// Help and the version open nothing: no configuration read, no database touched.
if (command !== undefined && asksHelp([command, ...rest])) {
  process.stdout.write(USAGE);
  process.exit(0);
}
if (command !== undefined && asksVersion([command, ...rest])) {
  process.stdout.write(versionText('transport-quote-carrier', SCHEMA_VERSION));
  process.exit(0);
}
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
    const { id, publicKey } = await withDatabase(async (sql) => {
      // A production database may be empty: the catalogue comes first, as at the server's start.
      await seedDatabase(sql);
      return createCompany(sql, { name, phone_number: values.telephone, email: values.email }, token);
    });
    process.stdout.write(
      [
        `Entreprise n° ${id} créée : ${name}`,
        `Clé publique (attribut carrier-key de ses pages publiques ; elle n’ouvre rien de privé, et les Réglages la montrent et la remplacent) :`,
        publicKey,
        `Jeton (à placer dans l’attribut company-token de ses pages intranet ; il n’est affiché qu’une fois) :`,
        token,
        '',
      ].join('\n'),
    );
    break;
  }
  case 'add-user': {
    const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { entreprise: { type: 'string' } } });
    const email = normalEmail(positionals.join(' '));
    const companyId = Number(values.entreprise);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) fail('Indiquez l’adresse e-mail du compte.');
    if (!Number.isInteger(companyId) || companyId < 1)
      fail('Indiquez le numéro de l’entreprise avec --entreprise (affiché par add-company).');
    const password = generatePassword();
    const created = await withDatabase(async (sql) => {
      const company = await sql.get<{ name: string }>('SELECT name FROM companies WHERE id = ?', [companyId]);
      if (!company) return `Aucune entreprise n° ${companyId}.`;
      if (await findUserByEmail(sql, email)) return `Un compte ${email} existe déjà (reset-password lui donne un nouveau mot de passe).`;
      await createUser(sql, companyId, email, await hashPassword(password), new Date().toISOString());
      return { name: company.name };
    });
    if (typeof created === 'string') fail(created);
    process.stdout.write(
      [
        `Compte créé pour ${created.name} (entreprise n° ${companyId}) : ${email}`,
        'Mot de passe (il n’est affiché qu’une fois) :',
        password,
        `Connexion : ${signInAddress()}`,
        '',
      ].join('\n'),
    );
    break;
  }
  case 'reset-password': {
    const email = normalEmail(rest.join(' '));
    if (email === '') fail('Indiquez l’adresse e-mail du compte.');
    const password = generatePassword();
    const hash = await hashPassword(password);
    const found = await withDatabase((sql) => setPassword(sql, email, hash));
    if (!found) fail(`Aucun compte ${email}.`);
    process.stdout.write(
      ['Nouveau mot de passe (il n’est affiché qu’une fois ; les sessions ouvertes sont fermées) :', password, ''].join('\n'),
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
  case '-h':
  case 'help':
    process.stdout.write(USAGE);
    break;
  default:
    fail(`Commande inconnue : ${command}`);
}
