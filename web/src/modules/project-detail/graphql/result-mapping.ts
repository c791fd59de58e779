import type { DetailResultFragment } from '../../../gql/graphql';
import type { ProcessedResult } from '../result-shape';
import type { PlaceValues } from '../../places/PlaceFieldsEditor';

/** GraphQL's camelCase result -> SPEC §3's shape (the one Copy JSON and REST use). */
export function fromGraphqlResult(r: DetailResultFragment): ProcessedResult {
  return {
    content: {
      title: r.content.title,
      final_description: r.content.finalDescription,
      keywords: [...r.content.keywords],
      editorial: r.content.editorial,
      categories: {
        adobe_category: r.content.categories.adobeCategory ?? null,
        shutterstock_a_category: r.content.categories.shutterstockACategory ?? null,
        shutterstock_b_category: r.content.categories.shutterstockBCategory ?? null,
      },
    },
    metadata: {
      latitude: r.metadata.latitude ?? null,
      longitude: r.metadata.longitude ?? null,
      city: r.metadata.city ?? null,
      country: r.metadata.country ?? null,
    },
    shot_types: Object.fromEntries(r.shotTypes.map((s) => [s.id, s.value])),
  };
}

export const shotTypeLabels = (r: DetailResultFragment): Record<string, string> => Object.fromEntries(r.shotTypes.map((s) => [s.id, s.label]));

/** The mutation input: the whole edited result, shot types and location included (SPEC §7 PUT takes it whole). */
export function toResultInput(r: ProcessedResult) {
  return {
    title: r.content.title,
    finalDescription: r.content.final_description,
    keywords: r.content.keywords,
    editorial: r.content.editorial === true,
    adobeCategory: r.content.categories.adobe_category,
    shutterstockACategory: r.content.categories.shutterstock_a_category,
    shutterstockBCategory: r.content.categories.shutterstock_b_category,
    latitude: r.metadata.latitude,
    longitude: r.metadata.longitude,
    city: r.metadata.city,
    country: r.metadata.country,
    shotTypes: Object.entries(r.shot_types).map(([id, value]) => ({ id, value })),
  };
}

/** The place fields of a result, for the place editor (issue 32). */
export const placeOf = (m: DetailResultFragment['metadata']): PlaceValues => ({
  city: m.city ?? null,
  region: m.region ?? null,
  country: m.country ?? null,
  placeLine: m.placeLine ?? null,
  features: m.features ?? [],
});
