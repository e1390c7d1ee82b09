import type { Role } from '../../db/accounts-repo.ts';
import { escapeHtml } from '../layout.ts';
import { ROLE_HELP, ROLE_LABELS } from './links.ts';

/** An e-mail of the team's: its subject, and its text as plain text and as HTML. */
export interface TeamMail {
  subject: string;
  text: string;
  html: string;
}

function html(paragraphs: readonly string[], link: string, label: string): string {
  const body = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n');
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(label)}</title></head><body>
${body}
<p><a href="${escapeHtml(link)}">${escapeHtml(label)}</a></p>
</body></html>`;
}

export function invitationMail(input: { companyName: string; invitedBy: string; role: Role; link: string }): TeamMail {
  const role = ROLE_LABELS[input.role].toLowerCase();
  const paragraphs = [
    'Bonjour,',
    `${input.invitedBy} vous invite dans l’espace transporteur de ${input.companyName}, comme ${role} (${ROLE_HELP[input.role]}).`,
    'Pour accepter, choisissez votre mot de passe avec le lien ci-dessous. Il est valable 72 heures et ne sert qu’une fois.',
    'Si vous n’attendiez pas cette invitation, ignorez ce message\u00a0: aucun compte ne sera créé.',
  ];
  return {
    subject: `Invitation dans l’espace transporteur de ${input.companyName}`,
    text: `${paragraphs.join('\n\n')}\n\n${input.link}\n`,
    html: html(paragraphs, input.link, 'Choisir mon mot de passe'),
  };
}

export function resetMail(input: { companyName: string; link: string }): TeamMail {
  const paragraphs = [
    'Bonjour,',
    `Un nouveau mot de passe a été demandé pour votre compte de l’espace transporteur de ${input.companyName}.`,
    'Choisissez-le avec le lien ci-dessous. Il est valable une heure et ne sert qu’une fois.',
    'Si vous n’avez rien demandé, ignorez ce message\u00a0: votre mot de passe reste le même.',
  ];
  return {
    subject: 'Votre nouveau mot de passe',
    text: `${paragraphs.join('\n\n')}\n\n${input.link}\n`,
    html: html(paragraphs, input.link, 'Choisir un nouveau mot de passe'),
  };
}
