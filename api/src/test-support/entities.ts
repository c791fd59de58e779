/**
 * Every entity class, for the service tier (service-tier.ts): the same list the composition root
 * gives MikroORM, without loading the modules (their resolvers, routes and workers) to get it.
 * entities.unit.spec.ts fails when the two differ.
 */
import type { EntityClass } from '../kernel/feature-module.js';
import { ApiToken } from '../api-tokens/api-token.entity.js';
import { PasswordReset } from '../auth/password-reset.entity.js';
import { Delivery, DeliveryConnection, DeliveryItem } from '../delivery/delivery.entities.js';
import { FileSet } from '../file-sets/file-set.entity.js';
import { MediaFile } from '../file-sets/media-file.entity.js';
import { ProcessingJob } from '../processing/processing-job.entity.js';
import { ProcessingRun } from '../processing/processing-run.entity.js';
import { Project } from '../projects/project.entity.js';
import { CreditPackage } from '../purchases/credit-package.entity.js';
import { PurchaseRequest } from '../purchases/purchase-request.entity.js';
import { FileSetResult } from '../results/file-set-result.entity.js';
import { ResumableUpload } from '../resumable-uploads/resumable-upload.entity.js';
import { ProjectEditAction, ProjectEditChange } from '../review/project-edit.entity.js';
import { ProjectKeywordRules } from '../review/project-keyword-rules.entity.js';
import { Setting } from '../settings/setting.entity.js';
import { User } from '../users/user.entity.js';

export const ALL_ENTITIES: readonly EntityClass[] = [
  ApiToken,
  PasswordReset,
  DeliveryConnection,
  Delivery,
  DeliveryItem,
  FileSet,
  MediaFile,
  ProcessingRun,
  ProcessingJob,
  Project,
  CreditPackage,
  PurchaseRequest,
  FileSetResult,
  ResumableUpload,
  ProjectKeywordRules,
  ProjectEditAction,
  ProjectEditChange,
  Setting,
  User,
];
