import { graphql } from '../../../gql';

export const ProjectsQuery = graphql(`
  query Projects($view: ProjectView!, $search: String, $createdOn: String, $tzOffsetMinutes: Int!, $first: Int!, $after: String) {
    projects(view: $view, search: $search, createdOn: $createdOn, tzOffsetMinutes: $tzOffsetMinutes, first: $first, after: $after) {
      totalCount
      pageInfo {
        ...PageInfoFields
      }
      edges {
        node {
          id
          name
          description
          createdAt
          deletedAt
          status
          fileSetCount
          uploadState {
            filesToSend
            setsToSend
            incompleteSets
          }
          progress {
            failedJobs
          }
        }
      }
    }
    projectCounts {
      active
      trash
    }
  }
`);

/** Moving a project to or from the trash changes only this. */
export const ProjectTrashStateFragment = graphql(`
  fragment ProjectTrashState on Project {
    id
    deletedAt
  }
`);

export const TrashProjectMutation = graphql(`
  mutation TrashProject($id: ID!) {
    trashProject(id: $id) {
      ...ProjectTrashState
    }
  }
`);

export const RestoreProjectMutation = graphql(`
  mutation RestoreProject($id: ID!) {
    restoreProject(id: $id) {
      ...ProjectTrashState
    }
  }
`);

export const DeleteProjectMutation = graphql(`
  mutation DeleteProjectPermanently($id: ID!) {
    deleteProjectPermanently(id: $id)
  }
`);

export const EmptyTrashMutation = graphql(`
  mutation EmptyTrash {
    emptyTrash {
      deleted
      remaining
      message
    }
  }
`);

export const CameraTypesQuery = graphql(`
  query CameraTypes {
    cameraTypes {
      value
      label
    }
  }
`);

export const CreateProjectMutation = graphql(`
  mutation CreateProject($input: CreateProjectInput!) {
    createProject(input: $input) {
      id
      name
      cameraType
    }
  }
`);
