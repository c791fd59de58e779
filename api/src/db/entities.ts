import { User } from '../users/user.entity.js';
import { Project } from '../projects/project.entity.js';
import { FileSet } from '../file-sets/file-set.entity.js';
import { MediaFile } from '../file-sets/media-file.entity.js';
import { Setting } from '../settings/setting.entity.js';
import { CreditPackage } from '../purchases/credit-package.entity.js';
import { PurchaseRequest } from '../purchases/purchase-request.entity.js';
import { FileSetResult } from '../results/file-set-result.entity.js';
import { ProcessingRun } from '../processing/processing-run.entity.js';
import { ProcessingJob } from '../processing/processing-job.entity.js';
import { ApiToken } from '../api-tokens/api-token.entity.js';
import { PasswordReset } from '../auth/password-reset.entity.js';

/** The explicit entity list (no folder scanning), in one place. */
export const entities = [
  User,
  Project,
  FileSet,
  MediaFile,
  Setting,
  CreditPackage,
  PurchaseRequest,
  FileSetResult,
  ApiToken,
  ProcessingRun,
  ProcessingJob,
  PasswordReset,
];
