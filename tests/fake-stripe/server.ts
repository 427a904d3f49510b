import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small local stand-in for the part of api.stripe.com the league uses, so the real `stripe` SDK can be
 * exercised offline: POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id and POST .../:id/expire, POST /v1/refunds
 * and GET /v1/refunds?charge=, with Stripe's form-encoded requests, JSON answers, error shape and Idempotency-Key
 * behaviour. Tests mark a session paid (as the hosted checkout page would: a PaymentIntent and its charge appear),
 * refund a payment as Stripe's dashboard would, and build signed webhook events (checkout.session.*,
 * charge.refunded).
 */

export type FakeSession = {
  id: string;
  object: 'checkout.session';
  mode: string;
  url: string | null;
  amount_total: number;
  currency: string;
  customer_email: string | null;
  customer_details: { email: string | null } | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  payment_intent: string | null;
  created: number;
};

export type FakeCharge = {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  payment_intent: string;
  metadata: Record<string, string>;
  created: number;
};

export type FakeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
};

export type RecordedRequest = {
  method: string;
  path: string;
  idempotencyKey: string | null;
  authorization: string | null;
};

type Nested = { [key: string]: string | Nested };

/** Stripe's form encoding: `line_items[0][price_data][unit_amount]=15000` → nested objects. */
function parseForm(body: string): Nested {
  const out: Nested = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Nested;
    });
  }
  return out;
}

function str(value: string | Nested | undefined): string | null {
  return typeof value === 'string' ? value : null;
}

function stripeError(res: http.ServerResponse, status: number, message: string, code?: string) {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Request-Id': `req_${crypto.randomBytes(6).toString('hex')}`,
  });
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } }));
}

export class FakeStripe {
  readonly sessions = new Map<string, FakeSession>();
  /** By payment intent id. */
  readonly charges = new Map<string, FakeCharge>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly requests: RecordedRequest[] = [];
  private readonly idempotent = new Map<string, string>();
  private failures: number[] = [];
  private server: http.Server;
  port = 0;

  constructor(readonly apiKey = 'sk_test_fake_league') {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => this.handle(req, res, body));
    });
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The next `count` API requests answer this HTTP status (an outage). */
  failNext(status = 500, count = 1) {
    this.failures.push(...Array<number>(count).fill(status));
  }

  /** Ends any outage set with failNext. */
  clearFailures() {
    this.failures = [];
  }

  /** What the hosted checkout page does when the card is accepted. */
  markPaid(id: string): FakeSession {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`No fake session ${id}`);
    // Stripe's hosted page takes no payment on an expired session.
    if (session.status === 'expired') throw new Error(`Fake session ${id} has expired: it cannot be paid`);
    const paymentIntent = session.payment_intent ?? `pi_fake_${crypto.randomBytes(12).toString('hex')}`;
    Object.assign(session, { status: 'complete', payment_status: 'paid', url: null, payment_intent: paymentIntent });
    if (!this.charges.has(paymentIntent))
      this.charges.set(paymentIntent, {
        id: `ch_fake_${crypto.randomBytes(12).toString('hex')}`,
        object: 'charge',
        amount: session.amount_total,
        amount_refunded: 0,
        refunded: false,
        currency: session.currency,
        payment_intent: paymentIntent,
        metadata: { ...session.metadata },
        created: Math.floor(Date.now() / 1000),
      });
    return session;
  }

  /**
   * A refund of a payment, as Stripe's dashboard (or the API) makes it. Throws like Stripe refuses: an unknown payment,
   * or more than is left on the charge.
   */
  refund(paymentIntent: string, amount?: number): FakeRefund {
    const charge = this.charges.get(paymentIntent);
    if (!charge) throw new Error(`No such payment_intent: '${paymentIntent}'`);
    const left = charge.amount - charge.amount_refunded;
    const value = amount ?? left;
    if (value <= 0 || value > left)
      throw new Error(`Refund amount ($${value / 100}) is greater than unrefunded amount on charge ($${left / 100})`);
    const refund: FakeRefund = {
      id: `re_fake_${crypto.randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount: value,
      charge: charge.id,
      payment_intent: paymentIntent,
      currency: charge.currency,
      status: 'succeeded',
      metadata: {},
      created: Math.floor(Date.now() / 1000),
    };
    this.refunds.set(refund.id, refund);
    charge.amount_refunded += value;
    charge.refunded = charge.amount_refunded === charge.amount;
    return refund;
  }

  /**
   * The signed `charge.refunded` event Stripe sends after a refund of this payment. Like API versions since 2022-11-15,
   * the charge carries no list of its refunds: the receiver lists them.
   */
  chargeRefundedWebhook(paymentIntent: string, secret: string): { payload: string; signature: string } {
    const charge = this.charges.get(paymentIntent);
    if (!charge) throw new Error(`No charge for ${paymentIntent}`);
    return this.signedEvent('charge.refunded', charge, secret);
  }

  /** A delayed payment method: checkout is complete, the money is not there yet. */
  markProcessing(id: string): FakeSession {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`No fake session ${id}`);
    Object.assign(session, { status: 'complete', payment_status: 'unpaid', url: null });
    return session;
  }

  /** A webhook body and a valid Stripe-Signature for an event about this session. */
  webhook(id: string, secret: string, type = 'checkout.session.completed'): { payload: string; signature: string } {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`No fake session ${id}`);
    return this.signedEvent(type, session, secret);
  }

  private signedEvent(type: string, object: unknown, secret: string): { payload: string; signature: string } {
    const payload = JSON.stringify({
      id: `evt_${crypto.randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    });
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', this.baseUrl);
    this.requests.push({
      method: req.method ?? '',
      path: url.pathname,
      idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null,
      authorization: req.headers.authorization ?? null,
    });
    if (req.headers.authorization !== `Bearer ${this.apiKey}`) return stripeError(res, 401, 'Invalid API Key provided');
    const failure = this.failures.shift();
    if (failure) return stripeError(res, failure, 'Simulated outage', 'api_error');

    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') return this.create(req, res, body);
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      const session = this.sessions.get(decodeURIComponent(match[1]));
      if (!session) return stripeError(res, 404, `No such checkout.session: '${match[1]}'`, 'resource_missing');
      return this.send(res, session);
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
    if (req.method === 'POST' && expire) {
      const session = this.sessions.get(decodeURIComponent(expire[1]));
      if (!session) return stripeError(res, 404, `No such checkout.session: '${expire[1]}'`, 'resource_missing');
      if (session.status !== 'open')
        return stripeError(res, 400, 'Only Checkout Sessions with a status in ["open"] can be expired.');
      Object.assign(session, { status: 'expired', url: null });
      return this.send(res, session);
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') return this.createRefund(req, res, body);
    if (req.method === 'GET' && url.pathname === '/v1/refunds') {
      const charge = url.searchParams.get('charge');
      const paymentIntent = url.searchParams.get('payment_intent');
      const data = [...this.refunds.values()]
        .filter((r) => (!charge || r.charge === charge) && (!paymentIntent || r.payment_intent === paymentIntent))
        .reverse();
      return this.send(res, { object: 'list', url: '/v1/refunds', has_more: false, data });
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname})`);
  }

  private createRefund(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const previous = key ? this.idempotent.get(key) : undefined;
    if (previous) return this.send(res, this.refunds.get(previous)!);
    const form = parseForm(body);
    const paymentIntent = str(form.payment_intent);
    if (!paymentIntent || !this.charges.has(paymentIntent))
      return stripeError(res, 404, `No such payment_intent: '${paymentIntent ?? ''}'`, 'resource_missing');
    const amount = str(form.amount);
    let refund: FakeRefund;
    try {
      refund = this.refund(paymentIntent, amount === null ? undefined : Number(amount));
    } catch (error) {
      return stripeError(res, 400, (error as Error).message, 'amount_too_large');
    }
    if (key) this.idempotent.set(key, refund.id);
    return this.send(res, refund);
  }

  private create(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const previous = key ? this.idempotent.get(key) : undefined;
    if (previous) return this.send(res, this.sessions.get(previous)!);

    const form = parseForm(body);
    const items = (form.line_items ?? {}) as Nested;
    let amount = 0;
    let currency = 'usd';
    for (const item of Object.values(items)) {
      if (typeof item === 'string') continue;
      const price = item.price_data as Nested;
      amount += Number(str(price.unit_amount)) * Number(str(item.quantity) ?? '1');
      currency = str(price.currency) ?? currency;
    }
    const successUrl = str(form.success_url);
    const cancelUrl = str(form.cancel_url);
    if (!successUrl || !cancelUrl || amount <= 0)
      return stripeError(res, 400, 'Missing required param: success_url, cancel_url or line_items.');
    const id = `cs_test_fake_${crypto.randomBytes(12).toString('hex')}`;
    const email = str(form.customer_email);
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      mode: str(form.mode) ?? 'payment',
      url: `${this.baseUrl}/pay/${id}`,
      amount_total: amount,
      currency,
      customer_email: email,
      customer_details: email ? { email } : null,
      client_reference_id: str(form.client_reference_id),
      metadata: Object.fromEntries(
        Object.entries((form.metadata ?? {}) as Nested).filter((e): e is [string, string] => typeof e[1] === 'string'),
      ),
      success_url: successUrl,
      cancel_url: cancelUrl,
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      created: Math.floor(Date.now() / 1000),
    };
    this.sessions.set(id, session);
    if (key) this.idempotent.set(key, id);
    return this.send(res, session);
  }

  private send(res: http.ServerResponse, value: unknown) {
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'Request-Id': `req_${crypto.randomBytes(6).toString('hex')}`,
    });
    res.end(JSON.stringify(value));
  }
}
