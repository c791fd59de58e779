import { graphql } from '../../../gql';

export const ExportDownloadMutation = graphql(`
  mutation ExportDownload($projectId: ID!, $format: ExportFormat!, $withJpgs: Boolean!) {
    exportDownload(projectId: $projectId, format: $format, withJpgs: $withJpgs) {
      url
      fileName
      expiresAt
      incomplete
      note
    }
  }
`);

export const ExportCheckQuery = graphql(`
  query ExportCheck($projectId: ID!, $format: AgencyExportFormat!) {
    exportCheck(projectId: $projectId, format: $format) {
      format
      agency
      source
      totalRows
      refusedCount
      fileProblems
      keywordsWritten {
        fewest
        most
      }
      rows {
        rowNumber
        fileSetId
        filename
        problems
        warnings
      }
    }
  }
`);

/** Whether the project was ever processed, asked just before an export (the page's copy may be stale). */
export const ExportProjectStatusQuery = graphql(`
  query ExportProjectStatus($id: ID!) {
    project(id: $id) {
      id
      status
    }
  }
`);
