import { Router } from 'express';
import type { Request } from 'express';
import { authed, type RouteAuth } from '../../platform/principal/signed-in-routes.js';
import { badInput } from '../../platform/errors/app-error.js';
import { checkFirst } from '../../platform/graphql/relay.js';
import { jsonBody } from '../../platform/http/route.js';
import { bulkFromBody } from './bulk-input.js';
import { presentHistory, presentReviewSet, presentRules } from './review.presenter.js';
import { checkAgencyProblem } from './agency-problems.js';
import { checkSort, reviewCursor, type ReviewFilter } from './review-query.js';
import type { ReviewService } from './review.service.js';

/** What the review routes under /api/projects are built with (app/http-app.ts). */
export interface ReviewRoutesDeps extends RouteAuth {
  review: ReviewService;
}

const text = (req: Request, name: string): string | null => {
  const v = req.query[name];
  if (v === undefined) return null;
  if (typeof v !== 'string') throw badInput(`${name} must be given once`);
  return v;
};

/** /api/projects/:id/review/...: the REST twins of the review GraphQL fields. */
export function reviewRoutes(services: ReviewRoutesDeps): Router {
  const r = Router();
  const { review } = services;

  r.get(
    '/:id/review/rules',
    authed(services, async (req, user) => presentRules(await review.rules(user, req.params.id))),
  );
  r.put(
    '/:id/review/rules',
    authed(services, async (req, user) => ({ message: 'Keyword rules saved', ...presentRules(await review.setRules(user, req.params.id, jsonBody(req))) })),
  );

  r.get(
    '/:id/review/sets',
    authed(services, async (req, user) => {
      const limit = checkFirst(Number(text(req, 'limit') ?? 100));
      const sort = checkSort(text(req, 'sort') ?? 'position');
      const agencyProblem = text(req, 'agencyProblem');
      const descending = text(req, 'descending') === 'true' || text(req, 'descending') === '1';
      const filter: ReviewFilter = {
        search: text(req, 'search'),
        status: text(req, 'status') as ReviewFilter['status'],
        city: text(req, 'city'),
        country: text(req, 'country'),
        shotType: text(req, 'shotType'),
        agencyProblem: agencyProblem ? checkAgencyProblem(agencyProblem) : null,
      };
      const page = await review.page(user, req.params.id, { first: limit, after: text(req, 'after'), filter, sort, descending });
      const last = page.rows[page.rows.length - 1];
      return {
        sets: page.rows.map((r) => presentReviewSet(r, page.refusals)),
        total: page.totalCount,
        nextCursor: page.hasNextPage && last ? reviewCursor(page.sort, page.descending, last) : null,
      };
    }),
  );

  r.post(
    '/:id/review/bulk/:action',
    authed(services, async (req, user) => {
      const { selection, action } = bulkFromBody(String(req.params.id), String(req.params.action), jsonBody(req));
      const { kind, ...params } = action;
      return review.bulk(user, selection, action, { kind, ...params });
    }),
  );

  r.get(
    '/:id/review/history',
    authed(services, async (req, user) => ({
      edits: (await review.history(user, req.params.id, checkFirst(Number(text(req, 'limit') ?? 50)))).map(presentHistory),
    })),
  );
  r.post(
    '/:id/review/undo',
    authed(services, async (req, user) => {
      const body = jsonBody(req);
      return { message: 'Edit undone', ...(await review.undo(user, req.params.id, body.editId ?? null)) };
    }),
  );
  return r;
}
