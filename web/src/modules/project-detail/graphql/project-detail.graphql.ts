import { graphql } from '../../../gql';

export const ProjectDetailQuery = graphql(`
  query ProjectDetail($id: ID!) {
    project(id: $id) {
      id
      name
      status
      deletedAt
      fileSetCount
      fileSets {
        id
        baseName
        status
        thumbnailUri
        previewImageUri
        incompleteReason
        files {
          id
          filename
          fileTypeInfo
          resourceUri
        }
        processing {
          status
          progress
          stageMessage
          reason
        }
        result {
          ...DetailFileSetResult
        }
      }
    }
    categoryOptions {
      adobe
      shutterstock
    }
  }
`);
