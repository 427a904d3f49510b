import { apiError } from '~/utils/http.server';

// /api/* answers JSON, an unknown API path included (rather than the HTML 404 page).
export function loader() {
  return apiError(404, 'No such API endpoint');
}

export const action = loader;
