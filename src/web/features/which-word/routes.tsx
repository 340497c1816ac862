import type { AnyRoute } from '@tanstack/react-router';

/**
 * The which-word screens: `public` routes hang off rootRoute, `protected` ones off protectedRoute
 * (both exported by ../../router, used only inside getParentRoute because of the import cycle); validateSearch
 * helpers are in ../../lib/search.
 */
export const whichWordRoutes: { public: AnyRoute[]; protected: AnyRoute[] } = { public: [], protected: [] };
