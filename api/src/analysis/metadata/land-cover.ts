/**
 * Urban, rural or sea under a clip, from the geocoder's place (the seas data, the nearest town's
 * population and distance), with the reason recorded. Scene words come from the pictures (scene.ts).
 */
import { NEAR_SHORE_SEA_M } from '../place/index.js';
import type { ClipFacts } from './types.js';

export type LandCover = 'sea' | 'urban' | 'rural' | null;

/** Urban when the named town is big and near: the radius grows with the population. */
function urbanRadiusKm(population: number): number {
  if (population >= 1_000_000) return 10;
  if (population >= 200_000) return 5;
  if (population >= 50_000) return 3;
  if (population >= 10_000) return 1.5;
  return 0;
}

export function landCoverOf(f: ClipFacts): { cover: LandCover; reason: string } {
  const p = f.place;
  if (!f.position || !p) return { cover: null, reason: 'no GPS fix' };
  if (p.waterBody === 'sea' && (p.coastM == null || p.coastM > NEAR_SHORE_SEA_M))
    return { cover: 'sea', reason: `the seas data puts the point at sea${p.coastM != null ? ` ${p.coastM} m from the coastline` : ', far from any coast'}` };
  if (p.country === null && p.waterBody !== 'land' && p.waterBody !== 'lake' && p.waterBody !== 'river')
    return { cover: 'sea', reason: "the geocoder puts the point outside every country's waters" };
  if (p.city && p.population != null && p.distanceKm != null) {
    const r = urbanRadiusKm(p.population);
    const pop = `${p.city} (${p.population.toLocaleString('en-US')} people) ${p.distanceKm} km away`;
    if (p.distanceKm <= r) return { cover: 'urban', reason: `urban: ${pop}` };
    return { cover: 'rural', reason: `rural: nearest large town ${pop}` };
  }
  return { cover: 'rural', reason: p.city ? `rural: ${p.city}, population unknown` : 'rural: no town within 30 km' };
}
