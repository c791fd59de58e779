import { graphql } from '../../../gql';

export const FileSetFields = graphql(`
  fragment WizardFileSet on FileSet {
    id
    baseName
    status
    missing
    incompleteReason
    shape
    processable
    stillFromVideo
    stillProblem
    withoutTelemetry
    leftOut
    files {
      id
      filename
      fileTypeInfo
      resourceUri
      sizeBytes
      proxy
      fromVideo
    }
  }
`);

/** Step 3's choices: process clips without telemetry, leave photos out (issue 30). */
export const ChooseFileSetProcessingMutation = graphql(`
  mutation ChooseFileSetProcessing($projectId: ID!, $fileSetIds: [ID!], $withoutTelemetry: Boolean, $leftOut: Boolean) {
    chooseFileSetProcessing(projectId: $projectId, fileSetIds: $fileSetIds, withoutTelemetry: $withoutTelemetry, leftOut: $leftOut) {
      ...WizardFileSet
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
  mutation GenerateProjectJson($projectId: ID!, $completeOnly: Boolean!) {
    generateProjectJson(projectId: $projectId, completeOnly: $completeOnly) {
      message
      fileSetCount
      leftOut {
        baseName
        reason
      }
    }
  }
`);

export const CostEstimateQuery = graphql(`
  query CostEstimate($projectId: ID!, $scope: ProcessingScope!) {
    costEstimate(projectId: $projectId, scope: $scope) {
      projectId
      scope
      costPerFileset
      fileSetCount
      totalFileSets
      leftOut {
        fileSetId
        baseName
        reason
      }
      totalCost
      currentBalance
      sufficient
    }
  }
`);

/** Where the wizard takes up an existing project (`/createproject?project=ID`). */
export const WizardResumeQuery = graphql(`
  query WizardResume($id: ID!) {
    project(id: $id) {
      id
      name
      status
      deletedAt
      fileSetCount
      progress {
        acceptingSets
      }
      uploadState {
        filesToSend
      }
    }
  }
`);

/** What the last card chosen still has to send (an upload interrupted by a reload, a closed tab, another device). */
export const WizardUploadStateQuery = graphql(`
  query WizardUploadState($id: ID!) {
    project(id: $id) {
      id
      uploadState {
        filesToSend
        setsToSend
        incompleteSets
      }
    }
  }
`);

export const RemoveFileSetMutation = graphql(`
  mutation RemoveFileSet($fileSetId: ID!) {
    removeFileSet(fileSetId: $fileSetId) {
      message
      fileSetId
    }
  }
`);

/** Step 2: resumable uploads of this project that an earlier visit left unfinished (or that expired). */
export const UnfinishedUploadsQuery = graphql(`
  query UnfinishedUploads($projectId: ID!) {
    unfinishedUploads(projectId: $projectId) {
      id
      filename
      status
      reason
      sizeBytes
      receivedBytes
      expiresAt
    }
  }
`);

/** Step 2's "Process each set as soon as it is complete": opens the run before the first byte is sent. */
export const StartProcessingAsSetsCompleteMutation = graphql(`
  mutation StartProcessingAsSetsComplete($projectId: ID!) {
    startProcessingAsSetsComplete(projectId: $projectId) {
      run {
        id
        costPerFileset
        acceptingSets
      }
    }
  }
`);

/** The card is uploaded (or the user stops): the run finishes with the sets it took. */
export const StopTakingSetsMutation = graphql(`
  mutation StopTakingSets($projectId: ID!) {
    stopTakingSets(projectId: $projectId) {
      run {
        id
        totalJobs
        acceptingSets
      }
    }
  }
`);

/** Results as they arrive while the card is still uploading: each set's state and its title and place. */
export const SetsAsCompleteQuery = graphql(`
  query SetsAsComplete($projectId: ID!) {
    project(id: $projectId) {
      id
      progress {
        acceptingSets
        intakeStoppedReason
        totalJobs
        completedJobs
        failedJobs
      }
      uploadState {
        setsToSend
      }
      fileSets {
        id
        baseName
        processing {
          status
          stageMessage
        }
        result {
          current {
            content {
              title
            }
            metadata {
              city
              country
            }
          }
        }
      }
    }
  }
`);
