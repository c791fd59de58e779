import { graphql } from '../../../gql';

export const NotificationSettingsQuery = graphql(`
  query NotificationSettings {
    notificationSettings {
      ...NotificationSettingsFields
    }
  }
`);

export const NotificationSettingsFields = graphql(`
  fragment NotificationSettingsFields on NotificationSettings {
    kinds {
      kind
      label
      enabled
    }
    lowCreditsBelow
  }
`);

export const SetNotificationEnabledMutation = graphql(`
  mutation SetNotificationEnabled($kind: String!, $enabled: Boolean!) {
    setNotificationEnabled(kind: $kind, enabled: $enabled) {
      ...NotificationSettingsFields
    }
  }
`);

export const SetLowCreditsThresholdMutation = graphql(`
  mutation SetLowCreditsThreshold($credits: Float!) {
    setLowCreditsThreshold(credits: $credits) {
      ...NotificationSettingsFields
    }
  }
`);

export const MyNotificationsQuery = graphql(`
  query MyNotifications {
    myNotifications(first: 10) {
      id
      kind
      subject
      createdAt
    }
  }
`);
