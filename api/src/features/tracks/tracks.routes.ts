import { Router, type Response } from 'express';
import { authed, type RouteAuth } from '../../platform/principal/signed-in-routes.js';
import { contentDisposition, safeFileName } from '../exports/content-disposition.js';
import { TRACK_CONTENT_TYPES, TRACK_FORMATS, TRACK_WRITERS, writeTracks, type TrackFormat } from './track-writers.js';
import { notFound } from '../../platform/errors/app-error.js';
import { NO_FIX_MESSAGE, type TracksService } from './tracks.service.js';

/** What the track downloads are built with (app/http-app.ts). */
export interface TrackRoutesDeps extends RouteAuth {
  tracks: TracksService;
}

function fileHeaders(res: Response, format: TrackFormat, fileName: string): void {
  res.setHeader('Content-Type', TRACK_CONTENT_TYPES[format]);
  res.setHeader('Content-Disposition', contentDisposition(fileName));
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
}

/** Waits until the client has taken what was written (back-pressure), or has gone away. */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

/** GET /api/filesets/{id}/track.gpx|.kml|.geojson: one set's flight track; mounted at /api/filesets. */
export function fileSetTrackRoutes(services: TrackRoutesDeps): Router {
  const r = Router();
  for (const format of TRACK_FORMATS) {
    r.get(
      `/:id/track.${format}`,
      authed(services, async (req, user, res) => {
        const gone = new AbortController();
        res.once('close', () => gone.abort(new Error('The client went away')));
        const track = await services.tracks.fileSetTrack(user, req.params.id, gone.signal);
        if (!track.points.length) throw notFound(NO_FIX_MESSAGE);
        fileHeaders(res, format, safeFileName(`${track.baseName}.${format}`, `track.${format}`));
        res.end(writeTracks(format, track.title, [track]));
        return undefined;
      }),
    );
  }
  return r;
}

/**
 * GET /api/projects/{id}/tracks.gpx|.kml|.geojson: one track per set that has an SRT, in the
 * project's order, streamed set by set; mounted at /api/projects.
 */
export function projectTrackRoutes(services: TrackRoutesDeps): Router {
  const r = Router();
  for (const format of TRACK_FORMATS) {
    r.get(
      `/:id/tracks.${format}`,
      authed(services, async (req, user, res) => {
        const { projectName, sources } = await services.tracks.projectTrackSources(user, req.params.id);
        const writer = TRACK_WRITERS[format];
        fileHeaders(res, format, safeFileName(`${projectName} tracks.${format}`, `tracks.${format}`));
        res.setHeader('X-Shotlog-Track-Count', String(sources.length));
        res.write(writer.head(projectName));
        let i = 0;
        // A client gone: its read still waiting for a track thread leaves the queue.
        const gone = new AbortController();
        res.once('close', () => gone.abort(new Error('The client went away')));
        try {
          for await (const track of services.tracks.tracksOf(sources, gone.signal)) {
            if (res.destroyed) return undefined;
            if (!res.write(writer.track(track, i++))) await drained(res);
          }
        } catch (err) {
          // The headers are out: a failure now can only cut the file short, which the client sees.
          res.destroy(err instanceof Error ? err : new Error(String(err)));
          return undefined;
        }
        res.end(writer.tail());
        return undefined;
      }),
    );
  }
  return r;
}
