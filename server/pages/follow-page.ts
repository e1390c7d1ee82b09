import { dayInFrance, formatDateAndTime, formatPhone, plusDays, type CompanyData, type TravelPayload } from 'transport-quote-wizard/domain';
import type { BookingProgress, BookingStep, StepWhen } from '../follow/booking-steps.ts';
import { when } from './dashboard-page.ts';
import { html, trusted, type SafeHtml } from './html.ts';

/**
 * The customer's page (issue 46): one stable page, opened by the booking's link, that says where
 * the booking stands as a list of steps, with the carrier's contact, the devis, and the way to
 * change the booking while edits are open. No script: links and text only.
 */
export interface FollowPageInput {
  travelId: number;
  payload: TravelPayload;
  progress: BookingProgress;
  carrier: CompanyData['transportation_company'];
  logo: { src: string; width: number; height: number } | null;
  /** The devis, by the same token the page was opened with. */
  devisUrl: string;
  /** Its PDF, once the server makes one. */
  devisPdfUrl: string | null;
  /**
   * The element's edit mode (EDIT_LINK_URL, or the demo's page): only when the page was opened
   * by the booking's own token; null from the e-mails' read-only link, or when no page edits.
   */
  editUrl: string | null;
  /** Opened by the read-only link of an e-mail: it shows, it does not change. */
  readOnly: boolean;
}

const STATUS_LABELS: Record<BookingStep['status'], string> = {
  done: 'Fait',
  current: 'En cours',
  upcoming: 'À venir',
  stopped: 'Arrêtée',
  skipped: 'Non fait',
};

function whenText(step: BookingStep): string {
  const at: StepWhen = step.when;
  if (at === null) return '';
  const text = 'instant' in at ? when(at.instant) : formatDateAndTime(at.day, '');
  if (step.key === 'veille' || step.key === 'terminee') return step.status === 'done' ? `Le ${text}` : `Prévu le ${text}`;
  if (step.key === 'acceptee' && step.status === 'current' && 'day' in at) return `Date proposée\u00a0: ${text}`;
  return `Le ${text}`;
}

function stepItem(step: BookingStep): SafeHtml {
  const date = whenText(step);
  return html`<li class="step ${step.status}"${step.status === 'current' ? html` aria-current="step"` : ''}>
<p class="step-title"><strong>${step.title}</strong> <span class="status">${STATUS_LABELS[step.status]}</span></p>
${date ? html`<p class="meta">${date}</p>` : ''}${step.detail ? html`<p>${step.detail}</p>` : ''}
</li>`;
}

function editSection(input: FollowPageInput): SafeHtml {
  const { progress } = input;
  const closing = progress.editsCloseAt === null ? '' : formatDateAndTime(dayInFrance(new Date(progress.editsCloseAt)), '');
  // The last day an edit is taken: the day before edits close (at midnight).
  const lastDay = progress.editsCloseAt === null ? '' : formatDateAndTime(plusDays(dayInFrance(new Date(progress.editsCloseAt)), -1), '');
  let body: SafeHtml;
  if (input.payload && progress.steps.some((step) => step.key === 'acceptee' && step.status === 'stopped'))
    body = html`<p>Cette réservation est refusée\u00a0: elle ne se modifie plus. Vous pouvez faire une nouvelle demande.</p>`;
  else if (!progress.editsOpen)
    body = html`<p>Les modifications en ligne sont closes depuis le ${closing}\u00a0: contactez le transporteur pour tout changement.</p>`;
  else if (input.readOnly)
    body = html`<p>Pour modifier votre réservation, ouvrez le lien «\u00a0Suivre ma réservation\u00a0» de votre e-mail de confirmation.</p>`;
  else if (!input.editUrl) body = html`<p>Pour modifier votre réservation, contactez le transporteur.</p>`;
  else
    body = html`<p><a class="button" href="${input.editUrl}">Modifier ma réservation</a></p>
<p class="meta">${lastDay ? `Possible jusqu’au ${lastDay} inclus. ` : ''}Si elle est déjà acceptée, le transporteur accepte de nouveau la réservation modifiée, à son nouveau prix.</p>`;
  return html`<section aria-labelledby="titre-modifier"><h2 id="titre-modifier">Modifier</h2>${body}</section>`;
}

function contactSection(carrier: CompanyData['transportation_company']): SafeHtml {
  const name = carrier?.name || 'Le transporteur';
  const phone = carrier?.phone_number ?? '';
  const email = carrier?.email ?? '';
  const address = carrier?.address ?? '';
  const rows = [
    phone ? html`<li>Téléphone\u00a0: <a href="tel:${phone.replace(/[^\d+]/g, '')}">${formatPhone(phone)}</a></li>` : '',
    email ? html`<li>E-mail\u00a0: <a href="mailto:${email}">${email}</a></li>` : '',
    address ? html`<li>Adresse\u00a0: ${address.replace(/\n/g, ', ')}</li>` : '',
  ].filter((row) => row !== '');
  return html`<section aria-labelledby="titre-contact"><h2 id="titre-contact">Votre transporteur</h2>
<p><strong>${name}</strong></p>${rows.length > 0 ? html`<ul class="contact">${rows}</ul>` : ''}</section>`;
}

export function renderFollowPage(input: FollowPageInput, brandStyle: string | null): string {
  const { payload, carrier, logo, progress } = input;
  const name = carrier?.name || 'Le transporteur';
  const first = payload.addresses[0];
  const last = payload.addresses.at(-1);
  const trip =
    first && last && payload.addresses.length > 1
      ? `De ${first.locality || first.address_complete} à ${last.locality || last.address_complete}`
      : '';
  const date = payload.travel.beginning_date
    ? `Déménagement le ${when(payload.travel.beginning_date)}`
    : 'Date à convenir avec le transporteur';
  const documents = [
    html`<li><a href="${input.devisUrl}">Voir le devis</a></li>`,
    input.devisPdfUrl ? html`<li><a href="${input.devisPdfUrl}">Télécharger le devis en PDF</a></li>` : '',
  ];
  // The brand's style is a colour the routes checked (#rrggbb), allowed by its hash in the page's policy.
  return html`<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Suivi de la réservation n° ${input.travelId} · ${name}</title>
<link rel="stylesheet" href="/devis.css">
<link rel="stylesheet" href="/follow.css">${brandStyle ? html`\n<style>${trusted(brandStyle)}</style>` : ''}
</head>
<body>
<main>
<header class="brand">${logo ? html`<img class="logo" src="${logo.src}" width="${logo.width}" height="${logo.height}" alt="${name}">` : html`<p class="brand-name">${name}</p>`}</header>
<h1>Votre réservation n°\u00a0${input.travelId}</h1>
<p class="meta">${date}${trip ? ` · ${trip}` : ''}</p>
<section aria-labelledby="titre-etapes"><h2 id="titre-etapes">Où en est votre réservation</h2>
<ol class="steps">${progress.steps.map(stepItem)}</ol></section>
${editSection(input)}
<section aria-labelledby="titre-documents"><h2 id="titre-documents">Vos documents</h2><ul class="documents">${documents}</ul></section>
${contactSection(carrier)}
<p class="meta">Cette page est personnelle\u00a0: elle s’ouvre avec le lien de vos e-mails. Ne la transmettez pas.</p>
</main>
</body>
</html>`.text;
}
