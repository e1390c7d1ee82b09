/*
 * Furniture and household-goods catalogue used to seed the demo server.
 *
 * Where the figures come from:
 * - Volumes (m³) are typical values of the kind published by French
 *   moving-volume calculators and movers' guides (the déménageurs'
 *   "calculateur de volume" tables), rounded. They are "moving" volumes:
 *   the space an item takes in the truck once protected, which is often
 *   more than length × width × height.
 * - Weights and dimensions are typical figures from manufacturer
 *   specifications for common models, rounded. Real items vary.
 * - Handling times (time_factor), persons_needed, elevator and
 *   minimal_truck_capacity are this project's own estimates.
 *
 * Conventions:
 * - time_factor: hours for the crew to load AND unload one unit at ground
 *   level, including the usual dismantling/reassembly for beds, wardrobes
 *   and the like.
 * - elevator: the item fits in a standard French residential lift (about
 *   80 × 100 × 200 cm inside) as movers normally carry it, i.e. dismantled
 *   when that is standard practice (wardrobes, bunk beds, shelving); items
 *   needing four handlers are never counted as lift-compatible.
 * - minimal_truck_capacity: smallest truck (m³) able to carry the item,
 *   0 when there is no particular constraint.
 */

/** Families group the catalogue in the UI and the search. */
export type CatalogueFamily =
  | 'Salon'
  | 'Salle à manger'
  | 'Chambre'
  | 'Cuisine'
  | 'Électroménager'
  | 'Salle de bain'
  | 'Bureau'
  | 'Cartons et emballages'
  | 'Extérieur et garage'
  | 'Enfants'
  | 'Loisirs et sport'
  | 'Divers';

export interface CatalogueEntry {
  /** French name, singular, capitalised like a label: 'Canapé 3 places', 'Réfrigérateur américain'. Unique in the file. */
  name: string;
  family: CatalogueFamily;
  /** m³ per unit (volume as movers count it, i.e. the space it takes in the truck). */
  volume: number;
  /** kg per unit, typical. */
  weight: number;
  /** cm, typical outer dimensions (length ≥ width). */
  length: number;
  width: number;
  height: number;
  /** Hours for the crew to load AND unload one unit at ground level (no stairs): a box ~0.03–0.05, a chair ~0.05, a 3-seat sofa ~0.5, an upright piano ~1.5. */
  time_factor: number;
  /** Handlers needed to carry it: 1 for most things, 2 for sofas, wardrobes, fridges, washing machines, 3–4 for pianos, safes. */
  persons_needed: number;
  /** Fits in a standard French residential lift (roughly 80×100×200 cm inside). */
  elevator: boolean;
  /** Smallest truck in m³ that can carry it (e.g. piano à queue 12, billard 12, jet-ski/remorque 12), 0 when no constraint. */
  minimal_truck_capacity: number;
  /** Other words French users type for it (lowercase, e.g. 'frigo' for Réfrigérateur, 'clic-clac' for a sofa bed). Optional. */
  keywords?: string[];
}

export const CATALOGUE: readonly CatalogueEntry[] = [
  // ─── Salon ────────────────────────────────────────────────────────────
  { name: 'Canapé 2 places', family: 'Salon', volume: 1.5, weight: 45, length: 170, width: 90, height: 85, time_factor: 0.4, persons_needed: 2, elevator: false, minimal_truck_capacity: 0, keywords: ['sofa', 'divan', 'canapé deux places', 'causeuse'] },
  { name: 'Canapé 3 places', family: 'Salon', volume: 2, weight: 60, length: 210, width: 95, height: 85, time_factor: 0.5, persons_needed: 2, elevator: false, minimal_truck_capacity: 0, keywords: ['sofa', 'divan', 'canapé trois places'] },
  { name: 'Canapé 4 places', family: 'Salon', volume: 2.5, weight: 75, length: 250, width: 100, height: 85, time_factor: 0.6, persons_needed: 2, elevator: false, minimal_truck_capacity: 0, keywords: ['grand canapé', 'sofa'] },
  { name: "Canapé d'angle", family: 'Salon', volume: 3, weight: 90, length: 260, width: 180, height: 85, time_factor: 0.8, persons_needed: 2, elevator: false, minimal_truck_capacity: 0, keywords: ['canapé angle', 'canapé en l', 'canapé modulable'] },
  { name: 'Canapé convertible', family: 'Salon', volume: 2, weight: 75, length: 200, width: 95, height: 90, time_factor: 0.6, persons_needed: 2, elevator: false, minimal_truck_capacity: 0, keywords: ['clic-clac', 'clic clac', 'bz', 'canapé-lit', 'convertible'] },
  { name: 'Méridienne', family: 'Salon', volume: 1.2, weight: 35, length: 180, width: 75, height: 80, time_factor: 0.35, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['chaise longue', 'récamier'] },
  { name: 'Fauteuil', family: 'Salon', volume: 0.8, weight: 25, length: 85, width: 80, height: 90, time_factor: 0.15, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['fauteuil salon', 'bergère'] },
  { name: 'Fauteuil relax', family: 'Salon', volume: 1, weight: 45, length: 95, width: 90, height: 105, time_factor: 0.25, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['fauteuil releveur', 'fauteuil inclinable', 'relax'] },
  { name: 'Fauteuil club', family: 'Salon', volume: 0.8, weight: 35, length: 90, width: 85, height: 80, time_factor: 0.2, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['fauteuil cuir'] },
  { name: 'Pouf', family: 'Salon', volume: 0.1, weight: 5, length: 45, width: 45, height: 40, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['repose-pieds', 'ottomane'] },
  { name: 'Table basse', family: 'Salon', volume: 0.4, weight: 20, length: 110, width: 60, height: 45, time_factor: 0.1, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['table de salon'] },
  { name: 'Table basse en verre', family: 'Salon', volume: 0.4, weight: 35, length: 120, width: 65, height: 40, time_factor: 0.15, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['table verre', 'table basse verre'] },
  { name: 'Table basse relevable', family: 'Salon', volume: 0.5, weight: 35, length: 110, width: 55, height: 45, time_factor: 0.15, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['table relevable'] },
  { name: "Bout de canapé", family: 'Salon', volume: 0.1, weight: 6, length: 45, width: 45, height: 50, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['table d\'appoint', 'guéridon'] },
  { name: 'Meuble TV', family: 'Salon', volume: 0.6, weight: 35, length: 160, width: 45, height: 50, time_factor: 0.2, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['meuble télé', 'banc tv', 'meuble hifi'] },
  { name: 'Meuble TV haut', family: 'Salon', volume: 1.2, weight: 60, length: 180, width: 50, height: 120, time_factor: 0.4, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['meuble télé', 'ensemble tv', 'meuble de salon'] },
  { name: 'Petite bibliothèque', family: 'Salon', volume: 0.5, weight: 25, length: 80, width: 30, height: 110, time_factor: 0.12, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['bibliothèque basse', 'étagère à livres'] },
  { name: 'Grande bibliothèque', family: 'Salon', volume: 1.5, weight: 60, length: 120, width: 40, height: 200, time_factor: 0.45, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['bibliothèque', 'billy', 'étagère haute'] },
  { name: 'Étagère', family: 'Salon', volume: 0.5, weight: 20, length: 80, width: 35, height: 180, time_factor: 0.12, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['étagère murale', 'rayonnage'] },
  { name: 'Étagère à cases', family: 'Salon', volume: 0.6, weight: 35, length: 147, width: 39, height: 147, time_factor: 0.2, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['kallax', 'étagère cubes', 'expedit'] },
  { name: 'Vitrine', family: 'Salon', volume: 1, weight: 50, length: 80, width: 40, height: 180, time_factor: 0.35, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['meuble vitré', 'bahut vitré'] },
  { name: 'Console', family: 'Salon', volume: 0.3, weight: 15, length: 100, width: 35, height: 80, time_factor: 0.08, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['console d\'entrée', 'meuble d\'entrée'] },
  { name: 'Secrétaire', family: 'Salon', volume: 0.8, weight: 60, length: 100, width: 45, height: 130, time_factor: 0.3, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['secrétaire ancien', 'scriban'] },
  { name: 'Chaîne hi-fi', family: 'Salon', volume: 0.15, weight: 10, length: 60, width: 40, height: 40, time_factor: 0.05, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['hifi', 'ampli', 'platine', 'chaîne stéréo'] },
  { name: 'Enceinte colonne', family: 'Salon', volume: 0.15, weight: 20, length: 30, width: 30, height: 110, time_factor: 0.05, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['enceinte', 'baffle', 'haut-parleur'] },

  // ─── Salle à manger ───────────────────────────────────────────────────
  { name: 'Table 4 personnes', family: 'Salle à manger', volume: 1, weight: 30, length: 120, width: 80, height: 75, time_factor: 0.25, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['petite table', 'table à manger', 'table carrée'] },
  { name: 'Table 6 personnes', family: 'Salle à manger', volume: 1.5, weight: 45, length: 180, width: 90, height: 75, time_factor: 0.35, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['table à manger', 'table de salle à manger'] },
  { name: 'Table 8 personnes', family: 'Salle à manger', volume: 2, weight: 65, length: 220, width: 100, height: 75, time_factor: 0.5, persons_needed: 2, elevator: false, minimal_truck_capacity: 0, keywords: ['grande table', 'table de salle à manger'] },
  { name: 'Table 10 personnes', family: 'Salle à manger', volume: 2.5, weight: 85, length: 260, width: 105, height: 75, time_factor: 0.6, persons_needed: 3, elevator: false, minimal_truck_capacity: 0, keywords: ['très grande table', 'table de ferme'] },
  { name: 'Table ronde', family: 'Salle à manger', volume: 1, weight: 35, length: 120, width: 120, height: 75, time_factor: 0.25, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['table ronde 4 personnes', 'table pied central'] },
  { name: 'Table à rallonges', family: 'Salle à manger', volume: 1.8, weight: 60, length: 200, width: 100, height: 75, time_factor: 0.4, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['table extensible', 'table à allonges'] },
  { name: 'Chaise', family: 'Salle à manger', volume: 0.25, weight: 5, length: 50, width: 45, height: 90, time_factor: 0.05, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['chaises', 'chaise de salle à manger'] },
  { name: 'Chaise rembourrée', family: 'Salle à manger', volume: 0.3, weight: 8, length: 55, width: 50, height: 100, time_factor: 0.05, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['chaise capitonnée', 'chaise en tissu'] },
  { name: 'Chaise pliante', family: 'Salle à manger', volume: 0.1, weight: 4, length: 80, width: 45, height: 8, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['chaise d\'appoint'] },
  { name: 'Banc', family: 'Salle à manger', volume: 0.4, weight: 15, length: 160, width: 35, height: 45, time_factor: 0.08, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['banquette'] },
  { name: 'Tabouret de bar', family: 'Salle à manger', volume: 0.15, weight: 6, length: 40, width: 40, height: 100, time_factor: 0.04, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['tabouret haut', 'chaise de bar'] },
  { name: 'Table haute', family: 'Salle à manger', volume: 0.7, weight: 30, length: 120, width: 60, height: 105, time_factor: 0.2, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['mange-debout', 'table de bar', 'table mange debout'] },
  { name: 'Buffet bas', family: 'Salle à manger', volume: 1, weight: 70, length: 180, width: 50, height: 85, time_factor: 0.35, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['buffet', 'bahut', 'enfilade'] },
  { name: 'Buffet haut', family: 'Salle à manger', volume: 2, weight: 120, length: 140, width: 50, height: 200, time_factor: 0.6, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['buffet deux corps', 'buffet 2 corps', 'bahut haut'] },
  { name: 'Vaisselier', family: 'Salle à manger', volume: 2, weight: 110, length: 130, width: 50, height: 200, time_factor: 0.6, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['buffet vaisselier', 'vaissellier'] },
  { name: 'Argentier', family: 'Salle à manger', volume: 0.5, weight: 35, length: 90, width: 45, height: 100, time_factor: 0.2, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['meuble à argenterie'] },
  { name: 'Desserte', family: 'Salle à manger', volume: 0.3, weight: 12, length: 80, width: 45, height: 80, time_factor: 0.06, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['chariot de service', 'table roulante'] },
  { name: 'Meuble bar', family: 'Salle à manger', volume: 0.8, weight: 45, length: 120, width: 50, height: 110, time_factor: 0.3, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['bar', 'comptoir'] },

  // ─── Chambre ──────────────────────────────────────────────────────────
  { name: 'Lit simple avec sommier et matelas', family: 'Chambre', volume: 1, weight: 50, length: 200, width: 95, height: 50, time_factor: 0.35, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['lit 1 place', 'lit une place', 'lit 90', 'lit 90x190'] },
  { name: 'Lit double avec sommier et matelas', family: 'Chambre', volume: 1.5, weight: 80, length: 200, width: 145, height: 50, time_factor: 0.5, persons_needed: 2, elevator: false, minimal_truck_capacity: 0, keywords: ['lit 2 places', 'lit deux places', 'lit 140', 'lit 140x190'] },
  { name: 'Lit queen size avec sommier et matelas', family: 'Chambre', volume: 1.8, weight: 95, length: 205, width: 165, height: 50, time_factor: 0.55, persons_needed: 2, elevator: false, minimal_truck_capacity: 0, keywords: ['lit 160', 'lit 160x200', 'queen size'] },
  { name: 'Lit king size avec sommier et matelas', family: 'Chambre', volume: 2, weight: 110, length: 205, width: 185, height: 50, time_factor: 0.6, persons_needed: 2, elevator: false, minimal_truck_capacity: 0, keywords: ['lit 180', 'lit 180x200', 'king size'] },
  { name: 'Lit coffre', family: 'Chambre', volume: 2, weight: 110, length: 205, width: 150, height: 45, time_factor: 0.6, persons_needed: 2, elevator: false, minimal_truck_capacity: 0, keywords: ['lit avec rangement', 'sommier coffre'] },
  { name: 'Lit superposé', family: 'Chambre', volume: 1.5, weight: 70, length: 200, width: 100, height: 160, time_factor: 0.6, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['lits superposés', 'lit double hauteur'] },
  { name: 'Lit mezzanine', family: 'Chambre', volume: 2, weight: 80, length: 200, width: 100, height: 180, time_factor: 0.8, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['mezzanine', 'lit en hauteur'] },
  { name: 'Lit gigogne', family: 'Chambre', volume: 1.2, weight: 55, length: 200, width: 95, height: 60, time_factor: 0.4, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['lit tiroir', 'lit banquette'] },
  { name: 'Tête de lit', family: 'Chambre', volume: 0.2, weight: 15, length: 160, width: 10, height: 110, time_factor: 0.05, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['tête de lit capitonnée'] },
  { name: 'Sommier 90 cm', family: 'Chambre', volume: 0.3, weight: 20, length: 190, width: 90, height: 15, time_factor: 0.08, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['sommier 90x190', 'sommier une place', 'sommier à lattes'] },
  { name: 'Sommier 140 cm', family: 'Chambre', volume: 0.45, weight: 35, length: 190, width: 140, height: 15, time_factor: 0.12, persons_needed: 2, elevator: false, minimal_truck_capacity: 0, keywords: ['sommier 140x190', 'sommier deux places', 'sommier tapissier'] },
  { name: 'Sommier 160 cm', family: 'Chambre', volume: 0.5, weight: 40, length: 200, width: 160, height: 15, time_factor: 0.12, persons_needed: 2, elevator: false, minimal_truck_capacity: 0, keywords: ['sommier 160x200'] },
  { name: 'Sommier 180 cm', family: 'Chambre', volume: 0.55, weight: 45, length: 200, width: 180, height: 15, time_factor: 0.15, persons_needed: 2, elevator: false, minimal_truck_capacity: 0, keywords: ['sommier 180x200'] },
  { name: 'Matelas 90 cm', family: 'Chambre', volume: 0.3, weight: 20, length: 190, width: 90, height: 22, time_factor: 0.06, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['matelas 90x190', 'matelas une place', 'matelas 1 place'] },
  { name: 'Matelas 140 cm', family: 'Chambre', volume: 0.5, weight: 30, length: 190, width: 140, height: 22, time_factor: 0.08, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['matelas 140x190', 'matelas deux places', 'matelas 2 places'] },
  { name: 'Matelas 160 cm', family: 'Chambre', volume: 0.6, weight: 35, length: 200, width: 160, height: 25, time_factor: 0.1, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['matelas 160x200', 'matelas queen size'] },
  { name: 'Matelas 180 cm', family: 'Chambre', volume: 0.7, weight: 45, length: 200, width: 180, height: 25, time_factor: 0.12, persons_needed: 2, elevator: false, minimal_truck_capacity: 0, keywords: ['matelas 180x200', 'matelas king size'] },
  { name: 'Armoire 1 porte', family: 'Chambre', volume: 0.8, weight: 45, length: 60, width: 55, height: 190, time_factor: 0.3, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['penderie', 'bonnetière', 'armoire une porte'] },
  { name: 'Armoire 2 portes', family: 'Chambre', volume: 1.8, weight: 80, length: 120, width: 60, height: 200, time_factor: 0.6, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['armoire deux portes', 'armoire penderie', 'garde-robe'] },
  { name: 'Armoire 3 portes', family: 'Chambre', volume: 2.5, weight: 110, length: 150, width: 60, height: 200, time_factor: 0.8, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['armoire trois portes', 'grande armoire'] },
  { name: 'Armoire à portes coulissantes', family: 'Chambre', volume: 3, weight: 150, length: 200, width: 65, height: 225, time_factor: 1, persons_needed: 2, elevator: false, minimal_truck_capacity: 0, keywords: ['armoire coulissante', 'pax', 'placard coulissant'] },
  { name: 'Armoire ancienne', family: 'Chambre', volume: 2.5, weight: 150, length: 160, width: 65, height: 230, time_factor: 1, persons_needed: 3, elevator: false, minimal_truck_capacity: 0, keywords: ['armoire normande', 'armoire en chêne', 'armoire massive', 'armoire de mariage'] },
  { name: 'Module de dressing', family: 'Chambre', volume: 1, weight: 45, length: 100, width: 55, height: 200, time_factor: 0.4, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['dressing', 'élément de dressing'] },
  { name: 'Portant à vêtements', family: 'Chambre', volume: 0.3, weight: 6, length: 120, width: 45, height: 160, time_factor: 0.05, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['portant', 'penderie mobile', 'tringle à vêtements'] },
  { name: 'Commode', family: 'Chambre', volume: 0.8, weight: 40, length: 100, width: 50, height: 85, time_factor: 0.25, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['commode 3 tiroirs', 'meuble à tiroirs'] },
  { name: 'Grande commode', family: 'Chambre', volume: 1.2, weight: 60, length: 140, width: 50, height: 90, time_factor: 0.35, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['commode 6 tiroirs', 'commode large'] },
  { name: 'Chiffonnier', family: 'Chambre', volume: 0.6, weight: 35, length: 60, width: 45, height: 130, time_factor: 0.2, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['semainier', 'commode haute'] },
  { name: 'Table de chevet', family: 'Chambre', volume: 0.15, weight: 10, length: 45, width: 35, height: 50, time_factor: 0.04, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['chevet', 'table de nuit'] },
  { name: 'Coiffeuse', family: 'Chambre', volume: 0.5, weight: 25, length: 100, width: 45, height: 140, time_factor: 0.15, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['table de maquillage', 'poudreuse'] },
  { name: 'Banc de lit', family: 'Chambre', volume: 0.3, weight: 12, length: 120, width: 40, height: 45, time_factor: 0.06, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['bout de lit', 'banquette de chambre'] },
  { name: 'Fauteuil de chambre', family: 'Chambre', volume: 0.5, weight: 15, length: 70, width: 65, height: 85, time_factor: 0.08, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['petit fauteuil', 'fauteuil crapaud'] },

  // ─── Cuisine ──────────────────────────────────────────────────────────
  { name: 'Table de cuisine', family: 'Cuisine', volume: 0.6, weight: 25, length: 110, width: 70, height: 75, time_factor: 0.15, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['petite table', 'table cuisine'] },
  { name: 'Tabouret', family: 'Cuisine', volume: 0.08, weight: 3, length: 35, width: 35, height: 45, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['tabouret bas', 'escabeau de cuisine'] },
  { name: 'Meuble de cuisine bas', family: 'Cuisine', volume: 0.4, weight: 25, length: 80, width: 60, height: 85, time_factor: 0.15, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['élément bas', 'caisson cuisine'] },
  { name: 'Meuble de cuisine haut', family: 'Cuisine', volume: 0.25, weight: 15, length: 80, width: 35, height: 70, time_factor: 0.1, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['élément haut', 'placard mural'] },
  { name: 'Colonne de cuisine', family: 'Cuisine', volume: 0.8, weight: 45, length: 60, width: 60, height: 200, time_factor: 0.3, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['colonne four', 'meuble colonne'] },
  { name: 'Buffet de cuisine', family: 'Cuisine', volume: 1.5, weight: 80, length: 120, width: 50, height: 190, time_factor: 0.5, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['buffet cuisine', 'meuble de cuisine'] },
  { name: 'Îlot central', family: 'Cuisine', volume: 1.2, weight: 100, length: 180, width: 90, height: 90, time_factor: 0.5, persons_needed: 3, elevator: false, minimal_truck_capacity: 0, keywords: ['ilot', 'îlot de cuisine'] },
  { name: 'Desserte de cuisine', family: 'Cuisine', volume: 0.3, weight: 15, length: 70, width: 45, height: 90, time_factor: 0.06, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['chariot de cuisine', 'desserte roulante'] },
  { name: 'Plan de travail', family: 'Cuisine', volume: 0.2, weight: 30, length: 250, width: 65, height: 4, time_factor: 0.15, persons_needed: 2, elevator: false, minimal_truck_capacity: 0, keywords: ['plan de travail bois'] },
  { name: 'Étagère de cuisine', family: 'Cuisine', volume: 0.3, weight: 12, length: 80, width: 40, height: 150, time_factor: 0.08, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['étagère micro-ondes', 'rangement cuisine'] },
  { name: 'Poubelle de cuisine', family: 'Cuisine', volume: 0.1, weight: 5, length: 40, width: 35, height: 70, time_factor: 0.02, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['poubelle', 'corbeille'] },
  { name: 'Range-bouteilles', family: 'Cuisine', volume: 0.1, weight: 5, length: 60, width: 30, height: 60, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['casier à bouteilles', 'porte-bouteilles'] },

  // ─── Électroménager ───────────────────────────────────────────────────
  { name: 'Réfrigérateur', family: 'Électroménager', volume: 0.9, weight: 60, length: 65, width: 60, height: 175, time_factor: 0.35, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['frigo', 'frigidaire', 'réfrigérateur combiné', 'frigo combiné'] },
  { name: 'Réfrigérateur top', family: 'Électroménager', volume: 0.3, weight: 30, length: 58, width: 55, height: 85, time_factor: 0.12, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['petit frigo', 'frigo table top', 'réfrigérateur table top'] },
  { name: 'Réfrigérateur américain', family: 'Électroménager', volume: 1.8, weight: 120, length: 91, width: 75, height: 180, time_factor: 0.6, persons_needed: 3, elevator: false, minimal_truck_capacity: 0, keywords: ['frigo américain', 'side by side', 'réfrigérateur multiportes'] },
  { name: 'Congélateur armoire', family: 'Électroménager', volume: 0.8, weight: 65, length: 65, width: 60, height: 170, time_factor: 0.35, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['congélateur', 'congel', 'congélateur vertical'] },
  { name: 'Congélateur coffre', family: 'Électroménager', volume: 0.8, weight: 55, length: 120, width: 65, height: 85, time_factor: 0.35, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['congélateur bahut', 'congel coffre'] },
  { name: 'Lave-linge', family: 'Électroménager', volume: 0.5, weight: 70, length: 60, width: 60, height: 85, time_factor: 0.3, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['machine à laver', 'lave linge', 'lave-linge hublot'] },
  { name: 'Lave-linge top', family: 'Électroménager', volume: 0.4, weight: 60, length: 60, width: 40, height: 90, time_factor: 0.25, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['machine à laver top', 'lave-linge chargement par le haut'] },
  { name: 'Lave-linge séchant', family: 'Électroménager', volume: 0.5, weight: 75, length: 60, width: 60, height: 85, time_factor: 0.3, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['lavante-séchante', 'machine à laver séchante'] },
  { name: 'Sèche-linge', family: 'Électroménager', volume: 0.5, weight: 40, length: 60, width: 60, height: 85, time_factor: 0.25, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['sèche linge', 'séchoir électrique'] },
  { name: 'Lave-vaisselle', family: 'Électroménager', volume: 0.5, weight: 45, length: 60, width: 60, height: 85, time_factor: 0.25, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['lave vaisselle'] },
  { name: 'Four encastrable', family: 'Électroménager', volume: 0.3, weight: 35, length: 60, width: 55, height: 60, time_factor: 0.15, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['four', 'four électrique'] },
  { name: 'Micro-ondes', family: 'Électroménager', volume: 0.1, weight: 15, length: 50, width: 40, height: 30, time_factor: 0.05, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['micro onde', 'four micro-ondes'] },
  { name: 'Mini-four', family: 'Électroménager', volume: 0.08, weight: 10, length: 50, width: 40, height: 30, time_factor: 0.04, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['petit four', 'four posable'] },
  { name: 'Cuisinière', family: 'Électroménager', volume: 0.6, weight: 55, length: 60, width: 60, height: 85, time_factor: 0.3, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['gazinière', 'cuisinière à gaz', 'cuisinière électrique'] },
  { name: 'Piano de cuisson', family: 'Électroménager', volume: 1, weight: 120, length: 100, width: 60, height: 90, time_factor: 0.5, persons_needed: 3, elevator: true, minimal_truck_capacity: 0, keywords: ['piano cuisine', 'cuisinière large'] },
  { name: 'Plaque de cuisson', family: 'Électroménager', volume: 0.05, weight: 10, length: 60, width: 52, height: 6, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['plaque induction', 'table de cuisson', 'plaque vitrocéramique'] },
  { name: 'Hotte aspirante', family: 'Électroménager', volume: 0.15, weight: 15, length: 90, width: 50, height: 60, time_factor: 0.06, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['hotte'] },
  { name: 'Téléviseur 32 pouces', family: 'Électroménager', volume: 0.1, weight: 5, length: 75, width: 10, height: 45, time_factor: 0.05, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['tv 32', 'télé', 'petite télé', 'écran plat'] },
  { name: 'Téléviseur 40 pouces', family: 'Électroménager', volume: 0.15, weight: 8, length: 90, width: 10, height: 55, time_factor: 0.08, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['tv 40', 'télé', 'écran plat'] },
  { name: 'Téléviseur 55 pouces', family: 'Électroménager', volume: 0.25, weight: 17, length: 125, width: 10, height: 75, time_factor: 0.12, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['tv 55', 'télé', 'écran plat'] },
  { name: 'Téléviseur 65 pouces', family: 'Électroménager', volume: 0.35, weight: 25, length: 145, width: 10, height: 85, time_factor: 0.15, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['tv 65', 'télé', 'grand écran'] },
  { name: 'Téléviseur 75 pouces', family: 'Électroménager', volume: 0.45, weight: 35, length: 170, width: 10, height: 100, time_factor: 0.2, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['tv 75', 'télé', 'très grand écran'] },
  { name: 'Climatiseur mobile', family: 'Électroménager', volume: 0.15, weight: 30, length: 45, width: 40, height: 75, time_factor: 0.06, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['clim', 'climatiseur', 'climatisation'] },
  { name: 'Aspirateur', family: 'Électroménager', volume: 0.08, weight: 6, length: 45, width: 30, height: 35, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['aspi', 'aspirateur balai', 'aspirateur traîneau'] },
  { name: 'Machine à café', family: 'Électroménager', volume: 0.04, weight: 7, length: 40, width: 25, height: 35, time_factor: 0.02, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['cafetière', 'expresso', 'nespresso'] },
  { name: 'Robot de cuisine', family: 'Électroménager', volume: 0.04, weight: 7, length: 40, width: 30, height: 35, time_factor: 0.02, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['thermomix', 'robot pâtissier', 'robot ménager'] },
  { name: "Radiateur d'appoint", family: 'Électroménager', volume: 0.08, weight: 12, length: 60, width: 25, height: 65, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['radiateur bain d\'huile', 'chauffage d\'appoint', 'radiateur électrique'] },
  { name: 'Ventilateur', family: 'Électroménager', volume: 0.1, weight: 5, length: 45, width: 40, height: 120, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['ventilateur sur pied', 'ventilo'] },
  { name: 'Déshumidificateur', family: 'Électroménager', volume: 0.06, weight: 12, length: 40, width: 25, height: 55, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['purificateur d\'air'] },

  // ─── Salle de bain ────────────────────────────────────────────────────
  { name: 'Meuble sous-vasque', family: 'Salle de bain', volume: 0.3, weight: 25, length: 80, width: 45, height: 55, time_factor: 0.12, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['meuble vasque', 'meuble lavabo'] },
  { name: 'Meuble double vasque', family: 'Salle de bain', volume: 0.6, weight: 60, length: 140, width: 50, height: 60, time_factor: 0.25, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['meuble de salle de bain double'] },
  { name: 'Colonne de salle de bain', family: 'Salle de bain', volume: 0.3, weight: 20, length: 35, width: 30, height: 170, time_factor: 0.08, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['colonne salle de bain', 'meuble colonne'] },
  { name: 'Meuble bas de salle de bain', family: 'Salle de bain', volume: 0.25, weight: 15, length: 60, width: 35, height: 80, time_factor: 0.06, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['meuble de rangement salle de bain'] },
  { name: 'Armoire de toilette', family: 'Salle de bain', volume: 0.15, weight: 12, length: 80, width: 15, height: 70, time_factor: 0.06, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['armoire à pharmacie', 'miroir de salle de bain', 'armoire miroir'] },
  { name: 'Étagère de salle de bain', family: 'Salle de bain', volume: 0.1, weight: 5, length: 40, width: 30, height: 120, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['étagère de douche', 'desserte de salle de bain'] },
  { name: 'Panier à linge', family: 'Salle de bain', volume: 0.1, weight: 2, length: 45, width: 35, height: 60, time_factor: 0.02, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['corbeille à linge', 'bac à linge sale'] },
  { name: 'Sèche-serviettes', family: 'Salle de bain', volume: 0.1, weight: 15, length: 60, width: 10, height: 120, time_factor: 0.05, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['radiateur sèche-serviettes', 'porte-serviettes'] },
  { name: 'Tabouret de salle de bain', family: 'Salle de bain', volume: 0.05, weight: 3, length: 35, width: 35, height: 45, time_factor: 0.02, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['marchepied'] },

  // ─── Bureau ───────────────────────────────────────────────────────────
  { name: 'Bureau', family: 'Bureau', volume: 0.8, weight: 35, length: 140, width: 70, height: 75, time_factor: 0.25, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['table de bureau', 'bureau droit'] },
  { name: 'Petit bureau', family: 'Bureau', volume: 0.4, weight: 20, length: 100, width: 50, height: 75, time_factor: 0.12, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['bureau compact', 'bureau d\'appoint'] },
  { name: "Bureau d'angle", family: 'Bureau', volume: 1.2, weight: 50, length: 160, width: 120, height: 75, time_factor: 0.4, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['bureau en l', 'bureau angle'] },
  { name: 'Bureau de direction', family: 'Bureau', volume: 1.5, weight: 90, length: 180, width: 90, height: 75, time_factor: 0.6, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['bureau ministre', 'grand bureau'] },
  { name: 'Bureau assis-debout', family: 'Bureau', volume: 0.8, weight: 45, length: 160, width: 80, height: 75, time_factor: 0.35, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['bureau réglable', 'bureau électrique'] },
  { name: 'Fauteuil de bureau', family: 'Bureau', volume: 0.4, weight: 15, length: 65, width: 65, height: 115, time_factor: 0.08, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['chaise de bureau', 'siège de bureau', 'fauteuil ergonomique'] },
  { name: 'Fauteuil de direction', family: 'Bureau', volume: 0.5, weight: 25, length: 70, width: 70, height: 125, time_factor: 0.1, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['fauteuil cuir de bureau'] },
  { name: 'Chaise visiteur', family: 'Bureau', volume: 0.2, weight: 6, length: 55, width: 50, height: 85, time_factor: 0.04, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['chaise de réunion', 'chaise empilable'] },
  { name: 'Caisson de bureau', family: 'Bureau', volume: 0.15, weight: 20, length: 60, width: 42, height: 55, time_factor: 0.06, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['caisson', 'caisson à tiroirs', 'caisson mobile'] },
  { name: 'Armoire de bureau', family: 'Bureau', volume: 1, weight: 80, length: 100, width: 45, height: 198, time_factor: 0.4, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['armoire haute', 'armoire à portes battantes'] },
  { name: 'Armoire métallique', family: 'Bureau', volume: 1, weight: 90, length: 100, width: 45, height: 195, time_factor: 0.45, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['armoire métal', 'armoire à rideaux', 'armoire de rangement métal'] },
  { name: 'Armoire basse de bureau', family: 'Bureau', volume: 0.5, weight: 40, length: 100, width: 45, height: 100, time_factor: 0.2, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['meuble bas de bureau', 'armoire mi-hauteur'] },
  { name: 'Classeur à tiroirs', family: 'Bureau', volume: 0.4, weight: 50, length: 62, width: 47, height: 132, time_factor: 0.25, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['meuble à dossiers suspendus', 'classeur métallique', 'meuble de classement'] },
  { name: 'Vestiaire métallique', family: 'Bureau', volume: 0.6, weight: 45, length: 60, width: 50, height: 180, time_factor: 0.25, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['casier', 'vestiaire', 'armoire vestiaire'] },
  { name: "Rayonnage d'archives", family: 'Bureau', volume: 0.6, weight: 40, length: 100, width: 40, height: 200, time_factor: 0.3, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['rayonnage', 'étagère archives'] },
  { name: 'Poste de travail', family: 'Bureau', volume: 1.5, weight: 80, length: 160, width: 80, height: 120, time_factor: 0.6, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['poste complet', 'bureau complet', 'workstation'] },
  { name: 'Table de réunion', family: 'Bureau', volume: 2, weight: 90, length: 240, width: 110, height: 75, time_factor: 0.6, persons_needed: 2, elevator: false, minimal_truck_capacity: 0, keywords: ['table de conférence', 'grande table de réunion'] },
  { name: 'Petite table de réunion', family: 'Bureau', volume: 1, weight: 40, length: 120, width: 120, height: 75, time_factor: 0.3, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['table ronde de réunion'] },
  { name: 'Photocopieur', family: 'Bureau', volume: 1, weight: 120, length: 70, width: 65, height: 120, time_factor: 0.5, persons_needed: 3, elevator: true, minimal_truck_capacity: 0, keywords: ['copieur', 'imprimante multifonction', 'photocopieuse'] },
  { name: 'Imprimante', family: 'Bureau', volume: 0.06, weight: 8, length: 45, width: 40, height: 30, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['imprimante laser', 'scanner'] },
  { name: 'Unité centrale', family: 'Bureau', volume: 0.05, weight: 10, length: 45, width: 20, height: 45, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['ordinateur', 'pc', 'tour', 'ordinateur fixe'] },
  { name: "Écran d'ordinateur", family: 'Bureau', volume: 0.03, weight: 5, length: 60, width: 20, height: 45, time_factor: 0.02, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['écran', 'moniteur'] },
  { name: 'Serveur', family: 'Bureau', volume: 0.1, weight: 30, length: 80, width: 45, height: 20, time_factor: 0.1, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['serveur rack', 'serveur informatique', 'nas'] },
  { name: 'Baie informatique', family: 'Bureau', volume: 1.2, weight: 250, length: 100, width: 60, height: 200, time_factor: 1.2, persons_needed: 3, elevator: false, minimal_truck_capacity: 0, keywords: ['baie serveur', 'rack', 'armoire serveur', 'baie de brassage'] },
  { name: 'Tableau blanc', family: 'Bureau', volume: 0.15, weight: 15, length: 180, width: 5, height: 90, time_factor: 0.05, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['tableau velleda', 'paperboard'] },
  { name: 'Destructeur de documents', family: 'Bureau', volume: 0.1, weight: 20, length: 50, width: 35, height: 70, time_factor: 0.04, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['broyeur', 'broyeur de papier'] },
  { name: 'Cloison de bureau', family: 'Bureau', volume: 0.15, weight: 12, length: 160, width: 5, height: 150, time_factor: 0.06, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['séparateur de bureau', 'panneau acoustique', 'écran séparateur'] },
  { name: 'Fontaine à eau', family: 'Bureau', volume: 0.2, weight: 20, length: 35, width: 35, height: 110, time_factor: 0.08, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['distributeur d\'eau'] },

  // ─── Cartons et emballages ────────────────────────────────────────────
  { name: 'Carton standard', family: 'Cartons et emballages', volume: 0.06, weight: 15, length: 55, width: 35, height: 30, time_factor: 0.04, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['carton', 'carton moyen', 'carton de déménagement'] },
  { name: 'Carton livres', family: 'Cartons et emballages', volume: 0.04, weight: 18, length: 40, width: 30, height: 30, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['petit carton', 'carton à livres', 'carton livre'] },
  { name: 'Grand carton', family: 'Cartons et emballages', volume: 0.1, weight: 15, length: 60, width: 40, height: 40, time_factor: 0.05, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['gros carton', 'carton linge'] },
  { name: 'Carton penderie', family: 'Cartons et emballages', volume: 0.35, weight: 15, length: 60, width: 50, height: 110, time_factor: 0.08, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['carton-penderie', 'carton à vêtements', 'penderie carton'] },
  { name: 'Carton vaisselle', family: 'Cartons et emballages', volume: 0.08, weight: 20, length: 50, width: 40, height: 40, time_factor: 0.05, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['carton à verres', 'carton croisillons', 'carton fragile'] },
  { name: 'Carton archives', family: 'Cartons et emballages', volume: 0.03, weight: 10, length: 35, width: 26, height: 27, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['boîte archives', 'carton de bureau'] },
  { name: 'Carton à tableaux', family: 'Cartons et emballages', volume: 0.08, weight: 8, length: 100, width: 10, height: 80, time_factor: 0.04, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['carton miroir', 'carton tableau', 'carton plat'] },
  { name: 'Carton à bouteilles', family: 'Cartons et emballages', volume: 0.03, weight: 16, length: 33, width: 25, height: 33, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['carton bouteilles', 'carton vin', 'caisse de vin'] },
  { name: 'Bac plastique', family: 'Cartons et emballages', volume: 0.06, weight: 12, length: 60, width: 40, height: 30, time_factor: 0.04, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['caisse plastique', 'box plastique', 'bac de rangement'] },
  { name: 'Valise', family: 'Cartons et emballages', volume: 0.1, weight: 15, length: 75, width: 50, height: 28, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['bagage', 'valise rigide'] },
  { name: 'Sac de linge', family: 'Cartons et emballages', volume: 0.08, weight: 6, length: 60, width: 40, height: 35, time_factor: 0.02, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['sac', 'sac cabas', 'sac de vêtements', 'sac de couettes'] },
  { name: 'Housse de matelas', family: 'Cartons et emballages', volume: 0.02, weight: 1, length: 50, width: 40, height: 10, time_factor: 0.01, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['housse', 'housse de protection'] },

  // ─── Extérieur et garage ──────────────────────────────────────────────
  { name: 'Salon de jardin', family: 'Extérieur et garage', volume: 1.5, weight: 40, length: 150, width: 90, height: 75, time_factor: 0.4, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['mobilier de jardin', 'table de jardin avec chaises', 'ensemble de jardin'] },
  { name: 'Table de jardin', family: 'Extérieur et garage', volume: 1, weight: 25, length: 160, width: 90, height: 75, time_factor: 0.2, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['table d\'extérieur', 'table de terrasse'] },
  { name: 'Chaise de jardin', family: 'Extérieur et garage', volume: 0.2, weight: 4, length: 55, width: 55, height: 85, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['chaise empilable', 'fauteuil de jardin'] },
  { name: 'Bain de soleil', family: 'Extérieur et garage', volume: 0.4, weight: 10, length: 190, width: 65, height: 35, time_factor: 0.06, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['transat', 'chaise longue', 'lit de jardin'] },
  { name: 'Balancelle', family: 'Extérieur et garage', volume: 1.2, weight: 35, length: 200, width: 120, height: 160, time_factor: 0.4, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['balancelle de jardin'] },
  { name: 'Parasol', family: 'Extérieur et garage', volume: 0.15, weight: 10, length: 250, width: 20, height: 20, time_factor: 0.05, persons_needed: 1, elevator: false, minimal_truck_capacity: 0, keywords: ['parasol droit', 'ombrelle'] },
  { name: 'Parasol déporté', family: 'Extérieur et garage', volume: 0.4, weight: 30, length: 260, width: 40, height: 40, time_factor: 0.15, persons_needed: 2, elevator: false, minimal_truck_capacity: 0, keywords: ['parasol excentré', 'parasol avec pied'] },
  { name: 'Barbecue', family: 'Extérieur et garage', volume: 0.4, weight: 20, length: 65, width: 60, height: 100, time_factor: 0.1, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['bbq', 'barbecue charbon', 'weber'] },
  { name: 'Barbecue à gaz', family: 'Extérieur et garage', volume: 0.8, weight: 45, length: 130, width: 60, height: 115, time_factor: 0.3, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['bbq gaz', 'barbecue gaz'] },
  { name: 'Plancha', family: 'Extérieur et garage', volume: 0.1, weight: 15, length: 70, width: 45, height: 25, time_factor: 0.04, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['plancha gaz', 'plancha électrique'] },
  { name: 'Tondeuse', family: 'Extérieur et garage', volume: 0.4, weight: 30, length: 140, width: 55, height: 100, time_factor: 0.1, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['tondeuse à gazon', 'tondeuse thermique', 'tondeuse électrique'] },
  { name: 'Tondeuse autoportée', family: 'Extérieur et garage', volume: 2.5, weight: 200, length: 180, width: 100, height: 110, time_factor: 0.6, persons_needed: 3, elevator: false, minimal_truck_capacity: 12, keywords: ['tracteur tondeuse', 'autoportée', 'rider'] },
  { name: 'Débroussailleuse', family: 'Extérieur et garage', volume: 0.08, weight: 7, length: 180, width: 30, height: 25, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['rotofil', 'coupe-bordure'] },
  { name: 'Taille-haie', family: 'Extérieur et garage', volume: 0.03, weight: 4, length: 100, width: 20, height: 20, time_factor: 0.02, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['taille haie', 'cisaille électrique'] },
  { name: 'Nettoyeur haute pression', family: 'Extérieur et garage', volume: 0.15, weight: 15, length: 50, width: 35, height: 90, time_factor: 0.04, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['kärcher', 'karcher', 'nettoyeur hp'] },
  { name: 'Brouette', family: 'Extérieur et garage', volume: 0.4, weight: 15, length: 140, width: 60, height: 60, time_factor: 0.05, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['diable', 'chariot de jardin'] },
  { name: "Lot d'outils de jardin", family: 'Extérieur et garage', volume: 0.15, weight: 10, length: 150, width: 30, height: 30, time_factor: 0.05, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['outils', 'pelle', 'râteau', 'bêche', 'outils de jardinage'] },
  { name: 'Caisse à outils', family: 'Extérieur et garage', volume: 0.05, weight: 15, length: 50, width: 25, height: 25, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['boîte à outils', 'outils', 'mallette à outils'] },
  { name: "Servante d'atelier", family: 'Extérieur et garage', volume: 0.4, weight: 60, length: 70, width: 45, height: 90, time_factor: 0.2, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['servante', 'chariot à outils', 'desserte d\'atelier'] },
  { name: 'Établi', family: 'Extérieur et garage', volume: 1, weight: 60, length: 150, width: 65, height: 90, time_factor: 0.35, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['etabli', 'table de travail', 'plan de travail atelier'] },
  { name: 'Rayonnage métallique', family: 'Extérieur et garage', volume: 0.5, weight: 25, length: 100, width: 40, height: 180, time_factor: 0.2, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['étagère métallique', 'étagère de garage', 'étagère cave'] },
  { name: 'Escabeau', family: 'Extérieur et garage', volume: 0.1, weight: 6, length: 150, width: 45, height: 10, time_factor: 0.02, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['marchepied', 'petite échelle'] },
  { name: 'Échelle', family: 'Extérieur et garage', volume: 0.15, weight: 12, length: 300, width: 45, height: 10, time_factor: 0.04, persons_needed: 1, elevator: false, minimal_truck_capacity: 0, keywords: ['echelle', 'échelle coulissante', 'échelle pliante'] },
  { name: 'Coffre de jardin', family: 'Extérieur et garage', volume: 0.8, weight: 30, length: 130, width: 60, height: 65, time_factor: 0.15, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['coffre de rangement extérieur', 'malle de jardin'] },
  { name: 'Grande jardinière', family: 'Extérieur et garage', volume: 0.2, weight: 25, length: 80, width: 40, height: 40, time_factor: 0.06, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['jardinière', 'bac à fleurs'] },
  { name: "Récupérateur d'eau", family: 'Extérieur et garage', volume: 0.35, weight: 15, length: 80, width: 70, height: 110, time_factor: 0.08, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['cuve à eau', 'citerne'] },
  { name: 'Poubelle à roulettes', family: 'Extérieur et garage', volume: 0.3, weight: 12, length: 70, width: 58, height: 105, time_factor: 0.04, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['conteneur', 'container', 'poubelle extérieure'] },
  { name: 'Jeu de 4 pneus', family: 'Extérieur et garage', volume: 0.4, weight: 40, length: 65, width: 65, height: 85, time_factor: 0.08, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['pneus', 'roues', 'pneus neige'] },
  { name: 'Stère de bois', family: 'Extérieur et garage', volume: 1, weight: 450, length: 100, width: 100, height: 100, time_factor: 1, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['bois de chauffage', 'bûches', 'stère'] },
  { name: 'Niche', family: 'Extérieur et garage', volume: 0.5, weight: 20, length: 100, width: 70, height: 75, time_factor: 0.08, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['niche pour chien', 'abri pour chien'] },
  { name: 'Scooter', family: 'Extérieur et garage', volume: 1.5, weight: 110, length: 180, width: 70, height: 115, time_factor: 0.5, persons_needed: 3, elevator: false, minimal_truck_capacity: 12, keywords: ['scooter 50', 'mobylette', 'cyclomoteur'] },
  { name: 'Moto', family: 'Extérieur et garage', volume: 2, weight: 200, length: 210, width: 80, height: 120, time_factor: 0.7, persons_needed: 4, elevator: false, minimal_truck_capacity: 12, keywords: ['motocyclette', 'moto routière'] },
  { name: 'Remorque', family: 'Extérieur et garage', volume: 3, weight: 150, length: 250, width: 130, height: 80, time_factor: 0.8, persons_needed: 4, elevator: false, minimal_truck_capacity: 12, keywords: ['petite remorque', 'remorque bagagère'] },

  // ─── Enfants ──────────────────────────────────────────────────────────
  { name: 'Lit bébé', family: 'Enfants', volume: 0.6, weight: 25, length: 125, width: 65, height: 90, time_factor: 0.2, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['lit à barreaux', 'lit de bébé', 'lit parapluie'] },
  { name: 'Berceau', family: 'Enfants', volume: 0.3, weight: 10, length: 90, width: 50, height: 80, time_factor: 0.06, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['couffin', 'cododo'] },
  { name: 'Lit enfant', family: 'Enfants', volume: 0.8, weight: 35, length: 145, width: 75, height: 70, time_factor: 0.3, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['lit 70x140', 'lit junior', 'lit évolutif'] },
  { name: 'Table à langer', family: 'Enfants', volume: 0.6, weight: 25, length: 90, width: 55, height: 100, time_factor: 0.15, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['commode à langer', 'plan à langer'] },
  { name: 'Chaise haute', family: 'Enfants', volume: 0.25, weight: 7, length: 60, width: 55, height: 100, time_factor: 0.04, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['chaise haute bébé', 'chaise bébé'] },
  { name: 'Poussette', family: 'Enfants', volume: 0.2, weight: 10, length: 80, width: 55, height: 100, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['landau', 'poussette canne', 'poussette double'] },
  { name: 'Siège auto', family: 'Enfants', volume: 0.1, weight: 6, length: 60, width: 45, height: 65, time_factor: 0.02, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['cosy', 'rehausseur', 'siège auto bébé'] },
  { name: 'Parc bébé', family: 'Enfants', volume: 0.2, weight: 12, length: 100, width: 20, height: 80, time_factor: 0.05, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['parc', 'parc pliant'] },
  { name: 'Baignoire bébé', family: 'Enfants', volume: 0.06, weight: 2, length: 85, width: 50, height: 25, time_factor: 0.02, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['baignoire enfant'] },
  { name: 'Coffre à jouets', family: 'Enfants', volume: 0.2, weight: 10, length: 80, width: 40, height: 45, time_factor: 0.04, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['boîte à jouets', 'malle à jouets', 'jouets'] },
  { name: 'Bureau enfant', family: 'Enfants', volume: 0.4, weight: 20, length: 100, width: 55, height: 75, time_factor: 0.12, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['bureau écolier', 'pupitre'] },
  { name: 'Chaise enfant', family: 'Enfants', volume: 0.1, weight: 3, length: 35, width: 35, height: 60, time_factor: 0.02, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['petite chaise'] },
  { name: 'Table et chaises enfant', family: 'Enfants', volume: 0.3, weight: 12, length: 70, width: 60, height: 50, time_factor: 0.06, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['ensemble table enfant', 'table enfant'] },
  { name: 'Vélo enfant', family: 'Enfants', volume: 0.3, weight: 10, length: 120, width: 25, height: 70, time_factor: 0.04, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['vélo 20 pouces', 'vélo 16 pouces', 'bicyclette enfant', 'draisienne'] },
  { name: 'Trottinette', family: 'Enfants', volume: 0.05, weight: 4, length: 80, width: 30, height: 20, time_factor: 0.02, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['trottinette enfant', 'patinette'] },
  { name: 'Cuisine enfant', family: 'Enfants', volume: 0.3, weight: 12, length: 80, width: 35, height: 100, time_factor: 0.06, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['cuisinette', 'cuisine jouet', 'dînette'] },
  { name: 'Maison de poupée', family: 'Enfants', volume: 0.2, weight: 10, length: 80, width: 35, height: 80, time_factor: 0.05, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['maison de poupées', 'maison jouet'] },
  { name: 'Portique de jardin', family: 'Enfants', volume: 1, weight: 40, length: 250, width: 40, height: 30, time_factor: 0.6, persons_needed: 2, elevator: false, minimal_truck_capacity: 0, keywords: ['balançoire', 'portique', 'toboggan'] },

  // ─── Loisirs et sport ─────────────────────────────────────────────────
  { name: 'Vélo adulte', family: 'Loisirs et sport', volume: 0.5, weight: 15, length: 180, width: 60, height: 100, time_factor: 0.08, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['vélo', 'bicyclette', 'vtt', 'vélo de route', 'vtc'] },
  { name: 'Vélo électrique', family: 'Loisirs et sport', volume: 0.5, weight: 25, length: 180, width: 65, height: 110, time_factor: 0.1, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['vae', 'vélo à assistance électrique', 'vtt électrique'] },
  { name: 'Vélo cargo', family: 'Loisirs et sport', volume: 1, weight: 45, length: 250, width: 70, height: 110, time_factor: 0.2, persons_needed: 2, elevator: false, minimal_truck_capacity: 0, keywords: ['biporteur', 'triporteur', 'vélo cargo électrique'] },
  { name: "Vélo d'appartement", family: 'Loisirs et sport', volume: 0.4, weight: 35, length: 100, width: 55, height: 140, time_factor: 0.2, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['vélo de salle', 'home trainer', 'vélo fitness'] },
  { name: 'Vélo elliptique', family: 'Loisirs et sport', volume: 0.8, weight: 60, length: 170, width: 65, height: 160, time_factor: 0.35, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['elliptique', 'vélo elliptique'] },
  { name: 'Tapis de course', family: 'Loisirs et sport', volume: 1.2, weight: 90, length: 190, width: 85, height: 140, time_factor: 0.5, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['tapis de marche', 'tapis roulant de course'] },
  { name: 'Rameur', family: 'Loisirs et sport', volume: 0.5, weight: 30, length: 210, width: 55, height: 60, time_factor: 0.15, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['rameur d\'appartement', 'aviron'] },
  { name: 'Banc de musculation', family: 'Loisirs et sport', volume: 0.8, weight: 50, length: 180, width: 100, height: 120, time_factor: 0.3, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['banc de muscu', 'banc développé couché'] },
  { name: 'Station de musculation', family: 'Loisirs et sport', volume: 1.5, weight: 120, length: 180, width: 110, height: 200, time_factor: 0.8, persons_needed: 3, elevator: true, minimal_truck_capacity: 0, keywords: ['appareil de musculation', 'home gym', 'multistation'] },
  { name: "Lot d'haltères", family: 'Loisirs et sport', volume: 0.05, weight: 40, length: 50, width: 30, height: 30, time_factor: 0.05, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['haltères', 'poids', 'disques', 'kettlebell'] },
  { name: 'Table de ping-pong', family: 'Loisirs et sport', volume: 1, weight: 80, length: 160, width: 55, height: 165, time_factor: 0.4, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['ping-pong', 'ping pong', 'tennis de table'] },
  { name: 'Billard', family: 'Loisirs et sport', volume: 3.5, weight: 400, length: 230, width: 130, height: 80, time_factor: 3, persons_needed: 4, elevator: false, minimal_truck_capacity: 12, keywords: ['table de billard', 'billard américain', 'billard français', 'pool'] },
  { name: 'Baby-foot', family: 'Loisirs et sport', volume: 1, weight: 80, length: 150, width: 75, height: 95, time_factor: 0.5, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['babyfoot', 'baby foot', 'football de table'] },
  { name: 'Flipper', family: 'Loisirs et sport', volume: 1.2, weight: 120, length: 140, width: 75, height: 190, time_factor: 0.8, persons_needed: 3, elevator: true, minimal_truck_capacity: 0, keywords: ['pinball', 'machine de flipper'] },
  { name: "Borne d'arcade", family: 'Loisirs et sport', volume: 0.8, weight: 100, length: 75, width: 70, height: 180, time_factor: 0.6, persons_needed: 3, elevator: true, minimal_truck_capacity: 0, keywords: ['arcade', 'borne de jeu'] },
  { name: 'Piano droit', family: 'Loisirs et sport', volume: 1.5, weight: 250, length: 150, width: 60, height: 130, time_factor: 1.5, persons_needed: 3, elevator: false, minimal_truck_capacity: 0, keywords: ['piano', 'piano acoustique'] },
  { name: 'Piano à queue', family: 'Loisirs et sport', volume: 3, weight: 350, length: 190, width: 150, height: 100, time_factor: 2.5, persons_needed: 4, elevator: false, minimal_truck_capacity: 12, keywords: ['piano', 'crapaud', 'quart de queue', 'demi-queue', 'piano de concert'] },
  { name: 'Piano numérique', family: 'Loisirs et sport', volume: 0.4, weight: 40, length: 140, width: 45, height: 85, time_factor: 0.2, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['piano électrique', 'clavier', 'synthétiseur'] },
  { name: 'Orgue électronique', family: 'Loisirs et sport', volume: 0.8, weight: 70, length: 130, width: 60, height: 100, time_factor: 0.4, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['orgue', 'harmonium'] },
  { name: 'Batterie', family: 'Loisirs et sport', volume: 0.8, weight: 40, length: 150, width: 120, height: 120, time_factor: 0.4, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['batterie acoustique', 'fûts', 'batterie électronique'] },
  { name: 'Guitare', family: 'Loisirs et sport', volume: 0.05, weight: 5, length: 110, width: 45, height: 15, time_factor: 0.02, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['guitare électrique', 'guitare acoustique', 'étui de guitare'] },
  { name: 'Aquarium', family: 'Loisirs et sport', volume: 0.15, weight: 20, length: 80, width: 35, height: 45, time_factor: 0.3, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['petit aquarium', 'bocal', 'terrarium'] },
  { name: 'Grand aquarium avec meuble', family: 'Loisirs et sport', volume: 0.8, weight: 90, length: 120, width: 45, height: 140, time_factor: 1, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['aquarium', 'aquarium 200 litres', 'meuble aquarium'] },
  { name: 'Trampoline', family: 'Loisirs et sport', volume: 1, weight: 60, length: 170, width: 50, height: 40, time_factor: 0.8, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['trampoline de jardin'] },
  { name: 'Piscine hors-sol', family: 'Loisirs et sport', volume: 0.5, weight: 60, length: 120, width: 60, height: 60, time_factor: 0.5, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['piscine démontable', 'piscine tubulaire'] },
  { name: 'Spa gonflable', family: 'Loisirs et sport', volume: 0.3, weight: 35, length: 80, width: 60, height: 60, time_factor: 0.3, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['jacuzzi gonflable', 'spa'] },
  { name: 'Kayak', family: 'Loisirs et sport', volume: 0.6, weight: 25, length: 350, width: 70, height: 35, time_factor: 0.1, persons_needed: 2, elevator: false, minimal_truck_capacity: 12, keywords: ['canoë', 'canoe', 'kayak de mer'] },
  { name: 'Planche de surf', family: 'Loisirs et sport', volume: 0.2, weight: 5, length: 200, width: 55, height: 10, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['surf', 'paddle', 'planche à voile'] },
  { name: 'Paire de skis', family: 'Loisirs et sport', volume: 0.03, weight: 6, length: 180, width: 15, height: 10, time_factor: 0.02, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['skis', 'ski', 'snowboard'] },
  { name: 'Sac de golf', family: 'Loisirs et sport', volume: 0.15, weight: 12, length: 125, width: 35, height: 30, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['clubs de golf', 'golf'] },
  { name: 'Tente de camping', family: 'Loisirs et sport', volume: 0.05, weight: 8, length: 70, width: 25, height: 25, time_factor: 0.02, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['tente', 'matériel de camping'] },
  { name: 'Jet-ski', family: 'Loisirs et sport', volume: 4, weight: 350, length: 320, width: 120, height: 110, time_factor: 1, persons_needed: 4, elevator: false, minimal_truck_capacity: 12, keywords: ['jet ski', 'scooter des mers', 'motomarine'] },

  // ─── Divers ───────────────────────────────────────────────────────────
  { name: 'Miroir', family: 'Divers', volume: 0.05, weight: 5, length: 80, width: 3, height: 60, time_factor: 0.04, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['glace', 'miroir mural'] },
  { name: 'Grand miroir', family: 'Divers', volume: 0.2, weight: 20, length: 180, width: 5, height: 80, time_factor: 0.1, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['miroir sur pied', 'psyché', 'miroir psyché'] },
  { name: 'Tableau', family: 'Divers', volume: 0.05, weight: 4, length: 80, width: 5, height: 60, time_factor: 0.04, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['cadre', 'toile', 'peinture', 'affiche encadrée'] },
  { name: 'Grand tableau', family: 'Divers', volume: 0.15, weight: 12, length: 150, width: 8, height: 110, time_factor: 0.1, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['grande toile', 'grand cadre', 'œuvre d\'art'] },
  { name: 'Lampadaire', family: 'Divers', volume: 0.1, weight: 5, length: 40, width: 40, height: 180, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['lampe sur pied', 'liseuse', 'lampadaire halogène'] },
  { name: 'Lampe', family: 'Divers', volume: 0.03, weight: 2, length: 30, width: 30, height: 50, time_factor: 0.02, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['lampe de chevet', 'lampe de bureau', 'lampe à poser'] },
  { name: 'Lustre', family: 'Divers', volume: 0.15, weight: 8, length: 60, width: 60, height: 60, time_factor: 0.1, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['suspension', 'plafonnier', 'luminaire'] },
  { name: 'Tapis', family: 'Divers', volume: 0.1, weight: 8, length: 170, width: 30, height: 30, time_factor: 0.04, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['tapis roulé', 'petit tapis', 'descente de lit'] },
  { name: 'Grand tapis', family: 'Divers', volume: 0.25, weight: 25, length: 240, width: 35, height: 35, time_factor: 0.08, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['tapis persan', 'tapis de salon', 'tapis 200x300'] },
  { name: 'Plante', family: 'Divers', volume: 0.05, weight: 5, length: 30, width: 30, height: 50, time_factor: 0.02, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['pot de fleurs', 'plante verte', 'pot'] },
  { name: 'Grande plante', family: 'Divers', volume: 0.3, weight: 30, length: 60, width: 60, height: 180, time_factor: 0.08, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['plante d\'intérieur', 'palmier', 'ficus', 'olivier en pot'] },
  { name: 'Petit coffre-fort', family: 'Divers', volume: 0.05, weight: 35, length: 45, width: 40, height: 35, time_factor: 0.15, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['coffre', 'coffre-fort mural'] },
  { name: 'Coffre-fort', family: 'Divers', volume: 0.4, weight: 300, length: 60, width: 60, height: 100, time_factor: 1.5, persons_needed: 4, elevator: false, minimal_truck_capacity: 0, keywords: ['coffre fort', 'armoire forte', 'coffre'] },
  { name: 'Cave à vin', family: 'Divers', volume: 0.6, weight: 60, length: 60, width: 60, height: 150, time_factor: 0.35, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['cave à vin électrique', 'armoire à vin', 'cave de vieillissement'] },
  { name: 'Malle', family: 'Divers', volume: 0.25, weight: 25, length: 90, width: 50, height: 55, time_factor: 0.06, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['malle ancienne', 'coffre de rangement', 'cantine'] },
  { name: 'Portemanteau', family: 'Divers', volume: 0.2, weight: 6, length: 50, width: 50, height: 180, time_factor: 0.02, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['perroquet', 'porte-manteau', 'vestiaire d\'entrée'] },
  { name: 'Meuble à chaussures', family: 'Divers', volume: 0.3, weight: 20, length: 80, width: 30, height: 100, time_factor: 0.08, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['range-chaussures', 'étagère à chaussures'] },
  { name: 'Paravent', family: 'Divers', volume: 0.15, weight: 8, length: 50, width: 10, height: 170, time_factor: 0.03, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['séparateur de pièce'] },
  { name: 'Horloge comtoise', family: 'Divers', volume: 0.6, weight: 50, length: 55, width: 30, height: 220, time_factor: 0.5, persons_needed: 2, elevator: false, minimal_truck_capacity: 0, keywords: ['comtoise', 'horloge de parquet', 'pendule'] },
  { name: 'Machine à coudre', family: 'Divers', volume: 0.05, weight: 8, length: 45, width: 25, height: 35, time_factor: 0.02, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['couture', 'surjeteuse'] },
  { name: 'Table à repasser', family: 'Divers', volume: 0.05, weight: 6, length: 140, width: 40, height: 8, time_factor: 0.02, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['planche à repasser'] },
  { name: 'Séchoir à linge', family: 'Divers', volume: 0.05, weight: 4, length: 110, width: 55, height: 8, time_factor: 0.02, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['étendoir', 'tancarville', 'étendoir à linge'] },
  { name: 'Tringle à rideaux', family: 'Divers', volume: 0.02, weight: 2, length: 200, width: 5, height: 5, time_factor: 0.02, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['rideaux', 'tringle', 'voilages'] },
  { name: 'Poêle à bois', family: 'Divers', volume: 0.5, weight: 120, length: 55, width: 45, height: 90, time_factor: 0.8, persons_needed: 3, elevator: true, minimal_truck_capacity: 0, keywords: ['poêle', 'poêle à granulés', 'poêle en fonte'] },
  { name: 'Lit médicalisé', family: 'Divers', volume: 1.5, weight: 120, length: 210, width: 100, height: 60, time_factor: 0.7, persons_needed: 2, elevator: false, minimal_truck_capacity: 0, keywords: ['lit médical', 'lit électrique', 'lit hospitalier'] },
  { name: 'Fauteuil roulant', family: 'Divers', volume: 0.25, weight: 15, length: 90, width: 65, height: 90, time_factor: 0.04, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['fauteuil roulant pliant', 'chaise roulante'] },
  { name: 'Arbre à chat', family: 'Divers', volume: 0.3, weight: 15, length: 60, width: 50, height: 150, time_factor: 0.05, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['griffoir', 'arbre à chats'] },
  { name: 'Cage pour animaux', family: 'Divers', volume: 0.15, weight: 8, length: 80, width: 50, height: 60, time_factor: 0.04, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['cage', 'cage à oiseaux', 'cage à lapin', 'caisse de transport'] },
  { name: 'Statue', family: 'Divers', volume: 0.2, weight: 40, length: 50, width: 40, height: 100, time_factor: 0.2, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['sculpture', 'statue de jardin'] },
  // Generic entries for the bare words customers type ('5 tables', 'un lit'): the figures of
  // the most common variant (a 6-seat dining table, a double bed, a 2-door wardrobe, a
  // standard box, a 3-seat sofa). The search offers them first for those words.
  { name: 'Table', family: 'Salle à manger', volume: 1.2, weight: 40, length: 160, width: 90, height: 75, time_factor: 0.3, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['table à manger'] },
  { name: 'Lit', family: 'Chambre', volume: 1.5, weight: 80, length: 200, width: 145, height: 50, time_factor: 0.5, persons_needed: 2, elevator: false, minimal_truck_capacity: 0, keywords: ['lit double'] },
  { name: 'Armoire', family: 'Chambre', volume: 1.8, weight: 80, length: 120, width: 60, height: 200, time_factor: 0.6, persons_needed: 2, elevator: true, minimal_truck_capacity: 0, keywords: ['penderie'] },
  { name: 'Carton', family: 'Cartons et emballages', volume: 0.06, weight: 15, length: 55, width: 35, height: 30, time_factor: 0.04, persons_needed: 1, elevator: true, minimal_truck_capacity: 0, keywords: ['caisse', 'boîte'] },
  { name: 'Canapé', family: 'Salon', volume: 2, weight: 60, length: 210, width: 95, height: 85, time_factor: 0.5, persons_needed: 2, elevator: false, minimal_truck_capacity: 0, keywords: ['sofa', 'divan'] },
];
