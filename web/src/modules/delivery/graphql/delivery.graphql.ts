import { graphql } from '../../../gql';

export const DeliveryConnectionFields = graphql(`
  fragment DeliveryConnectionFields on DeliveryConnection {
    id
    name
    agency
    protocol
    host
    port
    username
    passwordSet
    secretMissingReason
    lastTestOk
    lastTestMessage
    pausedReason
    remoteFolder
    hostKey
    allowOverwrite
    createFolder
    maxSessions
    receives
    receivesDefault
    checkRules
    csvUploadPage
  }
`);

export const DeliveryFields = graphql(`
  fragment DeliveryFields on Delivery {
    id
    createdAt
    done
    override
    resendOf
    startedBy
    startedByOwner
    connections {
      connectionId
      name
      agency
      csvUploadPage
      counts {
        queued
        sending
        sent
        failed
        skipped
        held
        paused
        conflict
      }
    }
    items {
      id
      connectionId
      filename
      sizeBytes
      status
      bytesSent
      bytesPerSecond
      message
      remotePlace
      remoteSize
    }
  }
`);

export const DeliverySetupQuery = graphql(`
  query DeliverySetup($projectId: ID!) {
    deliveryAgencies {
      agency
      name
      protocol
      host
      port
    }
    deliveryConnections {
      ...DeliveryConnectionFields
    }
    projectDeliveries(projectId: $projectId) {
      ...DeliveryFields
    }
  }
`);

export const CreateDeliveryConnectionMutation = graphql(`
  mutation CreateDeliveryConnection($input: DeliveryConnectionInput!) {
    createDeliveryConnection(input: $input) {
      ...DeliveryConnectionFields
    }
  }
`);

export const UpdateDeliveryConnectionMutation = graphql(`
  mutation UpdateDeliveryConnection($id: ID!, $input: DeliveryConnectionInput!) {
    updateDeliveryConnection(id: $id, input: $input) {
      ...DeliveryConnectionFields
    }
  }
`);

export const ResumeDeliveryConnectionMutation = graphql(`
  mutation ResumeDeliveryConnection($id: ID!) {
    resumeDeliveryConnection(id: $id) {
      resumed
      connection {
        ...DeliveryConnectionFields
      }
    }
  }
`);

export const DeleteDeliveryConnectionMutation = graphql(`
  mutation DeleteDeliveryConnection($id: ID!) {
    deleteDeliveryConnection(id: $id) {
      id
    }
  }
`);

export const TestDeliveryConnectionMutation = graphql(`
  mutation TestDeliveryConnection($id: ID!) {
    testDeliveryConnection(id: $id) {
      ok
      kind
      message
      connection {
        ...DeliveryConnectionFields
      }
    }
  }
`);

export const DeliverProjectMutation = graphql(`
  mutation DeliverProject($input: DeliverProjectInput!) {
    deliverProject(input: $input) {
      ...DeliveryFields
    }
  }
`);

export const DeliveryProgressSubscription = graphql(`
  subscription DeliveryProgress($deliveryId: ID!) {
    deliveryProgress(deliveryId: $deliveryId) {
      ...DeliveryFields
    }
  }
`);

export const ResendDeliveryMutation = graphql(`
  mutation ResendDelivery($input: ResendDeliveryInput!) {
    resendDelivery(input: $input) {
      ...DeliveryFields
    }
  }
`);
