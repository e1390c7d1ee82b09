import type { Role } from '../../db/accounts-repo.ts';
import { BASE } from '../layout.ts';

/** Where the team's pages live. */
export const TEAM_URL = `${BASE}/equipe`;
export const ACCOUNT_URL = `${BASE}/compte`;
export const INVITATION_URL = `${BASE}/invitation`;
export const FORGOTTEN_URL = `${BASE}/mot-de-passe-oublie`;
export const RESET_URL = `${BASE}/nouveau-mot-de-passe`;

/** An invitation's link works 72 hours from when it was (last) sent. */
export const INVITATION_VALIDITY_MS = 72 * 3_600_000;
/** A forgotten password's link works one hour. */
export const RESET_VALIDITY_MS = 3_600_000;

export const ROLE_LABELS: Record<Role, string> = { administrateur: 'Administrateur', exploitant: 'Exploitant' };
/** What each role may do, as the Équipe page explains it. */
export const ROLE_HELP: Record<Role, string> = {
  administrateur: 'réglages, équipe, webhooks, carnet d’adresses et réservations',
  exploitant: 'réservations et carnet d’adresses',
};
export const ROLES: readonly Role[] = ['administrateur', 'exploitant'];

/** The longest password accepted (scrypt hashes any length; a bound keeps a form from costing too much). */
export const PASSWORD_MAX = 200;
