import { DateTime } from 'luxon';
import { BUSINESS_TIME_ZONE, formatClock } from 'transport-quote-wizard/domain';
import { escapeHtml } from '../pages/dashboard-page.ts';

export { escapeHtml };

/** Where the back office lives: every page, form and cookie is under it. */
export const BASE = '/espace-transporteur';

/**
 * The back office's pages run no script and load only their stylesheet; no other site may
 * frame them (a framed form is clickjacking's target), and forms post only here.
 */
export const BACK_OFFICE_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** Who is signed in, as the frame shows it. */
export interface Viewer {
  companyName: string;
  email: string;
  /** The form token of this session (CSRF), for the sign-out form. */
  csrf: string;
  /** Administrators also see the Webhooks, the Réglages and the Équipe. */
  role: 'administrateur' | 'exploitant';
  /** The company's logo beside its name (/logos/…), when it has one. */
  logo?: { src: string; width: number; height: number } | null;
}

export type Section = 'reservations' | 'repertoire' | 'webhooks' | 'reglages' | 'equipe' | 'compte';

/** A hidden field carrying the form token: every form that changes something has one. */
export const csrfField = (token: string) => `<input type="hidden" name="_csrf" value="${escapeHtml(token)}">`;

/**
 * The frame of every page: the company, its sections (Webhooks, Réglages and Équipe for administrators, Mon compte for everyone), the sign-out; then the page. Signed
 * out (the sign-in page), only the product's name.
 */
export function frame(title: string, body: string, viewer: Viewer | null, current: Section | null = null): string {
  const link = (section: Section, label: string) =>
    `<a href="${BASE}/${section}"${current === section ? ' aria-current="page"' : ''}>${label}</a>`;
  const header = viewer
    ? `<header class="top">
  <div class="brand">${viewer.logo ? `<img class="company-logo" src="${escapeHtml(viewer.logo.src)}" width="${viewer.logo.width}" height="${viewer.logo.height}" alt="">` : ''}<span class="product">Espace transporteur</span> <strong>${escapeHtml(viewer.companyName)}</strong></div>
  <nav aria-label="Espace transporteur">${link('reservations', 'Réservations')}${link('repertoire', 'Répertoire')}${viewer.role === 'administrateur' ? `${link('webhooks', 'Webhooks')}${link('reglages', 'Réglages')}${link('equipe', 'Équipe')}` : ''}${link('compte', 'Mon compte')}</nav>
  <form method="post" action="${BASE}/deconnexion" class="sign-out">${csrfField(viewer.csrf)}<button type="submit" class="button secondary">Se déconnecter</button></form>
</header>`
    : `<header class="top"><div class="brand"><span class="product">Espace transporteur</span></div></header>`;
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Espace transporteur</title>
<link rel="stylesheet" href="/back-office.css">
</head>
<body>
${header}
<main id="contenu">
${body}
</main>
</body>
</html>`;
}

const zoned = (iso: string) => DateTime.fromISO(iso, { setZone: true }).setZone(BUSINESS_TIME_ZONE).setLocale('fr');

/** 'lun. 14 déc. 2026 · 9 h' (UX §7.2: short dates, '9 h' times), in Paris. */
export function shortDateTime(iso: string | null): string {
  if (!iso) return '';
  const at = zoned(iso);
  if (!at.isValid) return '';
  const day = at.day === 1 ? '1er' : String(at.day);
  return `${at.toFormat('ccc')} ${day} ${at.toFormat('LLL yyyy')} · ${formatClock(at.toFormat('HH:mm'))}`;
}

/** '14/12/2026 09:00' in Paris: what a French spreadsheet reads as a date (the CSV export). */
export function spreadsheetDateTime(iso: string): string {
  const at = zoned(iso);
  return at.isValid ? at.toFormat('dd/LL/yyyy HH:mm') : '';
}

/** The day of a date in Paris, 'yyyy-mm-dd' (what a date field holds). */
export const dayOf = (iso: string) => zoned(iso).toISODate() ?? '';

/** The states as the carrier reads them ('review': edited by its customer after it was accepted). */
export const STATE_LABELS: Record<string, string> = { new: 'Nouvelle', accepted: 'Acceptée', refused: 'Refusée', review: 'À revoir' };
/** The same, for a list of them (the filter). */
export const STATE_PLURALS: Record<string, string> = { new: 'Nouvelles', accepted: 'Acceptées', refused: 'Refusées', review: 'À revoir' };

export function stateBadge(state: string): string {
  return `<span class="badge state-${escapeHtml(state)}">${escapeHtml(STATE_LABELS[state] ?? state)}</span>`;
}

/** A message above a page's content: what just happened, or what went wrong. */
export function notice(kind: 'success' | 'error' | 'info', text: string, id?: string): string {
  return `<p${id ? ` id="${id}"` : ''} class="notice ${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(text)}</p>`;
}
