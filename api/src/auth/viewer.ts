import { forbidden, unauthenticated } from '../errors/app-error.js';
import type { User } from '../users/user.entity.js';

/** Who is asking: the one place REST routes and GraphQL resolvers check identity and role. */
export interface Viewer {
  user: User | null;
}

export function requireUser(viewer: Viewer): User {
  if (!viewer.user) throw unauthenticated();
  return viewer.user;
}

export function requireAdmin(viewer: Viewer): User {
  const user = requireUser(viewer);
  if (!user.isAdmin) throw forbidden();
  return user;
}
