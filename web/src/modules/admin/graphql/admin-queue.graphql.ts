import { graphql } from '../../../gql';

export const AdminQueueStatsQuery = graphql(`
  query AdminQueueStats {
    adminQueueStats {
      name
      counts {
        waiting
        active
        completed
        failed
        delayed
      }
      recentFailed {
        id
        name
        failedReason
        attemptsMade
        failedAt
      }
    }
  }
`);
