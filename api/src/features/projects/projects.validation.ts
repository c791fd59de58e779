import { z } from 'zod';
import { CAMERA_TYPE_VALUES } from '../../analysis/metadata/camera-types.js';
import { displayName } from '../../platform/validation/display-text.js';
import { DATE_RANGE_MESSAGE, isStorableDate } from '../../platform/validation/pg-range.js';

export const createProjectInput = z.object({
  name: displayName('Project name', 200),
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(5000, 'Description must be at most 5000 characters')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  cameraType: z.enum(CAMERA_TYPE_VALUES, { error: `Camera type must be one of: ${CAMERA_TYPE_VALUES.join(', ')}` }),
});
export type CreateProjectInput = z.infer<typeof createProjectInput>;

export const projectListFilter = z.object({
  view: z.enum(['ACTIVE', 'TRASH']).default('ACTIVE'),
  search: z.string().trim().max(200, 'Search text is too long').optional().nullable(),
  /** A calendar day, YYYY-MM-DD, in the viewer's time zone (tzOffsetMinutes east of UTC). */
  createdOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'createdOn must be a date as YYYY-MM-DD')
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'createdOn is not a valid date')
    .refine((d) => isStorableDate(new Date(`${d}T00:00:00Z`)), `createdOn ${DATE_RANGE_MESSAGE}`)
    .optional()
    .nullable(),
  tzOffsetMinutes: z
    .number()
    .int()
    .min(-14 * 60)
    .max(14 * 60)
    .default(0),
  first: z.number().int().min(1, 'first must be at least 1').max(200, 'first must be at most 200').default(50),
  after: z.string().max(200).optional().nullable(),
  /** Offset paging for the REST lists (GraphQL pages with `after`). */
  offset: z.number().int().min(0).max(1_000_000_000).optional(),
});
export type ProjectListFilter = z.infer<typeof projectListFilter>;
