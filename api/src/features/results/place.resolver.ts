/**
 * The place of a result through GraphQL (issue 32 item 3): the map picker's point re-read, a preview
 * of a place edit with the rewrite of the text that named the old place, and the edit itself.
 */
import { Arg, Ctx, Float, ID, Mutation, Query, Resolver } from 'type-graphql';
import { placeFieldsAt } from '../../adapters/place-data/geocode-point.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import { requireUser } from '../../platform/principal/viewer.js';
import type { PlaceFields } from './place-edit.js';
import { PlaceEditPreviewType, PlaceFieldsInput, PlaceFieldsType } from './place.types.js';
import { presentResult } from './result.presenter.js';
import type { ResultsService } from './results.service.js';
import { FileSetResultType } from './results.types.js';

export interface PlaceResolverDeps {
  results: Pick<ResultsService, 'previewPlaceEdit' | 'editPlace'>;
}

/** A point the picker sent: finite, in range; otherwise a BAD_USER_INPUT naming the field. */
export function checkedPoint(latitude: number, longitude: number): { lat: number; lon: number } {
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90)
    throw new AppError('BAD_USER_INPUT', 'The latitude must be between -90 and 90', { field: 'latitude' });
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180)
    throw new AppError('BAD_USER_INPUT', 'The longitude must be between -180 and 180', { field: 'longitude' });
  return { lat: latitude, lon: longitude };
}

const partialPlace = (p: PlaceFieldsInput): Partial<PlaceFields> => ({
  ...(p.city !== undefined ? { city: p.city } : {}),
  ...(p.region !== undefined ? { region: p.region } : {}),
  ...(p.country !== undefined ? { country: p.country } : {}),
  ...(p.placeLine !== undefined ? { placeLine: p.placeLine } : {}),
  ...(p.features !== undefined ? { features: p.features ?? [] } : {}),
});

@Resolver()
export class PlaceResolver {
  constructor(private readonly services: PlaceResolverDeps) {}

  @Query(() => PlaceFieldsType, {
    description:
      'The place at a point, as processing would name it (city, region, country, place line, named places), for the map picker. Offline; no water data.',
  })
  async placeAt(
    @Arg('latitude', () => Float, { description: 'Decimal degrees, -90 to 90.' }) latitude: number,
    @Arg('longitude', () => Float, { description: 'Decimal degrees, -180 to 180.' }) longitude: number,
    @Ctx() ctx: GraphQLContext,
  ) {
    requireUser(ctx);
    const { lat, lon } = checkedPoint(latitude, longitude);
    return placeFieldsAt(lat, lon);
  }

  @Query(() => PlaceEditPreviewType, { description: 'What an edit of the place would change (the place and the rewritten text), without saving.' })
  async placeEditPreview(
    @Arg('fileSetId', () => ID, { description: 'One of your file sets that has a result.' }) fileSetId: string,
    @Arg('place', () => PlaceFieldsInput, { description: 'The place as the user corrects it.' }) place: PlaceFieldsInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    const p = await this.services.results.previewPlaceEdit(requireUser(ctx), fileSetId, partialPlace(place));
    const { changed, ...after } = p.rewrite;
    return { from: p.from, to: p.to, before: p.before, after, changed };
  }

  @Mutation(() => FileSetResultType, {
    description: 'Saves a new place for a result; with rewriteText, the title, description and keywords that named the old place are rewritten to the new one.',
  })
  async updateResultPlace(
    @Arg('fileSetId', () => ID, { description: 'One of your file sets that has a result.' }) fileSetId: string,
    @Arg('place', () => PlaceFieldsInput, { description: 'The place as the user corrects it.' }) place: PlaceFieldsInput,
    @Arg('rewriteText', () => Boolean, { defaultValue: false, description: 'Also rewrite the text that named the old place (see placeEditPreview).' })
    rewriteText: boolean,
    @Ctx() ctx: GraphQLContext,
  ) {
    return presentResult(await this.services.results.editPlace(requireUser(ctx), fileSetId, partialPlace(place), rewriteText));
  }
}
