import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { backOfficeFromEnv } from '../config/back-office.ts';
import { CONFIG_FILE_NAME, loadConfiguration, serverStore } from '../config/configuration.ts';
import { documentsFromEnv } from '../config/documents.ts';
import { limitsFromEnv } from '../config/limits.ts';
import { notificationsFromEnv } from '../config/notifications.ts';
import { operationsFromEnv } from '../config/operations.ts';
import { outboundFromEnv, SEND_NOTHING_WORDS } from '../config/outbound.ts';
import { paymentsFromEnv } from '../config/payments.ts';
import { pricingFromEnv } from '../config/pricing.ts';
import { runtimeFromEnv } from '../config/runtime.ts';
import { SCHEMA_VERSION } from '../db/database.ts';
import { readSchemaState } from '../db/schema-state.ts';
import { describeStore } from '../db/sql.ts';
import { describeMail } from '../notifications/mail-transport.ts';
import { logLevelFromEnv } from '../ops/log.ts';
import { publicPricingFrom } from '../pricing/carrier-records.ts';
import { packageVersion } from './version.ts';

const NBSP = '\u00a0';

/** One finding: `problem` stops the start (or would), `note` is worth knowing, `ok` is fine. */
interface Finding {
  kind: 'ok' | 'note' | 'problem';
  text: string;
}

const MARK: Record<Finding['kind'], string> = { ok: 'OK      ', note: 'Note    ', problem: 'Problème' };

/** Each group of settings read as the server reads it; the first refusal of each is a problem. */
function settingsFindings(env: NodeJS.ProcessEnv): Finding[] {
  const store = serverStore(env);
  const groups: [string, () => unknown][] = [
    ['journal (LOG_LEVEL)', () => logLevelFromEnv(env)],
    ['limites', () => limitsFromEnv(env)],
    ['paquet des éléments', () => runtimeFromEnv(env, false)],
    ['adresse et arrêt', () => operationsFromEnv(env, false)],
    ['e-mails et webhooks', () => notificationsFromEnv(env, false, store.kind === 'sqlite' ? store.file : null)],
    ['espace transporteur', () => backOfficeFromEnv(env, false)],
    ['prix et devis', () => pricingFromEnv(env, false)],
    ['documents', () => documentsFromEnv(env)],
    ['acompte en ligne (STRIPE_*)', () => paymentsFromEnv(env)],
    ['prix des pages publiques', () => publicPricingFrom(env, {})],
    ['envois (SEND_NOTHING)', () => outboundFromEnv(env)],
  ];
  const findings = groups.map(([name, read]): Finding => {
    try {
      read();
      return { kind: 'ok', text: `Réglages${NBSP}: ${name}` };
    } catch (error) {
      return { kind: 'problem', text: `Réglages${NBSP}: ${name}${NBSP}: ${(error as Error).message}` };
    }
  });
  if (findings.some((finding) => finding.kind === 'problem')) return findings;
  // Read once more, all fine: what an operator should know before the start.
  const notifications = notificationsFromEnv(env, false, store.kind === 'sqlite' ? store.file : null);
  const limits = limitsFromEnv(env);
  findings.push({ kind: 'note', text: `E-mails aux clients${NBSP}: ${describeMail(notifications.mail.transport)}` });
  if (notifications.sendNothing) findings.push({ kind: 'note', text: `Envois vers l’extérieur${NBSP}: ${SEND_NOTHING_WORDS}` });
  if (!limits.trustProxy && notifications.publicUrl?.startsWith('https://'))
    findings.push({
      kind: 'note',
      text: `PUBLIC_URL est en https mais TRUST_PROXY n’est pas réglé${NBSP}: derrière un proxy qui termine TLS, les cookies de l’espace transporteur partiraient sans Secure.`,
    });
  if (!notifications.publicUrl)
    findings.push({
      kind: 'note',
      text: `PUBLIC_URL n’est pas réglé${NBSP}: les e-mails n’auront pas de lien vers le devis ni vers l’espace transporteur.`,
    });
  return findings;
}

/** The nearest folder that exists on the way to `file`: where the server would create it. */
function existingParent(file: string): string {
  let dir = path.dirname(file);
  while (!existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

async function databaseFindings(env: NodeJS.ProcessEnv): Promise<Finding[]> {
  const store = serverStore(env);
  const where = describeStore(store);
  const state = await readSchemaState(store);
  switch (state.kind) {
    case 'unreachable':
      return [{ kind: 'problem', text: `Base de données ${where}${NBSP}: illisible (${state.reason})` }];
    case 'missing': {
      if (store.kind === 'sqlite') {
        const parent = existingParent(store.file);
        try {
          accessSync(parent, constants.W_OK);
        } catch {
          return [
            {
              kind: 'problem',
              text: `Base de données ${where}${NBSP}: absente, et ${parent} n’est pas accessible en écriture pour la créer`,
            },
          ];
        }
      }
      return [
        {
          kind: 'note',
          text: `Base de données ${where}${NBSP}: pas encore préparée (transport-quote-server migrate, ou le premier démarrage, la crée)`,
        },
      ];
    }
    case 'found': {
      const findings: Finding[] = [];
      if (state.version > SCHEMA_VERSION)
        findings.push({
          kind: 'problem',
          text: `Base de données ${where}${NBSP}: schéma version ${state.version}, plus récent que la version ${SCHEMA_VERSION} de ce serveur (${packageVersion()})${NBSP}: il refusera de démarrer. Installez la version qui l’a mise à jour, ou restaurez la sauvegarde d’avant la mise à jour.`,
        });
      else if (state.version < SCHEMA_VERSION)
        findings.push({
          kind: 'note',
          text: `Base de données ${where}${NBSP}: schéma version ${state.version}, ce serveur en version ${SCHEMA_VERSION}${NBSP}: transport-quote-server migrate (ou le démarrage) la mettra à jour. Sauvegardez-la d’abord.`,
        });
      else findings.push({ kind: 'ok', text: `Base de données ${where}${NBSP}: schéma version ${state.version}, celle de ce serveur` });
      if (!state.writable)
        findings.push({ kind: 'problem', text: `Base de données ${where}${NBSP}: ${state.why ?? 'pas accessible en écriture'}` });
      return findings;
    }
  }
}

/**
 * `transport-quote-server check`: the configuration read as the server reads it, and the
 * database looked at without a change (never created, never migrated). Prints one line per
 * finding, for a person; returns 0 when the server can start as it is, 1 when a problem is named.
 */
export async function runCheck(): Promise<number> {
  const findings: Finding[] = [];
  let file: string | null = null;
  try {
    file = loadConfiguration();
    findings.push({
      kind: 'ok',
      text: `Configuration${NBSP}: ${file ?? `l’environnement seul (aucun ${CONFIG_FILE_NAME} dans ${process.cwd()})`}`,
    });
  } catch (error) {
    findings.push({ kind: 'problem', text: `Configuration${NBSP}: ${(error as Error).message}` });
  }
  findings.push(...settingsFindings(process.env));
  findings.push(...(await databaseFindings(process.env)));
  const problems = findings.filter((finding) => finding.kind === 'problem').length;
  const lines = [
    `transport-quote-server ${packageVersion()}, schéma version ${SCHEMA_VERSION}${NBSP}: vérification (rien n’est modifié)`,
    ...findings.map((finding) => `${MARK[finding.kind]}  ${finding.text}`),
    problems === 0
      ? `Aucun problème${NBSP}: le serveur peut démarrer.`
      : `${problems} problème${problems > 1 ? 's' : ''}${NBSP}: le serveur ne démarrerait pas, ou pas comme prévu.`,
    '',
  ];
  process.stdout.write(lines.join('\n'));
  return problems === 0 ? 0 : 1;
}
