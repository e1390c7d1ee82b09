import { PLACE_ASSOCIATION_RADIUS } from '../constants.ts';
import { makeContact } from '../entities/contact.ts';
import type { SavedPlace } from '../entities/saved-place.ts';
import type { Stop } from '../entities/stop.ts';
import { elevatorForFloor } from '../entities/stop.ts';

/** Distance in degrees, the spec's "distance units" (§9). */
function degreeDistance(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  return Math.hypot(a.lat - b.lat, a.lng - b.lng);
}

/** The nearest saved place within 0.01 of a point, if any (spec §9). */
export function findAssociatedPlace(point: { lat: number; lng: number }, places: readonly SavedPlace[]): SavedPlace | null {
  let nearest: SavedPlace | null = null;
  let nearestDistance = Infinity;
  for (const place of places) {
    const distance = degreeDistance(point, place);
    // The epsilon keeps a place exactly 0.01 away inside despite binary noise (2.37 - 2.36 > 0.01).
    if (distance <= PLACE_ASSOCIATION_RADIUS + 1e-12 && distance < nearestDistance) {
      nearest = place;
      nearestDistance = distance;
    }
  }
  return nearest;
}

/**
 * A stop takes its saved place's label, notes and contacts, and its floor and lift unless the
 * user already chose a floor; the contacts the user added stay.
 */
export function linkStopToPlace(stop: Stop, place: SavedPlace): Stop {
  const floorChosen = stop.floor !== -1;
  const own = stop.contacts.filter((contact) => !contact.relatedToPlace);
  return {
    ...stop,
    placeId: place.id,
    label: place.label,
    floor: floorChosen ? stop.floor : place.floor_nb,
    elevator: floorChosen ? stop.elevator : elevatorForFloor(place.floor_nb, place.elevator_presence),
    notes: stop.notes || place.notes,
    contacts: [
      ...place.contacts.map((contact) =>
        makeContact({
          id: contact.id,
          name: contact.name,
          phone: contact.phone_number,
          email: contact.email,
          step: stop.index,
          relatedToPlace: true,
          addressId: place.id,
        }),
      ),
      ...own,
    ],
  };
}

/** A saved place chosen in the search, as a resolved stop. */
export function stopFromPlace(stop: Stop, place: SavedPlace): Stop {
  return linkStopToPlace(
    {
      ...stop,
      address: place.address_complete,
      lat: place.lat,
      lng: place.lng,
      locality: place.locality,
      postalCode: place.postal_code,
      geocodeResolved: true,
    },
    place,
  );
}
