import { Arg, Ctx, ID, Int, Query, Resolver } from 'type-graphql';
import { requireUser } from '../../platform/principal/viewer.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import { badInput } from '../../platform/errors/app-error.js';
import { parseId } from '../../platform/validation/ids.js';
import { thinPoints } from './track.js';
import { FileSetTrackType, TrackDownloadsType } from './tracks.types.js';
import { perContext } from '../../platform/graphql/request-loaders.js';
import type { Track } from './track.js';
import type { TracksService } from './tracks.service.js';

/** What the tracks resolver is built with (app/graphql-schema.ts). */
export interface TracksResolverDeps {
  tracks: TracksService;
}

export const MAX_TRACK_POINTS = 20_000;
/**
 * The tracks one GraphQL operation reads, by set: aliases of one set (with any maxPoints) share one
 * read; each distinct set is weighed in the cost limit (graphql/limits.ts, TRACK_FIELD_COST).
 */
const tracksOfOperation = perContext(() => new Map<string, Promise<Track>>());

const date = (iso: string | null) => (iso ? new Date(iso) : null);
const downloads = (prefix: string): TrackDownloadsType => ({ gpx: `${prefix}.gpx`, kml: `${prefix}.kml`, geojson: `${prefix}.geojson` });

@Resolver()
export class TracksResolver {
  constructor(private readonly services: TracksResolverDeps) {}

  @Query(() => FileSetTrackType, {
    description: "One of your file sets' flight track from its SRT (NOT_FOUND when the set has no SRT), with its download paths.",
  })
  async fileSetTrack(
    @Arg('fileSetId', () => ID, { description: 'One of your file sets.' }) fileSetId: string,
    @Arg('maxPoints', () => Int, { defaultValue: 2000, description: `At most this many points (2-${MAX_TRACK_POINTS}), evenly thinned.` }) maxPoints: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<FileSetTrackType> {
    if (!Number.isInteger(maxPoints) || maxPoints < 2 || maxPoints > MAX_TRACK_POINTS) throw badInput(`maxPoints must be between 2 and ${MAX_TRACK_POINTS}`);
    const user = requireUser(ctx);
    const reads = tracksOfOperation(ctx);
    const key = String(fileSetId).toLowerCase();
    let read = reads.get(key);
    if (!read) reads.set(key, (read = this.services.tracks.fileSetTrack(user, fileSetId)));
    const t = await read;
    return {
      fileSetId: t.fileSetId,
      baseName: t.baseName,
      title: t.title,
      start: date(t.start),
      end: date(t.end),
      altitudeReference: t.altitudeReference,
      pointCount: t.points.length,
      points: thinPoints(t.points, maxPoints).map((p) => ({
        t: p.t,
        time: date(p.time),
        latitude: p.lat,
        longitude: p.lon,
        altitude: p.altitude,
        speed: p.speed,
      })),
      frames: t.frames.map((f) => ({ index: f.index, t: f.t, latitude: f.lat, longitude: f.lon, altitude: f.altitude })),
      downloads: downloads(`/api/filesets/${t.fileSetId}/track`),
    };
  }

  @Query(() => TrackDownloadsType, {
    description: "Download paths of one of your projects' tracks (one track per set with an SRT); NOT_FOUND when no set has one.",
  })
  async projectTrackDownloads(
    @Arg('projectId', () => ID, { description: 'One of your projects.' }) projectId: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<TrackDownloadsType> {
    await this.services.tracks.projectTrackSources(requireUser(ctx), projectId);
    return downloads(`/api/projects/${parseId(projectId)}/tracks`);
  }
}
