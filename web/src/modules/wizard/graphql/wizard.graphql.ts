import { graphql } from '../../../gql';

export const FileSetFields = graphql(`
  fragment WizardFileSet on FileSet {
    id
    baseName
    status
    missing
    files {
      id
      filename
      fileTypeInfo
      resourceUri
      sizeBytes
    }
  }
`);

/** Sent with XMLHttpRequest (for upload progress) under the GraphQL multipart request spec. */
export const UploadFilesMutation = graphql(`
  mutation UploadFiles($projectId: ID!, $files: [Upload!]!) {
    uploadFiles(projectId: $projectId, files: $files) {
      message
      accepted {
        id
        filename
      }
      refused {
        filename
        reason
      }
      summary {
        fileSets
        complete
        incomplete
      }
    }
  }
`);

export const ReplaceFileSetFileMutation = graphql(`
  mutation ReplaceFileSetFile($fileSetId: ID!, $kind: FileKind, $file: Upload!) {
    replaceFileSetFile(fileSetId: $fileSetId, kind: $kind, file: $file) {
      message
      replaced
      fileSet {
        ...WizardFileSet
      }
    }
  }
`);

export const VerifyFileSetsQuery = graphql(`
  query VerifyFileSets($projectId: ID!) {
    verifyFileSets(projectId: $projectId) {
      projectId
      allComplete
      fileSets {
        ...WizardFileSet
      }
    }
  }
`);

export const GenerateProjectJsonMutation = graphql(`
  mutation GenerateProjectJson($projectId: ID!) {
    generateProjectJson(projectId: $projectId) {
      message
      fileSetCount
    }
  }
`);

export const CostEstimateQuery = graphql(`
  query CostEstimate($projectId: ID!) {
    costEstimate(projectId: $projectId) {
      projectId
      costPerFileset
      fileSetCount
      totalCost
      currentBalance
      sufficient
    }
  }
`);
