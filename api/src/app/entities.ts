import { PasswordReset } from '../features/auth/password-reset.entity.js';
import { ApiToken } from '../features/api-tokens/api-token.entity.js';
import { User } from '../features/users/user.entity.js';
import { Setting } from '../features/settings/setting.entity.js';
import { CreditPackage } from '../features/purchases/credit-package.entity.js';
import { PurchaseRequest } from '../features/purchases/purchase-request.entity.js';
import { Project } from '../features/projects/project.entity.js';
import { ResumableUpload } from '../features/resumable-uploads/resumable-upload.entity.js';
import { UploadPlanFile } from '../features/uploads/upload-plan-file.entity.js';
import { FileSet } from '../features/file-sets/file-set.entity.js';
import { MediaFile } from '../features/file-sets/media-file.entity.js';
import { FileSetResult } from '../features/results/file-set-result.entity.js';
import { ProjectKeywordRules } from '../features/review/project-keyword-rules.entity.js';
import { KeywordRulePreset } from '../features/review/keyword-rule-preset.entity.js';
import { ProjectEditAction, ProjectEditChange } from '../features/review/project-edit.entity.js';
import type { TableColumns } from '../platform/db/table-columns.js';
import { PROCESSING_JOBS, PROCESSING_RUNS } from '../features/processing/processing-tables.js';
import { DELIVERIES, DELIVERY_CONNECTIONS, DELIVERY_ITEMS, DELIVERY_REMOTE_FILES } from '../features/delivery/delivery-tables.js';
import { MAIL_MESSAGES } from '../features/mail/mail-store.js';
import { CONTACT_MESSAGES } from '../features/contact/contact-store.js';

/**
 * Every MikroORM entity, once (no folder scanning): openDatabase maps these, and the schema-drift
 * test checks them against the migrated tables. Features that write their tables in plain SQL
 * declare them in `storeTables` below instead, and keep no entity.
 */
export const entities = [
  PasswordReset,
  ApiToken,
  User,
  Setting,
  CreditPackage,
  PurchaseRequest,
  Project,
  ResumableUpload,
  UploadPlanFile,
  FileSet,
  MediaFile,
  FileSetResult,
  ProjectKeywordRules,
  KeywordRulePreset,
  ProjectEditAction,
  ProjectEditChange,
];

/**
 * The tables plain SQL stores read and write (processing's runs and jobs, delivery's connections,
 * deliveries and items), as the stores declare their columns: the schema-drift test checks them.
 */
export const storeTables: readonly TableColumns[] = [
  PROCESSING_RUNS,
  PROCESSING_JOBS,
  DELIVERY_CONNECTIONS,
  DELIVERIES,
  DELIVERY_ITEMS,
  DELIVERY_REMOTE_FILES,
  MAIL_MESSAGES,
  CONTACT_MESSAGES,
];
