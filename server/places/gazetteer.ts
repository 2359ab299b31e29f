import { createRequire } from 'node:module';
import type { LatLng } from '../../shared/places/distance-miles';

/** A US place found in the gazetteer: how it is written back, and where it is. */
export interface Place extends LatLng {
  /** "Austin, TX", or "Austin, TX 78701" for a ZIP code. */
  label: string;
}

/** Finds US places written as "Austin, TX" or a ZIP code, offline (docs/marketplace.md). */
export interface Gazetteer {
  /** The place, or null when there is no such US city or ZIP code. */
  find(text: string): Place | null;
}

interface ZipRow {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

const ABBREVIATIONS: [RegExp, string][] = [
  [/^st\.?\s+/, 'saint '],
  [/^ste\.?\s+/, 'sainte '],
  [/^ft\.?\s+/, 'fort '],
  [/^mt\.?\s+/, 'mount '],
];

/**
 * "St. Louis" and "saint louis" alike; "Coeur d'Alene" as the data writes it ("Coeur D Alene");
 * "Winston-Salem" and "winston salem" alike (the directory's place slugs write hyphens for spaces).
 */
function cityKey(city: string, state: string): string {
  let name = city.trim().toLowerCase().replace(/-/g, ' ').replace(/\s+/g, ' ');
  for (const [pattern, full] of ABBREVIATIONS) name = name.replace(pattern, full);
  name = name.replace(/['’]/g, ' ').replace(/\./g, '').replace(/\s+/g, ' ').trim();
  return `${name}|${state.trim().toUpperCase()}`;
}

/**
 * The gazetteer over the `zipcodes` package (US ZIP codes with coordinates, shipped in the npm
 * package: no geocoding service). A city is the centre of its ZIP codes. The data (5 MB) is
 * read on first use, or ahead of it with `warm()`.
 */
export function createGazetteer(): Gazetteer & { warm(): void } {
  let zips: Map<string, Place> | null = null;
  let cities: Map<string, Place> | null = null;

  const load = () => {
    if (zips && cities) return { zips, cities };
    const require = createRequire(import.meta.url);
    const { codes } = require('zipcodes') as { codes: Record<string, ZipRow> };
    const byZip = new Map<string, Place>();
    const sums = new Map<string, { label: string; lat: number; lng: number; n: number }>();
    for (const row of Object.values(codes)) {
      if (row.country !== 'US' || !Number.isFinite(row.latitude) || !Number.isFinite(row.longitude)) continue;
      byZip.set(row.zip, { label: `${row.city}, ${row.state} ${row.zip}`, lat: row.latitude, lng: row.longitude });
      const key = cityKey(row.city, row.state);
      const sum = sums.get(key) ?? { label: `${row.city}, ${row.state}`, lat: 0, lng: 0, n: 0 };
      sum.lat += row.latitude;
      sum.lng += row.longitude;
      sum.n += 1;
      sums.set(key, sum);
    }
    zips = byZip;
    cities = new Map([...sums].map(([key, s]) => [key, { label: s.label, lat: s.lat / s.n, lng: s.lng / s.n }]));
    return { zips, cities };
  };

  return {
    find(text) {
      const trimmed = text.trim();
      const zip = /^(\d{5})(?:-\d{4})?$/.exec(trimmed);
      if (zip) return load().zips.get(zip[1] as string) ?? null;
      const city = /^(.+),\s*([A-Za-z]{2})$/.exec(trimmed);
      if (!city) return null;
      return load().cities.get(cityKey(city[1] as string, city[2] as string)) ?? null;
    },
    warm() {
      load();
    },
  };
}
