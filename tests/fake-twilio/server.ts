import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small local stand-in for the part of api.twilio.com the league uses, so the real `twilio` SDK can be exercised
 * offline (the SDK is pointed here with TWILIO_API_BASE, as the Stripe SDK is at tests/fake-stripe): POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json, with Twilio's Basic auth, form-encoded requests, JSON answers and
 * error shape (21211 invalid 'To', 21610 a number that replied STOP, 20003 bad credentials). Tests then play Twilio's
 * side of the webhooks: a text's status callback ('delivered', 'undelivered' with its error code) and a golfer's reply
 * (STOP, START, HELP), each signed as Twilio signs them (X-Twilio-Signature: HMAC-SHA1 of the URL and the sorted
 * fields, with the auth token), written here by hand rather than with the SDK the site checks them with.
 */

export type FakeText = {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
  status: string;
  createdAt: number;
};

/** A webhook as Twilio would send it: where, which fields, and the signature over both. */
export type SignedWebhook = { url: string; params: Record<string, string>; signature: string };

const E164 = /^\+[1-9]\d{6,14}$/;

function twilioError(res: http.ServerResponse, status: number, code: number, message: string) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
}

/** Twilio's signature of a webhook: base64 HMAC-SHA1 of the URL followed by each field's name and value, sorted. */
function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return crypto.createHmac('sha1', authToken).update(Buffer.from(data, 'utf-8')).digest('base64');
}

export class FakeTwilio {
  readonly texts: FakeText[] = [];
  /** Numbers that replied STOP: Twilio refuses texts to them (21610) until they reply START. */
  readonly stopped = new Set<string>();
  readonly accountSid: string;
  private failures: { status: number; code: number }[] = [];
  /** After this many more accepted texts, each next one is held unanswered and not taken (`holdAfter`). */
  private holdLeft: number | null = null;
  private holding: http.ServerResponse[] = [];
  private onHold: (() => void)[] = [];
  private server: http.Server;
  port = 0;

  constructor(
    readonly authToken = 'fake-twilio-auth-token',
    accountSid = `AC${'0123456789abcdef'.repeat(2)}`,
    /** When set, each accepted text is also appended to this file as one JSON line (the browser tests read it). */
    private readonly logFile: string | null = null,
  ) {
    this.accountSid = accountSid;
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => this.handle(req, res, body));
    });
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The environment the site needs to text through this fake. */
  env(from = '+12315550100'): Record<string, string> {
    return {
      TWILIO_ACCOUNT_SID: this.accountSid,
      TWILIO_AUTH_TOKEN: this.authToken,
      TWILIO_FROM: from,
      TWILIO_API_BASE: this.baseUrl,
    };
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The next `count` requests answer this HTTP status and Twilio error code (an outage: 500 / 20500). */
  failNext(status = 500, count = 1, code = 20500) {
    for (let i = 0; i < count; i++) this.failures.push({ status, code });
  }

  /**
   * Takes `count` more texts, then holds each next request unanswered, as if Twilio never got it (a test kills the
   * sender in the middle of that send). `held()` resolves once a request is held; `release()` drops the held ones
   * (never taken) and takes texts again.
   */
  holdAfter(count: number) {
    this.holdLeft = count;
  }

  held(): Promise<void> {
    if (this.holding.length > 0) return Promise.resolve();
    return new Promise((resolve) => this.onHold.push(resolve));
  }

  release() {
    this.holdLeft = null;
    for (const res of this.holding.splice(0)) res.destroy();
  }

  clearFailures() {
    this.failures = [];
  }

  /** The texts to one number. */
  textsTo(number: string): FakeText[] {
    return this.texts.filter((t) => t.to === number);
  }

  /**
   * What Twilio posts to a text's StatusCallback when the carrier reports it: 'delivered', or 'undelivered' /
   * 'failed' with an error code (30003 unreachable phone…).
   */
  statusCallback(sid: string, status: string, errorCode?: string): SignedWebhook {
    const text = this.texts.find((t) => t.sid === sid);
    if (!text?.statusCallback) throw new Error(`Fake text ${sid} has no status callback`);
    text.status = status;
    const params: Record<string, string> = {
      AccountSid: this.accountSid,
      ApiVersion: '2010-04-01',
      From: text.from ?? '+12315550100',
      MessageSid: sid,
      MessageStatus: status,
      SmsSid: sid,
      SmsStatus: status,
      To: text.to,
      ...(text.messagingServiceSid ? { MessagingServiceSid: text.messagingServiceSid } : {}),
      ...(errorCode ? { ErrorCode: errorCode } : {}),
    };
    return this.signed(text.statusCallback, params);
  }

  /**
   * A text from a phone to the league's number, as Twilio posts it to the incoming-message webhook at `url`. Like
   * Twilio's own opt-out handling, STOP (and its synonyms) and START change what this fake lets through.
   */
  incoming(url: string, from: string, body: string, to = '+12315550100'): SignedWebhook {
    const word = body.trim().toUpperCase();
    if (['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE'].includes(word))
      this.stopped.add(from);
    if (['START', 'UNSTOP', 'YES'].includes(word)) this.stopped.delete(from);
    const sid = `SM${crypto.randomBytes(16).toString('hex')}`;
    return this.signed(url, {
      AccountSid: this.accountSid,
      ApiVersion: '2010-04-01',
      Body: body,
      From: from,
      MessageSid: sid,
      NumMedia: '0',
      NumSegments: '1',
      SmsMessageSid: sid,
      SmsSid: sid,
      SmsStatus: 'received',
      To: to,
    });
  }

  signed(url: string, params: Record<string, string>): SignedWebhook {
    return { url, params, signature: twilioSignature(this.authToken, url, params) };
  }

  /** Posts a signed webhook over HTTP, as Twilio does (to a running site). */
  async post(webhook: SignedWebhook): Promise<{ status: number; text: string }> {
    const res = await fetch(webhook.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Twilio-Signature': webhook.signature,
        'User-Agent': 'TwilioProxy/1.1',
      },
      body: new URLSearchParams(webhook.params).toString(),
    });
    return { status: res.status, text: await res.text() };
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', this.baseUrl);
    const expected = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return twilioError(res, 401, 20003, 'Authenticate');
    const failure = this.failures.shift();
    if (failure) return twilioError(res, failure.status, failure.code, 'Simulated outage');
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
    if (req.method !== 'POST' || !match || match[1] !== this.accountSid)
      return twilioError(res, 404, 20404, `The requested resource ${url.pathname} was not found`);
    const form = new URLSearchParams(body);
    const to = form.get('To') ?? '';
    const from = form.get('From');
    const messagingServiceSid = form.get('MessagingServiceSid');
    const text = form.get('Body') ?? '';
    if (!E164.test(to)) return twilioError(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (!from && !messagingServiceSid)
      return twilioError(res, 400, 21603, "The 'From' phone number or a Messaging Service SID is required.");
    if (!text) return twilioError(res, 400, 21602, 'Message body is required.');
    if (text.length > 1600)
      return twilioError(res, 400, 21617, 'The concatenated message body exceeds 1600 characters.');
    if (this.stopped.has(to)) return twilioError(res, 400, 21610, 'Attempt to send to unsubscribed recipient');
    if (this.holdLeft !== null && this.holdLeft-- <= 0) {
      this.holding.push(res);
      for (const resolve of this.onHold.splice(0)) resolve();
      return;
    }
    const sent: FakeText = {
      sid: `SM${crypto.randomBytes(16).toString('hex')}`,
      to,
      from,
      messagingServiceSid,
      body: text,
      statusCallback: form.get('StatusCallback'),
      status: 'queued',
      createdAt: Date.now(),
    };
    this.texts.push(sent);
    if (this.logFile) fs.appendFileSync(this.logFile, `${JSON.stringify(sent)}\n`);
    res.writeHead(201, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({
        sid: sent.sid,
        account_sid: this.accountSid,
        to,
        from,
        messaging_service_sid: messagingServiceSid,
        body: text,
        status: 'queued',
        num_segments: String(Math.ceil(text.length / 153)),
        direction: 'outbound-api',
        api_version: '2010-04-01',
        date_created: new Date().toUTCString(),
        error_code: null,
        error_message: null,
        uri: `/2010-04-01/Accounts/${this.accountSid}/Messages/${sent.sid}.json`,
      }),
    );
  }
}
