/// <reference types="@remix-run/node" />
/// <reference types="vite/client" />

// Single fetch (vite.config.ts, docs/decisions/194-single-fetch.md): loader and action data reach the page as the
// loader returned it (turbo-stream), so `useLoaderData<typeof loader>()`, `useActionData` and `useFetcher` are typed
// that way too: a Date stays a Date, nothing is Jsonify'd.
declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

// A module (not a script), so the block above adds to @remix-run/node's types instead of replacing them.
export {};
