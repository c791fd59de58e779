import { useQuery } from '@apollo/client/react';
import 'leaflet/dist/leaflet.css';
import '../tracks.css';
import { FileSetTrackQuery } from '../graphql/tracks.graphql';
import { FlightMap } from './FlightMap';
import { FlightChart } from './FlightChart';
import { TrackDownloads } from './TrackDownloads';

/**
 * "The flight" of one set (lazy-loaded with Leaflet and its CSS): the map, the altitude and speed
 * chart, and the track downloads of the set and of the whole project.
 */
export default function FlightPanel({ fileSetId, projectId }: { fileSetId: string; projectId: string }) {
  const { data, loading, error } = useQuery(FileSetTrackQuery, { variables: { fileSetId } });
  const track = data?.fileSetTrack;
  const projectDownloads = <TrackDownloads label="All sets" prefix={`/api/projects/${projectId}/tracks`} fileBase="tracks" testId="project-track-downloads" />;
  return (
    <section className="flight card" data-testid="flight-panel" aria-labelledby={`flight-${fileSetId}`}>
      <h2 id={`flight-${fileSetId}`} className="flight-heading">
        The flight
      </h2>
      {loading && !track ? (
        <p className="muted small">Loading the flight...</p>
      ) : error || !track ? (
        <p className="muted small" data-testid="flight-unavailable">
          {error?.message ?? 'No flight track for this set.'}
        </p>
      ) : track.pointCount === 0 ? (
        <p className="muted small" data-testid="flight-unavailable">
          The telemetry of this set has no GPS position (only frames before GPS lock), so there is no track to show.
        </p>
      ) : (
        <>
          <FlightMap points={track.points} frames={track.frames} title={track.title} />
          <FlightChart points={track.points} frames={track.frames} altitudeReference={track.altitudeReference ?? null} />
          <TrackDownloads label="This set" prefix={track.downloads.gpx.replace(/\.gpx$/, '')} fileBase={track.baseName} testId="set-track-downloads" />
        </>
      )}
      {projectDownloads}
    </section>
  );
}
