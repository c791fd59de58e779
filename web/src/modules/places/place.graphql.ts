import { graphql } from '../../gql';

export const PlaceEditPreviewQuery = graphql(`
  query PlaceEditPreview($fileSetId: ID!, $place: PlaceFieldsInput!) {
    placeEditPreview(fileSetId: $fileSetId, place: $place) {
      changed
      before {
        title
        finalDescription
        keywords
      }
      after {
        title
        finalDescription
        keywords
      }
    }
  }
`);

export const UpdateResultPlaceMutation = graphql(`
  mutation UpdateResultPlace($fileSetId: ID!, $place: PlaceFieldsInput!, $rewriteText: Boolean!) {
    updateResultPlace(fileSetId: $fileSetId, place: $place, rewriteText: $rewriteText) {
      fileSetId
      edited
      current {
        content {
          title
          finalDescription
          keywords
        }
        metadata {
          city
          region
          country
          placeLine
          features
        }
      }
    }
  }
`);

export const PlaceAtQuery = graphql(`
  query PlaceAt($latitude: Float!, $longitude: Float!) {
    placeAt(latitude: $latitude, longitude: $longitude) {
      city
      region
      country
      placeLine
      features
    }
  }
`);
