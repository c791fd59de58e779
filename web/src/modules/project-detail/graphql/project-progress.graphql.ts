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
