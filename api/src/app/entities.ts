import { PasswordReset } from '../features/auth/password-reset.entity.js';
import { ApiToken } from '../features/api-tokens/api-token.entity.js';
import { User } from '../features/users/user.entity.js';
import { Setting } from '../features/settings/setting.entity.js';
import { CreditPackage } from '../features/purchases/credit-package.entity.js';
import { PurchaseRequest } from '../features/purchases/purchase-request.entity.js';
import { ProcessingRun } from '../features/processing/processing-run.entity.js';
import { ProcessingJob } from '../features/processing/processing-job.entity.js';
import { Project } from '../features/projects/project.entity.js';
import { ResumableUpload } from '../features/resumable-uploads/resumable-upload.entity.js';
import { FileSet } from '../features/file-sets/file-set.entity.js';
import { MediaFile } from '../features/file-sets/media-file.entity.js';
import { FileSetResult } from '../features/results/file-set-result.entity.js';
import { ProjectKeywordRules } from '../features/review/project-keyword-rules.entity.js';
import { ProjectEditAction, ProjectEditChange } from '../features/review/project-edit.entity.js';
import { DeliveryConnection, Delivery, DeliveryItem } from '../features/delivery/delivery.entities.js';

/**
 * Every MikroORM entity, once (no folder scanning): openDatabase maps these, and the schema-drift
 * test checks them against the migrated tables. ProcessingRun/ProcessingJob are declarations for
 * that test; processing queries its tables through run-store.ts.
 */
export const entities = [
  PasswordReset,
  ApiToken,
  User,
  Setting,
  CreditPackage,
  PurchaseRequest,
  ProcessingRun,
  ProcessingJob,
  Project,
  ResumableUpload,
  FileSet,
  MediaFile,
  FileSetResult,
  ProjectKeywordRules,
  ProjectEditAction,
  ProjectEditChange,
  DeliveryConnection,
  Delivery,
  DeliveryItem,
];
