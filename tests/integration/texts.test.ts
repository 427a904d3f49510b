import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueueMessage, type NewMessage } from '~/models/outbox.server';
import { textMessage } from '~/features/texts/text-messages.server';
import { loader as meLoader } from '~/routes/_public.me._index';
import { action as textsAction } from '~/routes/_public.me.texts';
import { action as incomingAction } from '~/routes/webhooks.twilio';
import { action as statusAction } from '~/routes/webhooks.twilio.status';
import { loader as outboxLoader } from '~/routes/_admin.outbox';
import { db } from '~/db/db.server';
import { FakeTwilio } from '../fake-twilio/server';
import { newGolfer } from './fixtures-league';
import { call, request, signIn, signInGolfer, toastOf } from './helpers';
import { testClock } from './mail-helpers';
import { newMobile, textSender, textsOnFor, useFakeTwilio, webhookRequest, withoutTwilio } from './text-helpers';

// Texts through Twilio's SDK against a local fake of its Messages API (docs/decisions/175-texts-through-twilio.md):
// the outbox's machinery for the 'text' channel, the status callback, the opt-in by code on /me, and STOP, START and
// HELP through the incoming-message webhook, each webhook's signature checked.

const SITE = 'http://localhost';
let fake: FakeTwilio;

beforeAll(async () => {
  fake = await new FakeTwilio().start();
  process.env.PUBLIC_URL = SITE;
});

afterAll(async () => {
  await fake.stop();
  delete process.env.PUBLIC_URL;
  withoutTwilio();
});

beforeEach(async () => {
  useFakeTwilio(fake);
  fake.clearFailures();
  fake.stopped.clear();
  await db.outboxMessage.deleteMany();
});

async function golferWithTexts(phone = newMobile()) {
  const golfer = await newGolfer();
  await textsOnFor(db, golfer.id, phone);
  return { golfer, phone };
}

async function queueText(golferId: number, to: string, words = 'Frost delay: first tee time 5:42 PM') {
  const message: NewMessage = textMessage({
    key: `test:${golferId}:${Math.random()}`,
    kind: 'notice',
    golferId,
    to,
    label: 'Urgent notice',
    words,
  });
  await db.$transaction((tx) => enqueueMessage(tx, message));
  return db.outboxMessage.findUniqueOrThrow({ where: { key: message.key } });
}

describe('the text sender', () => {
  it('sends a text through the SDK once, ending with Reply STOP to stop., and keeps its Message SID', async () => {
    const { golfer, phone } = await golferWithTexts();
    const queued = await queueText(golfer.id, phone);
    const report = await (await textSender()).deliverDue();
    expect(report).toMatchObject({ sent: 1, failed: 0 });
    const [text] = fake.textsTo(phone);
    expect(text.body).toBe('Frost delay: first tee time 5:42 PM Reply STOP to stop.');
    expect(text.from).toBe('+12315550100');
    expect(text.statusCallback).toBe(`${SITE}/webhooks/twilio/status?id=${queued.id}`);
    const row = await db.outboxMessage.findUniqueOrThrow({ where: { id: queued.id } });
    expect(row).toMatchObject({ channel: 'text', status: 'sent', providerId: text.sid, attempts: 1 });
    // A second pass sends nothing more.
    expect((await (await textSender()).deliverDue()).sent).toBe(0);
    expect(fake.textsTo(phone)).toHaveLength(1);
  });

  it('sends from a messaging service when TWILIO_FROM is one', async () => {
    const service = `MG${'ab'.repeat(16)}`;
    useFakeTwilio(fake, service);
    const { golfer, phone } = await golferWithTexts();
    await queueText(golfer.id, phone);
    await (await textSender()).deliverDue();
    expect(fake.textsTo(phone)[0]).toMatchObject({ from: null, messagingServiceSid: service });
  });

  it('retries a text Twilio refused with a 5xx after 1 and 4 minutes, then sends it', async () => {
    const { golfer, phone } = await golferWithTexts();
    const queued = await queueText(golfer.id, phone);
    const clock = testClock();
    const sender = await textSender({ now: clock.now });
    fake.failNext(503, 2, 20503);
    expect(await sender.deliverDue()).toMatchObject({ sent: 0, retrying: 1 });
    let row = await db.outboxMessage.findUniqueOrThrow({ where: { id: queued.id } });
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: '20503: Simulated outage' });
    clock.advance(999);
    expect(await sender.deliverDue()).toMatchObject({ sent: 0, retrying: 0 });
    clock.advance(1);
    expect(await sender.deliverDue()).toMatchObject({ retrying: 1 });
    clock.advance(4000);
    expect(await sender.deliverDue()).toMatchObject({ sent: 1 });
    row = await db.outboxMessage.findUniqueOrThrow({ where: { id: queued.id } });
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(fake.textsTo(phone)).toHaveLength(1);
  });

  it('fails at once a text Twilio refuses for its number, and waits when Twilio cannot be reached', async () => {
    const { golfer, phone } = await golferWithTexts();
    const queued = await queueText(golfer.id, phone);
    fake.failNext(400, 1, 21614);
    expect(await (await textSender()).deliverDue()).toMatchObject({ failed: 1 });
    expect(await db.outboxMessage.findUniqueOrThrow({ where: { id: queued.id } })).toMatchObject({
      status: 'failed',
      lastError: '21614: Simulated outage',
    });

    const later = await queueText(golfer.id, phone);
    process.env.TWILIO_API_BASE = 'http://127.0.0.1:9';
    const lines: string[] = [];
    const { createTextSender } = await import('~/integrations/texts/text-sender.server');
    const sender = createTextSender({ wait: () => Promise.resolve(), perSecond: 1000, log: (l) => lines.push(l) });
    expect(await sender.deliverDue()).toMatchObject({ sent: 0, retrying: 1 });
    const row = await db.outboxMessage.findUniqueOrThrow({ where: { id: later.id } });
    expect(row.status).toBe('queued');
    expect(row.countedAttempts).toBe(0);
    expect(row.lastError).toMatch(/^Twilio could not be reached: /);
    expect(lines[0]).toMatch(/^Texts: Twilio cannot be reached/);
  });

  it("keeps a text as 'Not sent: no text provider configured' without TWILIO_ACCOUNT_SID, and leaves email alone", async () => {
    withoutTwilio();
    const { golfer, phone } = await golferWithTexts();
    const queued = await queueText(golfer.id, phone);
    await db.$transaction((tx) =>
      enqueueMessage(tx, {
        key: `test:email:${queued.id}`,
        kind: 'league',
        to: 'a@example.org',
        subject: 'S',
        text: 'T',
        html: '<p>T</p>',
      }),
    );
    expect(await (await textSender()).deliverDue()).toMatchObject({ notSent: 1 });
    expect(await db.outboxMessage.findUniqueOrThrow({ where: { id: queued.id } })).toMatchObject({
      status: 'not-sent',
      lastError: 'Not sent: no text provider configured',
    });
    expect(await db.outboxMessage.findUniqueOrThrow({ where: { key: `test:email:${queued.id}` } })).toMatchObject({
      status: 'queued',
    });
    process.env.TWILIO_ACCOUNT_SID = 'nope';
    const again = await queueText(golfer.id, phone);
    await (await textSender()).deliverDue();
    expect((await db.outboxMessage.findUniqueOrThrow({ where: { id: again.id } })).lastError).toMatch(
      /^Not sent: TWILIO_ACCOUNT_SID is not an account SID/,
    );
  });

  it('never texts a number its golfer did not confirm, nor one whose golfer turned texts off', async () => {
    const golfer = await newGolfer();
    const phone = newMobile();
    const unconfirmed = await queueText(golfer.id, phone);
    const { golfer: off, phone: offPhone } = await golferWithTexts();
    await db.golferTexts.update({ where: { golferId: off.id }, data: { textsOn: false, offReason: 'golfer' } });
    const turnedOff = await queueText(off.id, offPhone);
    expect(await (await textSender()).deliverDue()).toMatchObject({ sent: 0, notSent: 2 });
    expect(await db.outboxMessage.findUniqueOrThrow({ where: { id: unconfirmed.id } })).toMatchObject({
      status: 'not-sent',
      lastError: 'Not sent: the golfer did not confirm this number',
    });
    expect(await db.outboxMessage.findUniqueOrThrow({ where: { id: turnedOff.id } })).toMatchObject({
      lastError: 'Not sent: the golfer turned texts off',
    });
    expect(fake.textsTo(phone)).toEqual([]);
    expect(fake.textsTo(offPhone)).toEqual([]);
  });

  it('a text of 320 characters at most, the stop line always kept', async () => {
    const { golfer, phone } = await golferWithTexts();
    await queueText(golfer.id, phone, 'Storm coming. '.repeat(40));
    await (await textSender()).deliverDue();
    const [text] = fake.textsTo(phone);
    expect(text.body.length).toBeLessThanOrEqual(320);
    expect(text.body.endsWith('… Reply STOP to stop.')).toBe(true);
  });
});

describe('the status callback', () => {
  async function sentText() {
    const { golfer, phone } = await golferWithTexts();
    const queued = await queueText(golfer.id, phone);
    await (await textSender()).deliverDue();
    return { id: queued.id, sid: fake.textsTo(phone)[0].sid };
  }

  it("marks a text 'Delivered', and one the carrier could not deliver 'Failed' with the reason, on /outbox", async () => {
    const delivered = await sentText();
    const res = await call(statusAction, webhookRequest(fake.statusCallback(delivered.sid, 'delivered')));
    expect(res.status).toBe(200);
    expect(await db.outboxMessage.findUniqueOrThrow({ where: { id: delivered.id } })).toMatchObject({
      status: 'delivered',
    });
    // The steps before change nothing.
    const undelivered = await sentText();
    await call(statusAction, webhookRequest(fake.statusCallback(undelivered.sid, 'sent')));
    expect((await db.outboxMessage.findUniqueOrThrow({ where: { id: undelivered.id } })).status).toBe('sent');
    await call(statusAction, webhookRequest(fake.statusCallback(undelivered.sid, 'undelivered', '30003')));
    expect(await db.outboxMessage.findUniqueOrThrow({ where: { id: undelivered.id } })).toMatchObject({
      status: 'failed',
      lastError: 'Failed: 30003 unreachable phone (switched off or out of coverage)',
    });

    const { cookie } = await signIn();
    const page = (await (await call(outboxLoader, request('/outbox', { cookie }))).json()) as {
      outbox: { rows: { id: number; channel: string; toAddress: string; status: string }[] };
    };
    const row = page.outbox.rows.find((r) => r.id === delivered.id)!;
    expect(row).toMatchObject({ channel: 'text', status: 'delivered' });
    expect(row.toAddress).toMatch(/^\(231\) \d{3}-\d{4}$/);
    const onlyDelivered = await call(outboxLoader, request('/outbox?status=delivered', { cookie }));
    expect(onlyDelivered.status).toBe(200);
  });

  it('answers a forged or unsigned callback 403 and changes nothing', async () => {
    const { id, sid } = await sentText();
    const callback = fake.statusCallback(sid, 'delivered');
    const forged = await call(statusAction, webhookRequest(callback, 'bm90IHR3aWxpbw=='));
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ message: 'This request is not signed by Twilio.' });
    expect((await call(statusAction, webhookRequest(callback, null))).status).toBe(403);
    // Signed for another text: the fields are part of what is signed.
    const tampered = { ...callback, params: { ...callback.params, MessageStatus: 'failed', ErrorCode: '30007' } };
    expect((await call(statusAction, webhookRequest(tampered))).status).toBe(403);
    expect((await db.outboxMessage.findUniqueOrThrow({ where: { id } })).status).toBe('sent');
  });
});

describe("'Texts' on /me", () => {
  async function postTexts(cookie: string, form: Record<string, string>) {
    return call(textsAction, request('/me/texts', { cookie, form }));
  }

  async function lastCode(phone: string): Promise<string> {
    await (await textSender()).deliverDue();
    const text = fake.textsTo(phone).at(-1)!;
    return /\b(\d{6})\b/.exec(text.body)![1];
  }

  async function meTexts(cookie: string) {
    const page = (await (await call(meLoader, request('/me', { cookie }))).json()) as {
      texts: { status: string; confirming: string | null; on: boolean };
    };
    return page.texts;
  }

  it('turns texts on with the code texted to the number, and off again', async () => {
    const golfer = await newGolfer();
    const cookie = await signInGolfer(golfer.id);
    const sent = await postTexts(cookie, { intent: 'number', mobile: '(231) 555-0147' });
    expect(sent.status).toBe(303);
    expect(await toastOf(sent)).toMatchObject({ title: 'Code sent' });
    expect(await meTexts(cookie)).toMatchObject({ confirming: '(231) 555-0147', on: false });
    // Nothing but the code goes to the number while it is being confirmed.
    const code = await lastCode('+12315550147');
    const text = fake.textsTo('+12315550147').at(-1)!;
    expect(text.body).toMatch(/^Healthcare Golf League: your code is \d{6}\. .* Reply STOP to stop\.$/);
    // Once sent, /outbox keeps the text without its code.
    const kept = await db.outboxMessage.findFirstOrThrow({ where: { kind: 'text-code', golferId: golfer.id } });
    expect(kept.text).not.toContain(code);
    expect(kept.text).toContain('••••••');

    const right = await postTexts(cookie, { intent: 'code', textCode: code });
    expect(right.status).toBe(303);
    expect(await toastOf(right)).toMatchObject({ description: 'Texts are on for (231) 555-0147.' });
    expect(await meTexts(cookie)).toMatchObject({ status: 'Texts are on for (231) 555-0147.', on: true });

    const off = await postTexts(cookie, { intent: 'off' });
    expect(off.status).toBe(303);
    expect(await meTexts(cookie)).toMatchObject({ status: 'Texts are off.', on: false });
    // Texts queued for the golfer are not sent now.
    const queued = await queueText(golfer.id, '+12315550147');
    await (await textSender()).deliverDue();
    expect((await db.outboxMessage.findUniqueOrThrow({ where: { id: queued.id } })).status).toBe('not-sent');
    await db.golferTexts.delete({ where: { golferId: golfer.id } });
  });

  it('refuses a malformed number and a wrong code with their messages, saving nothing', async () => {
    const golfer = await newGolfer();
    const cookie = await signInGolfer(golfer.id);
    for (const mobile of ['555-0147', 'call me', '', '+1 231 555 01470']) {
      const res = await postTexts(cookie, { intent: 'number', mobile });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        intent: 'number',
        message: 'Enter a mobile number, like (231) 555-0147.',
      });
    }
    expect(await db.golferTexts.findUnique({ where: { golferId: golfer.id } })).toBeNull();
    expect(await db.outboxMessage.count({ where: { golferId: golfer.id } })).toBe(0);

    const phone = newMobile();
    await postTexts(cookie, { intent: 'number', mobile: phone });
    const code = await lastCode(phone);
    const wrong = await postTexts(cookie, { intent: 'code', textCode: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      message: 'That code is not right, or it has expired. Check the latest text, or ask for a new code.',
    });
    const malformed = await postTexts(cookie, { intent: 'code', textCode: '12ab' });
    expect(malformed.status).toBe(400);
    expect(await meTexts(cookie)).toMatchObject({ on: false });
  });

  it('locks the number for 15 minutes after five wrong codes, the right one and new codes included', async () => {
    const golfer = await newGolfer();
    const cookie = await signInGolfer(golfer.id);
    const phone = newMobile();
    await postTexts(cookie, { intent: 'number', mobile: phone });
    const code = await lastCode(phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await postTexts(cookie, { intent: 'code', textCode: wrongCode })).status).toBe(400);
    const locked = await postTexts(cookie, { intent: 'code', textCode: code });
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ message: 'Too many wrong codes. Try again in 15 minutes.' });
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(14 * 60);
    const newCode = await postTexts(cookie, { intent: 'number', mobile: phone });
    expect(newCode.status).toBe(429);
    expect(await meTexts(cookie)).toMatchObject({ on: false });
  });
});

describe('replies: STOP, START and HELP', () => {
  const incoming = (from: string, body: string) => webhookRequest(fake.incoming(`${SITE}/webhooks/twilio`, from, body));

  it("turns texts off on STOP and its synonyms, and /me says 'Texts are off: you replied STOP.'", async () => {
    for (const word of ['STOP', 'stop', 'StopAll', 'UNSUBSCRIBE', 'cancel', 'END', 'quit']) {
      const { golfer, phone } = await golferWithTexts();
      const res = await call(incomingAction, incoming(phone, word));
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toMatch(/^text\/xml/);
      expect(await res.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
      const row = await db.golferTexts.findUniqueOrThrow({ where: { golferId: golfer.id } });
      expect(row).toMatchObject({ textsOn: false, offReason: 'stop' });
      const page = (await (await call(meLoader, request('/me', { cookie: await signInGolfer(golfer.id) }))).json()) as {
        texts: { status: string };
      };
      expect(page.texts.status).toBe('Texts are off: you replied STOP.');
    }
  });

  it('sends nothing after STOP, even what was queued before it, and texts again after START', async () => {
    const { golfer, phone } = await golferWithTexts();
    const before = await queueText(golfer.id, phone);
    await call(incomingAction, incoming(phone, 'STOP'));
    await (await textSender()).deliverDue();
    expect(await db.outboxMessage.findUniqueOrThrow({ where: { id: before.id } })).toMatchObject({
      status: 'not-sent',
      lastError: 'Not sent: the number replied STOP',
    });
    expect(fake.textsTo(phone)).toEqual([]);

    for (const word of ['START', 'unstop', 'Yes']) {
      await call(incomingAction, incoming(phone, 'STOP'));
      const res = await call(incomingAction, incoming(phone, word));
      expect(res.status).toBe(200);
      expect((await db.golferTexts.findUniqueOrThrow({ where: { golferId: golfer.id } })).textsOn).toBe(true);
    }
    await queueText(golfer.id, phone);
    await (await textSender()).deliverDue();
    expect(fake.textsTo(phone)).toHaveLength(1);
  });

  it('a number Twilio refuses because it replied STOP (21610) is off for its golfers too', async () => {
    const { golfer, phone } = await golferWithTexts();
    fake.stopped.add(phone);
    const queued = await queueText(golfer.id, phone);
    await (await textSender()).deliverDue();
    expect(await db.outboxMessage.findUniqueOrThrow({ where: { id: queued.id } })).toMatchObject({
      status: 'failed',
      lastError: '21610: Attempt to send to unsubscribed recipient',
    });
    expect(await db.golferTexts.findUniqueOrThrow({ where: { golferId: golfer.id } })).toMatchObject({
      textsOn: false,
      offReason: 'stop',
    });
  });

  it("answers HELP with the league's name and how to reach it, and any other text with nothing", async () => {
    const { phone } = await golferWithTexts();
    await signIn();
    const help = await call(incomingAction, incoming(phone, 'help'));
    const twiml = await help.text();
    expect(twiml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?><Response><Message>Healthcare Golf League: texts about your league nights .*For help, email .+@example\.org or visit http:\/\/localhost\. .*Reply STOP to stop\.<\/Message><\/Response>$/,
    );
    const words = /<Message>(.*)<\/Message>/.exec(twiml)![1];
    expect(words.length).toBeLessThanOrEqual(320);
    const other = await call(incomingAction, incoming(phone, 'See you Monday'));
    expect(await other.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  });

  it('answers a forged or unsigned incoming text 403 and changes nothing', async () => {
    const { golfer, phone } = await golferWithTexts();
    const stop = fake.incoming(`${SITE}/webhooks/twilio`, phone, 'STOP');
    expect((await call(incomingAction, webhookRequest(stop, null))).status).toBe(403);
    expect((await call(incomingAction, webhookRequest(stop, 'Zm9yZ2Vk'))).status).toBe(403);
    // Signed with another account's token.
    const other = new FakeTwilio('another-token');
    const forged = other.incoming(`${SITE}/webhooks/twilio`, phone, 'STOP');
    expect((await call(incomingAction, webhookRequest(forged))).status).toBe(403);
    // Signed for another address.
    const elsewhere = fake.incoming('https://elsewhere.example/webhooks/twilio', phone, 'STOP');
    expect((await call(incomingAction, webhookRequest({ ...elsewhere, url: stop.url }))).status).toBe(403);
    expect((await db.golferTexts.findUniqueOrThrow({ where: { golferId: golfer.id } })).textsOn).toBe(true);
    // Without texts configured, no webhook is believed.
    withoutTwilio();
    expect((await call(incomingAction, webhookRequest(stop))).status).toBe(403);
    expect((await db.golferTexts.findUniqueOrThrow({ where: { golferId: golfer.id } })).textsOn).toBe(true);
  });
});
