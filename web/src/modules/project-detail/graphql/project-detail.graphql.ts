import { graphql } from '../../../gql';

export const ProjectDetailQuery = graphql(`
  query ProjectDetail($id: ID!) {
    project(id: $id) {
      id
      name
      status
      fileSetCount
      fileSets {
        id
        baseName
        status
        thumbnailUri
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
