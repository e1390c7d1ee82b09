import { STOP_LABEL_MIN_LENGTH_FOR_NOTES } from '../constants.ts';
import type { Stop } from '../entities/stop.ts';

/** How a stop is named in notes: its label when 5+ characters long, else 'étape N' (spec §9). */
export function stopNoteTitle(stop: Pick<Stop, 'label' | 'step'>): string {
  const label = stop.label.trim();
  return label.length >= STOP_LABEL_MIN_LENGTH_FOR_NOTES ? label : `étape ${stop.step}`;
}

/** A stop as a title: its label of 5 characters or more (spec §9), else 'Étape N'. */
export function stopDisplayName(stop: Pick<Stop, 'label' | 'step'>): string {
  const label = stop.label.trim();
  return label.length >= STOP_LABEL_MIN_LENGTH_FOR_NOTES ? label : `Étape ${stop.step}`;
}

/** 'Notes de l’étape 2', or 'Notes : Agence Lyon Bellecour' for a labelled stop (UX §7.3). */
export function stopNotesLabel(stop: Pick<Stop, 'label' | 'step'>): string {
  const label = stop.label.trim();
  return label.length >= STOP_LABEL_MIN_LENGTH_FOR_NOTES ? `Notes\u00a0: ${label}` : `Notes de l’étape ${stop.step}`;
}

/** The customer's notes followed by each stop's notes under its title. */
export function composeAdditionalNotes(customerNotes: string, stops: readonly Stop[]): string {
  const stopLines = stops.filter((stop) => stop.notes.trim() !== '').map((stop) => `${stopNoteTitle(stop)} : ${stop.notes.trim()}`);
  return [customerNotes.trim(), ...stopLines].filter((part) => part !== '').join('\n');
}
