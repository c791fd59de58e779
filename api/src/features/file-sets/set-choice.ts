import { badInput } from '../../platform/errors/app-error.js';
import { MAX_CHOSEN_SETS, type SetChoice } from './file-sets.service.js';

/** The body of fileset-choices: `{ fileSetIds?: string[], withoutTelemetry?: boolean, leftOut?: boolean }`. */
export function setChoiceOf(body: Record<string, unknown>): SetChoice {
  const { fileSetIds = [], withoutTelemetry, leftOut } = body;
  if (!Array.isArray(fileSetIds) || fileSetIds.some((id) => typeof id !== 'string')) throw badInput('fileSetIds must be a list of file set ids');
  if (fileSetIds.length > MAX_CHOSEN_SETS) throw badInput(`At most ${MAX_CHOSEN_SETS} file sets at once`);
  if (withoutTelemetry !== undefined && typeof withoutTelemetry !== 'boolean') throw badInput('withoutTelemetry must be true or false');
  if (leftOut !== undefined && typeof leftOut !== 'boolean') throw badInput('leftOut must be true or false');
  return { fileSetIds: fileSetIds as string[], withoutTelemetry, leftOut };
}
