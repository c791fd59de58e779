import { graphql } from '../../../gql';

/** The three agencies' checks of the project's saved rows (the rules of api/src/features/exports/agency-rules.ts). */
export const AgencyFindingsQuery = graphql(`
  query AgencyFindings($projectId: ID!) {
    adobe: exportCheck(projectId: $projectId, format: ADOBE) {
      agency
      rows {
        fileSetId
        problems
      }
    }
    shutterstock: exportCheck(projectId: $projectId, format: SHUTTERSTOCK) {
      agency
      rows {
        fileSetId
        problems
      }
    }
    pond5: exportCheck(projectId: $projectId, format: POND5) {
      agency
      rows {
        fileSetId
        problems
      }
    }
  }
`);
