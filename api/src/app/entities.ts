import { PasswordReset } from '../auth/password-reset.entity.js';
import { ApiToken } from '../api-tokens/api-token.entity.js';
import { User } from '../users/user.entity.js';
import { Setting } from '../settings/setting.entity.js';
import { CreditPackage } from '../purchases/credit-package.entity.js';
import { PurchaseRequest } from '../purchases/purchase-request.entity.js';
import { ProcessingRun } from '../processing/processing-run.entity.js';
import { ProcessingJob } from '../processing/processing-job.entity.js';
import { Project } from '../projects/project.entity.js';
import { ResumableUpload } from '../resumable-uploads/resumable-upload.entity.js';
import { FileSet } from '../file-sets/file-set.entity.js';
import { MediaFile } from '../file-sets/media-file.entity.js';
import { FileSetResult } from '../results/file-set-result.entity.js';
import { ProjectKeywordRules } from '../review/project-keyword-rules.entity.js';
import { ProjectEditAction, ProjectEditChange } from '../review/project-edit.entity.js';
import { DeliveryConnection, Delivery, DeliveryItem } from '../delivery/delivery.entities.js';

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
