import { graphql } from '../../../gql';

/** A set's track for the map and chart: at most 1,500 points is plenty for a small map. */
export const FileSetTrackQuery = graphql(`
  query FileSetTrack($fileSetId: ID!) {
    fileSetTrack(fileSetId: $fileSetId, maxPoints: 1500) {
      fileSetId
      baseName
      title
      start
      end
      altitudeReference
      pointCount
      points {
        t
        latitude
        longitude
        altitude
        speed
      }
      frames {
        index
        t
        latitude
        longitude
      }
      downloads {
        gpx
        kml
        geojson
      }
    }
  }
`);
