import { CONFIG_FILE_NAME, DEFAULT_DATABASE } from '../config/configuration.ts';

const NBSP = '\u00a0';
const WHERE = [
  `Dans le dossier où le serveur est installé${NBSP}: npx transport-quote-server <commande>.`,
  `Configuration${NBSP}: l’environnement, puis ${CONFIG_FILE_NAME} du dossier d’où la commande est lancée (ou le fichier que`,
  `nomme TRANSPORT_QUOTE_CONFIG). Base${NBSP}: DATABASE_URL (PostgreSQL), sinon DATABASE_PATH (SQLite), sinon ${DEFAULT_DATABASE}.`,
];

/** `transport-quote-server --help`: every command, what it does and what it changes. */
export const SERVER_HELP = [
  `Usage${NBSP}: transport-quote-server [commande]`,
  '',
  `  (aucune) ou start   démarre le serveur${NBSP}: met la base à jour si besoin (la crée si elle`,
  '                      n’existe pas), puis répond aux requêtes jusqu’à SIGTERM ou Ctrl-C.',
  `                      Journal${NBSP}: une ligne JSON par événement sur la sortie standard.`,
  '  migrate             met la base à jour (la crée si elle n’existe pas), puis s’arrête.',
  '                      Ne démarre pas le serveur.',
  '  check               lit la configuration et la base, dit ce qui ne va pas, ne change rien.',
  `                      Code de sortie 0${NBSP}: tout va bien${NBSP}; 1${NBSP}: un problème est nommé.`,
  '  --version           affiche la version du paquet et celle du schéma de base qu’il connaît.',
  `  --help              affiche cette aide (aussi après chaque commande${NBSP}: migrate --help).`,
  '',
  ...WHERE,
  `Les entreprises et les comptes${NBSP}: npx transport-quote-carrier --help${NBSP}; sauvegarde et restauration${NBSP}: npx transport-quote-db --help.`,
  '',
].join('\n');

const COMMAND_HELP: Record<'start' | 'migrate' | 'check', string[]> = {
  start: [
    `Usage${NBSP}: transport-quote-server [start]`,
    '',
    `Démarre le serveur. La base est mise à jour d’abord (créée si elle n’existe pas)${NBSP}; une base`,
    'd’un schéma plus récent que celui de cette version est refusée (code de sortie 1).',
    'Le journal est une ligne JSON par événement sur la sortie standard, la ligne READY en dernier',
    `au démarrage, une dernière ligne à l’arrêt. SEND_NOTHING=1${NBSP}: rien ne sort (copie, essai de restauration).`,
  ],
  migrate: [
    `Usage${NBSP}: transport-quote-server migrate`,
    '',
    'Met la base du serveur au schéma de cette version (la crée si elle n’existe pas), avec le',
    'catalogue et les remplissages des mises à jour précédentes, puis s’arrête (code 0). Ne démarre',
    'pas le serveur. Une base d’un schéma plus récent est refusée (code 1). Journal en JSON, comme le serveur.',
    `Avant de mettre à jour une base en service${NBSP}: arrêtez les serveurs et faites une sauvegarde.`,
  ],
  check: [
    `Usage${NBSP}: transport-quote-server check`,
    '',
    'Lit la configuration et la base sans rien changer (la base ouverte en lecture seule, jamais',
    `créée ni mise à jour) et dit ce qui ne va pas${NBSP}: un réglage refusé, une base absente, en retard`,
    'ou plus récente que cette version, des droits d’écriture manquants.',
    `Code de sortie 0${NBSP}: le serveur peut démarrer tel quel${NBSP}; 1${NBSP}: un problème est nommé.`,
  ],
};

export function serverCommandHelp(command: 'start' | 'migrate' | 'check'): string {
  return [...COMMAND_HELP[command], '', ...WHERE, ''].join('\n');
}
