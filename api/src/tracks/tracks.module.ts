import type { Config } from '../config/config.js';
import type { Orm } from '../db/database.js';
import { defineModule, handlers, services, step } from '../kernel/feature-module.js';
import type { RouteAuth } from '../auth/signed-in-routes.js';
import type { FileStorage } from '../files/file-storage.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { TracksService } from './tracks.service.js';
import { TracksResolver } from './tracks.resolver.js';
import { fileSetTrackRoutes, projectTrackRoutes } from './tracks.routes.js';

/** What the track resolver and routes use. */
export interface TracksDeps extends RouteAuth {
  tracks: TracksService;
}

export interface TracksNeeds {
  orm: Orm;
  storage: FileStorage;
  projects: ProjectsService;
  config: Pick<Config, 'srtMaxBytes' | 'trackThreads'>;
}

/** Flight tracks from the sets' SRTs: GPX, KML and GeoJSON downloads per set and per project, and the map's points. */
export const tracksModule = defineModule({
  name: 'tracks',
  services: services({ orm: true, storage: true, projects: true, config: true }, (d: TracksNeeds) => ({
    tracks: new TracksService(d.orm, d.storage, d.projects, d.config.srtMaxBytes, d.config.trackThreads),
  })),
  // Downloads answer GETs and read no body: no JSON parser before them. Their paths
  // (`/:id/track.gpx`, `/:id/tracks.gpx`) are two segments, so no `/:id` route of another module takes them.
  handlers: handlers<TracksDeps>(
    { auth: true, tracks: true },
    {
      resolvers: [TracksResolver],
      routes: [
        { path: '/api/filesets', router: fileSetTrackRoutes },
        { path: '/api/projects', router: projectTrackRoutes },
      ],
    },
  ),
  // The track threads (the HTTP server has drained: no read is waiting).
  stop: step({ tracks: true }, (d: { tracks: TracksService }) => d.tracks.close()),
});
