import { apiError } from '~/web/http.server';

// /api/* answers JSON, an unknown API path included (rather than the HTML 404 page).
function notFound() {
  return apiError(404, 'No such API endpoint');
}

export const loader = notFound;
export const action = notFound;
