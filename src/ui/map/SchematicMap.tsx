import type { Stop } from '../../domain/entities/stop.ts';

const WIDTH = 320;
const HEIGHT = 200;
const PADDING = 24;

/** Projects lat/lng into the drawing, keeping the aspect of the map around the stops. */
export function projectStops(stops: readonly Pick<Stop, 'lat' | 'lng'>[]): { x: number; y: number }[] {
  const points = stops.filter((stop) => stop.lat !== null && stop.lng !== null) as { lat: number; lng: number }[];
  if (points.length === 0) return [];
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng * Math.cos((48 * Math.PI) / 180));
  const [minLat, maxLat, minLng, maxLng] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];
  const span = Math.max(maxLat - minLat, maxLng - minLng, 1e-6);
  const scale = Math.min((WIDTH - 2 * PADDING) / span, (HEIGHT - 2 * PADDING) / span);
  const offsetX = (WIDTH - (maxLng - minLng) * scale) / 2;
  const offsetY = (HEIGHT - (maxLat - minLat) * scale) / 2;
  return points.map((p, i) => ({ x: offsetX + (lngs[i]! - minLng) * scale, y: HEIGHT - (offsetY + (p.lat - minLat) * scale) }));
}

/**
 * Without Google, a schematic of the stops and legs drawn in SVG inside the shadow root (no
 * tiles, no third-party request): numbered markers joined in order.
 */
export function SchematicMap({ stops }: { stops: readonly Stop[] }) {
  const points = projectStops(stops.filter((stop) => stop.geocodeResolved));
  const described = stops
    .filter((stop) => stop.geocodeResolved)
    .map((stop) => `${stop.step}. ${stop.address}`)
    .join(' ; ');
  return (
    <figure className="map schematic" part="map">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={points.length > 0 ? `Schéma du trajet : ${described}` : 'Schéma du trajet : aucune adresse vérifiée'}
      >
        <rect x="0" y="0" width={WIDTH} height={HEIGHT} rx="8" className="map-bg" />
        {points.length > 1 && (
          <polyline className="map-route" points={points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')} />
        )}
        {points.map((point, index) => (
          <g key={index} className="map-marker" transform={`translate(${point.x.toFixed(1)} ${point.y.toFixed(1)})`}>
            <circle r="10" />
            <text textAnchor="middle" dy="4">
              {index + 1}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="muted">Schéma sans fond de carte (positions approximatives).</figcaption>
    </figure>
  );
}
