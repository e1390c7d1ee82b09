import { foldText } from 'transport-quote-wizard/domain';
import type { CatalogueItem } from '../../db/items-repo.ts';
import type { OwnItemFields } from '../../db/own-items-repo.ts';
import { FormReader, frenchNumber, spokenNumber, type FieldError, type FormValues } from './form-fields.ts';

/**
 * One of the carrier's own objects as its form gives it, every figure checked for a plausible
 * value (what a mover carries: from a few litres to a container's worth, up to a safe's weight),
 * each error naming its field in French. The quote prices the object from exactly these figures.
 */

const NAME_MAX = 120;
/** Steel is 7 850 kg/m³: an object denser than that is a typing slip (a volume in litres, a weight in grams). */
const DENSITY_MAX = 8000;

export function readOwnItem(values: FormValues, others: readonly CatalogueItem[]): { item: OwnItemFields | null; errors: FieldError[] } {
  const reader = new FormReader(values);
  const name = reader.text('nom');
  if (name === '') reader.fail('nom', 'Nom de l’objet\u00a0: indiquez-le, par exemple «\u202fCoffre-fort 300 kg\u202f».');
  else if (name.length > NAME_MAX) reader.fail('nom', `Nom de l’objet\u00a0: ${NAME_MAX} caractères au plus.`);
  else if (others.some((other) => foldText(other.name) === foldText(name)))
    reader.fail('nom', 'Nom de l’objet\u00a0: un autre de vos objets porte déjà ce nom.');
  const family = reader.text('famille') || 'Divers';
  if (family.length > 60) reader.fail('famille', 'Famille\u00a0: 60 caractères au plus.');
  const dimension = (field: string, label: string) =>
    reader.number(field, { label, min: 1, max: 2000, optional: true, example: '120', range: 'entre 1 et 2\u202f000\u00a0cm' });
  const length = dimension('longueur', 'Longueur');
  const width = dimension('largeur', 'Largeur');
  const height = dimension('hauteur', 'Hauteur');
  const typedVolume = reader.number('volume', {
    label: 'Volume',
    min: 0.001,
    max: 50,
    optional: true,
    example: '0,5',
    range: 'entre 0,001 et 50\u00a0m³',
  });
  const dimensions = [length, width, height];
  const allDimensions = dimensions.every((value) => value !== null);
  let volume = typedVolume;
  if (volume === null && reader.errors.every((error) => !['volume', 'longueur', 'largeur', 'hauteur'].includes(error.field))) {
    if (allDimensions) volume = Math.round((length! * width! * height!) / 1000) / 1000;
    else
      reader.fail(
        'volume',
        'Volume\u00a0: indiquez-le (en m³, protection comprise), ou les trois dimensions (longueur, largeur, hauteur) dont il sera tiré.',
      );
  }
  if (volume !== null && (volume < 0.001 || volume > 50))
    reader.fail(
      'volume',
      `Volume\u00a0: ${spokenNumber(volume)}\u00a0m³ tiré des dimensions, hors de 0,001 à 50\u00a0m³\u202f; vérifiez-les.`,
    );
  const weight = reader.number('poids', { label: 'Poids', min: 0.1, max: 5000, example: '300', range: 'entre 0,1 et 5\u202f000\u00a0kg' });
  if (volume !== null && weight !== null && weight / volume > DENSITY_MAX)
    reader.fail(
      'poids',
      `Poids\u00a0: ${spokenNumber(weight)}\u00a0kg pour ${spokenNumber(volume)}\u00a0m³, plus dense que l’acier. Vérifiez le poids (en kg) et le volume (en m³).`,
    );
  const persons = reader.number('porteurs', { label: 'Manutentionnaires', min: 1, max: 8, integer: true, example: '2' });
  const time = reader.number('temps', {
    label: 'Temps de manutention',
    min: 0,
    max: 10,
    example: '0,5',
    range: 'entre 0 et 10\u00a0heures par objet',
  });
  const truck = reader.number('camion', {
    label: 'Véhicule minimal',
    min: 0,
    max: 100,
    optional: true,
    example: '12',
    range: 'entre 0 (tout véhicule) et 100\u00a0m³',
  });
  if (truck !== null && truck > 0 && volume !== null && truck < volume)
    reader.fail(
      'camion',
      `Véhicule minimal\u00a0: ${spokenNumber(truck)}\u00a0m³, moins que l’objet lui-même (${spokenNumber(volume)}\u00a0m³).`,
    );
  if (reader.errors.length > 0 || volume === null || weight === null || persons === null || time === null)
    return { item: null, errors: reader.errors };
  return {
    item: {
      name,
      family,
      volume,
      weight,
      length: length ?? 0,
      width: width ?? 0,
      height: height ?? 0,
      time_factor: time,
      persons_needed: persons,
      elevator: reader.checked('ascenseur'),
      minimal_truck_capacity: truck ?? 0,
    },
    errors: [],
  };
}

/** What the form shows of a saved object. */
export function ownItemValues(item: CatalogueItem): FormValues {
  const dimension = (value: number) => (value > 0 ? frenchNumber(value) : '');
  return {
    nom: item.name,
    famille: item.family,
    volume: frenchNumber(item.volume),
    longueur: dimension(item.dimensions_cm.length),
    largeur: dimension(item.dimensions_cm.width),
    hauteur: dimension(item.dimensions_cm.height),
    poids: frenchNumber(item.weight),
    porteurs: String(item.persons_needed),
    temps: frenchNumber(item.time_factor),
    ascenseur: item.elevator ? 'on' : '',
    camion: item.minimal_truck_capacity > 0 ? frenchNumber(item.minimal_truck_capacity) : '',
  };
}
