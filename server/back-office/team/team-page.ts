import type { Role } from '../../db/accounts-repo.ts';
import type { AccountLink, Member } from '../../db/team-repo.ts';
import { csrfField, escapeHtml, frame, notice, shortDateTime, type Viewer } from '../layout.ts';
import { INVITATION_VALIDITY_MS, ROLE_HELP, ROLE_LABELS, ROLES, TEAM_URL } from './links.ts';

export interface TeamPageInput {
  viewer: Viewer;
  /** Who is looking: their own row cannot be removed. */
  selfId: number;
  members: readonly Member[];
  invitations: readonly AccountLink[];
  now: number;
  message: { kind: 'success' | 'error' | 'info'; text: string } | null;
  /** The invitation form as typed, when it was refused. */
  typed?: { email: string; role: Role; error: string };
}

const hidden = (text: string) => `<span class="visually-hidden"> ${escapeHtml(text)}</span>`;

function roleSelect(id: string, name: string, selected: Role): string {
  return `<select id="${id}" name="${name}">${ROLES.map((role) => `<option value="${role}"${role === selected ? ' selected' : ''}>${ROLE_LABELS[role]}</option>`).join('')}</select>`;
}

function memberRow(member: Member, input: TeamPageInput): string {
  const self = member.id === input.selfId;
  const csrf = csrfField(input.viewer.csrf);
  const removal = self
    ? '<p class="meta">C’est vous.</p>'
    : `<details class="remove"><summary class="button secondary small">Retirer${hidden(member.email)}</summary>
<p>${escapeHtml(member.email)} ne pourra plus se connecter, et ses sessions ouvertes prennent fin tout de suite.</p>
<form method="post" action="${TEAM_URL}/${member.id}/retirer">${csrf}<button type="submit" class="button danger small">Retirer de l’équipe${hidden(member.email)}</button></form></details>`;
  return `<tr>
<td data-label="E-mail"><div class="cell">${escapeHtml(member.email)}${self ? ' <span class="badge info">Vous</span>' : ''}</div></td>
<td data-label="Rôle"><div class="cell"><form method="post" action="${TEAM_URL}/${member.id}/role" class="inline-form">${csrf}<label class="visually-hidden" for="role-${member.id}">Rôle de ${escapeHtml(member.email)}</label>${roleSelect(`role-${member.id}`, 'role', member.role)}<button type="submit" class="button secondary small">Changer le rôle${hidden(`de ${member.email}`)}</button></form></div></td>
<td data-label="Connexion"><div class="cell">${member.last_sign_in_at ? escapeHtml(shortDateTime(member.last_sign_in_at)) : 'Jamais connecté'}</div></td>
<td data-label="Retirer"><div class="cell">${removal}</div></td>
</tr>`;
}

function invitationRow(invitation: AccountLink, input: TeamPageInput): string {
  const until = invitation.created_at + INVITATION_VALIDITY_MS;
  const expired = until <= input.now;
  const state = expired
    ? '<span class="badge warning">Expirée</span>'
    : invitation.mail_sent
      ? `Valable jusqu’au ${escapeHtml(shortDateTime(new Date(until).toISOString()))}`
      : '<span class="badge warning">E-mail non envoyé</span>';
  const csrf = csrfField(input.viewer.csrf);
  return `<tr>
<td data-label="E-mail"><div class="cell">${escapeHtml(invitation.email)}</div></td>
<td data-label="Rôle"><div class="cell">${ROLE_LABELS[invitation.role ?? 'exploitant']}</div></td>
<td data-label="État"><div class="cell">${state}</div></td>
<td data-label="Actions"><div class="cell actions-cell">
<form method="post" action="${TEAM_URL}/invitations/${invitation.id}/renvoyer">${csrf}<button type="submit" class="button secondary small">Renvoyer${hidden(`l’invitation de ${invitation.email}`)}</button></form>
<form method="post" action="${TEAM_URL}/invitations/${invitation.id}/annuler">${csrf}<button type="submit" class="button secondary small">Annuler${hidden(`l’invitation de ${invitation.email}`)}</button></form>
</div></td>
</tr>`;
}

/** Équipe: the company's people and their roles, the invitations on their way, and the form that invites. */
export function renderTeamPage(input: TeamPageInput): string {
  const { viewer, members, invitations, message, typed } = input;
  const memberRows = members.map((member) => memberRow(member, input)).join('');
  const invitationRows = invitations.map((invitation) => invitationRow(invitation, input)).join('');
  const chosen = typed?.role ?? 'exploitant';
  const roleChoice = ROLES.map(
    (role) =>
      `<label class="check" for="invitation-${role}"><input type="radio" id="invitation-${role}" name="role" value="${role}"${role === chosen ? ' checked' : ''}> ${ROLE_LABELS[role]}\u00a0: ${escapeHtml(ROLE_HELP[role])}</label>`,
  ).join('');
  const body = `<h1>Équipe</h1>
<p>Les personnes de votre entreprise qui ont accès à cet espace. Un administrateur règle l’entreprise, son équipe, ses webhooks, son carnet d’adresses et suit les réservations\u00a0; un exploitant suit les réservations et le carnet d’adresses. L’entreprise garde toujours au moins un administrateur.</p>
${message ? notice(message.kind, message.text) : ''}${typed ? `<div class="notice error" role="alert"><p>L’invitation n’a pas été envoyée\u00a0: <a href="#invitation-email">corrigez le formulaire «\u202fInviter un collègue\u202f»</a>. Ce que vous avez saisi est conservé.</p></div>` : ''}
<table class="bookings team"><caption class="visually-hidden">Les membres de l’équipe</caption>
<thead><tr><th scope="col">Adresse e-mail</th><th scope="col">Rôle</th><th scope="col">Dernière connexion</th><th scope="col">Retirer</th></tr></thead>
<tbody>${memberRows}</tbody></table>
${
  invitations.length === 0
    ? ''
    : `<h2>Invitations en attente</h2>
<p class="meta">Un lien d’invitation vaut 72\u00a0heures et ne sert qu’une fois. Renvoyer une invitation remplace son lien et le rend valable 72\u00a0heures de plus.</p>
<table class="bookings team"><caption class="visually-hidden">Les invitations en attente</caption>
<thead><tr><th scope="col">Adresse e-mail</th><th scope="col">Rôle</th><th scope="col">État</th><th scope="col">Actions</th></tr></thead>
<tbody>${invitationRows}</tbody></table>`
}
<section class="card invite" aria-labelledby="inviter">
<h2 id="inviter">Inviter un collègue</h2>
<p class="meta">Il reçoit un e-mail avec un lien valable 72\u00a0heures pour choisir son mot de passe.</p>
<form method="post" action="${TEAM_URL}/invitations" class="stack" novalidate>
${csrfField(viewer.csrf)}
<label for="invitation-email">Adresse e-mail</label>
<input id="invitation-email" name="email" type="email" autocomplete="off" required maxlength="254" value="${escapeHtml(typed?.email ?? '')}"${typed ? ' aria-invalid="true" aria-describedby="invitation-erreur"' : ''}>
${typed ? `<p class="field-error" id="invitation-erreur">${escapeHtml(typed.error)}</p>` : ''}
<fieldset class="choice"><legend>Rôle</legend>${roleChoice}</fieldset>
<button type="submit" class="button primary">Envoyer l’invitation</button>
</form>
</section>`;
  return frame('Équipe', body, viewer, 'equipe');
}
