/**
 * Security headers for every HTML page. Scripts run only with the per-request nonce; forms may post to this
 * site and be redirected on to Stripe Checkout (Chrome applies form-action to the redirect too).
 */
export function securityHeaders(nonce: string): Record<string, string> {
  const dev = process.env.NODE_ENV === 'development';
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self'${dev ? ' ws:' : ''}`,
    // The golfers' pages' service worker and manifest (docs/decisions/160-golfers-phone-app.md): this site's only.
    "worker-src 'self'",
    "manifest-src 'self'",
    "form-action 'self' https://checkout.stripe.com",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
  };
}
