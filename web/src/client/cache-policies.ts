import type { TypePolicies } from '@apollo/client';

/**
 * Types whose `id` is a vocabulary word, not the identity of one stored thing. Apollo would key
 * them `ShotTypeFlag:aerial` and share ONE cache entry between every set's result, so each set
 * showed the flags of whichever set was read last (issue 31: every set of a card showed the first
 * set's "Aerial · Rising · Daylight"). Kept unnormalised, they live inside their parent's entry.
 */
export const VALUE_TYPES_WITH_ID = ['ShotTypeFlag'] as const;

/**
 * Types whose `id` names one row (or one fixed definition) and may be shared across queries.
 * `cache-policies.unit.spec.ts` reads the schema: every type with an `id` field must be in one
 * list or the other, so a new one is a decision, not an accident.
 */
export const ENTITY_TYPES_WITH_ID = [
  'AdminUser',
  'ApiToken',
  'ContactMessage',
  'CreditPackage',
  'Delivery',
  'DeliveryConnection',
  'DeliveryItem',
  'File',
  'FileSet',
  'InAppNotification',
  'KeywordRulePreset',
  'LedgerEvent',
  'LedgerEventUser',
  'MailMessage',
  'ProcessingJob',
  'ProcessingRun',
  'Project',
  'ProjectEdit',
  'PurchaseRequest',
  'PurchaseRequestPackage',
  'PurchaseRequestUser',
  'ReviewSet',
  'ShotTypeDefinition',
  'Transaction',
  'UnfinishedUpload',
  'UploadedFile',
  'User',
  // BullMQ job ids repeat across queues: kept with their list, never merged.
] as const;

/** `FailedJob` ids are per queue (processing and delivery both count from 1). */
const PER_LIST = ['FailedJob'] as const;

export const typePolicies: TypePolicies = Object.fromEntries([...VALUE_TYPES_WITH_ID, ...PER_LIST].map((t) => [t, { keyFields: false }]));
export const UNNORMALISED_TYPES: readonly string[] = [...VALUE_TYPES_WITH_ID, ...PER_LIST];
