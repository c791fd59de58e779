import { SHOT_TYPES } from '../../analysis/shot-types/index.js';
import type { ProcessedResult } from '../../analysis/metadata/processed-result.js';
import type { FileSetResultInput } from './results.types.js';
import type { ResultView } from './results.service.js';

/** GraphQL shape of a stored result (SPEC names are snake_case in REST and JSON). */
export function presentProcessedResult(r: ProcessedResult) {
  const known = new Set<string>(SHOT_TYPES.map((s) => s.id));
  const shotTypes = [
    ...SHOT_TYPES.map((s) => ({ id: s.id as string, label: s.label as string, value: r.shot_types[s.id] === true })),
    ...Object.entries(r.shot_types)
      .filter(([id]) => !known.has(id))
      .map(([id, value]) => ({ id, label: id.replace(/_/g, ' '), value })),
  ];
  return {
    content: {
      title: r.content.title,
      finalDescription: r.content.final_description,
      keywords: r.content.keywords,
      editorial: r.content.editorial === true,
      categories: {
        adobeCategory: r.content.categories.adobe_category,
        shutterstockACategory: r.content.categories.shutterstock_a_category,
        shutterstockBCategory: r.content.categories.shutterstock_b_category,
      },
    },
    metadata: {
      latitude: r.metadata.latitude,
      longitude: r.metadata.longitude,
      city: r.metadata.city,
      country: r.metadata.country,
      region: r.metadata.region ?? null,
      placeLine: r.metadata.place_line ?? null,
      features: r.metadata.features ?? [],
    },
    shotTypes,
    json: JSON.stringify(r, null, 2),
  };
}

export function presentResult(v: ResultView) {
  return {
    fileSetId: v.fileSetId,
    current: presentProcessedResult(v.current),
    original: presentProcessedResult(v.original),
    edited: v.edited,
    editedAt: v.editedAt,
    provider: v.provider,
    version: v.version,
    updatedAt: v.updatedAt,
    missingNote: v.missingNote,
  };
}

/** The REST answer of GET /api/filesets/{id}/results. */
export function presentResultRest(v: ResultView) {
  return {
    fileSetId: v.fileSetId,
    results: v.current,
    original: v.original,
    edited: v.edited,
    editedAt: v.editedAt,
    provider: v.provider,
    version: v.version,
    updatedAt: v.updatedAt,
  };
}

/** GraphQL input -> the SPEC object the service validates; shot types omitted keep the stored ones (the service merges). */
export function inputToResult(input: FileSetResultInput): unknown {
  return {
    content: {
      title: input.title,
      final_description: input.finalDescription,
      keywords: input.keywords,
      // Left out (or null), the stored flag stays (the service lays the edit over the stored result).
      ...(input.editorial != null ? { editorial: input.editorial } : {}),
      categories: {
        adobe_category: input.adobeCategory ?? null,
        shutterstock_a_category: input.shutterstockACategory ?? null,
        shutterstock_b_category: input.shutterstockBCategory ?? null,
      },
    },
    metadata: {
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      city: input.city ?? null,
      country: input.country ?? null,
      // The place fields added later (issue 32): left out, they keep the stored values.
      ...(input.region !== undefined ? { region: input.region } : {}),
      ...(input.placeLine !== undefined ? { place_line: input.placeLine } : {}),
      ...(input.features !== undefined ? { features: input.features ?? [] } : {}),
    },
    shot_types: input.shotTypes ? Object.fromEntries(input.shotTypes.map((s) => [s.id, s.value])) : undefined,
  };
}
