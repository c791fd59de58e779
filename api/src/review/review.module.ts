import type pg from 'pg';
import type { AuthService } from '../auth/auth.service.js';
import { defineModule, handlers, services } from '../kernel/feature-module.js';
import { ProjectEditAction, ProjectEditChange } from './project-edit.entity.js';
import { ProjectKeywordRules } from './project-keyword-rules.entity.js';
import { ReviewResolver } from './review.resolver.js';
import { reviewRoutes } from './review.routes.js';
import { ReviewService } from './review.service.js';

/** What the review resolver and routes use. */
export interface ReviewDeps {
  auth: Pick<AuthService, 'authenticate'>;
  review: ReviewService;
}

/**
 * Review (issue 20): the grid of a project's sets, bulk actions with an edit history and undo,
 * and the project's keyword rules (also applied by processing when it saves a result, and by the
 * exports when they write a row).
 */
export const reviewModule = defineModule({
  name: 'review',
  entities: [ProjectKeywordRules, ProjectEditAction, ProjectEditChange],
  services: services({ pool: true }, (d: { pool: pg.Pool }) => ({ review: new ReviewService(d.pool) })),
  handlers: handlers<ReviewDeps>(
    { auth: true, review: true },
    { resolvers: [ReviewResolver], routes: [{ path: '/api/projects', json: true, router: reviewRoutes }] },
  ),
});
