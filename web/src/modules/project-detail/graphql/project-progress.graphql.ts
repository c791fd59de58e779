import { graphql } from '../../../gql';

export const ProgressFieldsFragment = graphql(`
  fragment ProgressFields on ProcessingProgress {
    projectId
    status
    totalJobs
    completedJobs
    processingJobs
    failedJobs
    progress
    acceptingSets
    intakeStoppedReason
    jobs {
      id
      fileSetId
      status
      progress
      stageMessage
    }
  }
`);

export const ProjectProgressQuery = graphql(`
  query ProjectProgress($projectId: ID!) {
    projectProgress(projectId: $projectId) {
      ...ProgressFields
    }
  }
`);

export const ProjectProgressSubscription = graphql(`
  subscription ProjectProgressLive($projectId: ID!) {
    projectProgress(projectId: $projectId) {
      ...ProgressFields
    }
  }
`);

/** Ends the intake of a run that takes sets as they complete (no more sets will come). */
export const StopTakingSetsOnPageMutation = graphql(`
  mutation StopTakingSetsOnPage($projectId: ID!) {
    stopTakingSets(projectId: $projectId) {
      run {
        id
        acceptingSets
      }
    }
  }
`);
