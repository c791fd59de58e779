import { fileThumbnailUri } from '../files/file-urls.js';
import type { AgencyRefusal } from './agency-problems.js';
import type { KeywordRules } from './keyword-rules.js';
import type { ReviewDbRow } from './review-query.js';
import type { HistoryEntry } from './review.service.js';

/** A grid row as GraphQL and REST answer it. */
export function presentReviewSet(r: ReviewDbRow, refusals: ReadonlyMap<string, AgencyRefusal[]>) {
  const c = r.current;
  return {
    id: r.id,
    position: r.position,
    baseName: r.base_name,
    filename: r.video_filename ?? r.base_name,
    thumbnailUri: r.jpg_id ? fileThumbnailUri(r.jpg_id) : null,
    status: r.status,
    title: c?.content.title ?? null,
    description: c?.content.final_description ?? null,
    keywords: c?.content.keywords ?? [],
    keywordCount: c?.content.keywords.length ?? 0,
    adobeCategory: c?.content.categories.adobe_category ?? null,
    shutterstockACategory: c?.content.categories.shutterstock_a_category ?? null,
    shutterstockBCategory: c?.content.categories.shutterstock_b_category ?? null,
    city: c?.metadata.city ?? null,
    country: c?.metadata.country ?? null,
    region: c?.metadata.region ?? null,
    placeLine: c?.metadata.place_line ?? null,
    features: c?.metadata.features ?? [],
    shotTypes: Object.entries(c?.shot_types ?? {})
      .filter(([, on]) => on)
      .map(([id]) => id),
    agencyRefusals: refusals.get(r.id) ?? [],
  };
}

export const presentRules = (r: KeywordRules) => ({
  alwaysInclude: r.alwaysInclude,
  neverInclude: r.neverInclude,
  synonyms: r.synonyms,
  maxPerAgency: r.maxPerAgency,
});

export const presentHistory = (h: HistoryEntry) => ({ ...h, params: JSON.stringify(h.params) });
