import { apiHandler, getOnlyAction } from '~/web/http.server';
import { golferWorkerResponse } from '~/web/golfer-worker.server';

/** GET /golfer-worker.js: the golfers' service worker (docs/decisions/160-golfers-phone-app.md). */
export function loader() {
  return apiHandler(() => Promise.resolve(golferWorkerResponse()));
}

export const action = getOnlyAction;
