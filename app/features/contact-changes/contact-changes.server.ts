import crypto from 'node:crypto';
import { maskEmail } from '~/domain/contact-mask';
import { ConflictError, NotFoundError } from '~/domain/errors';
import { contactChangeEmail } from '~/features/contact-changes/contact-change-email.server';
import { findGolfersByEmail, getGolfer, normalizeEmail, updateGolfer } from '~/models/golfers.server';
import { enqueueMessage } from '~/models/outbox.server';
import { inTransaction } from '~/db/transaction.server';
import { db, isUniqueViolation, type Tx } from '~/db/db.server';

/**
 * A returning golfer's new contact details wait for confirmation from the address on file
 * (docs/product/accounts.md#registration-abuse, docs/decisions/096-contact-changes-need-confirmation.md): registering
 * with a different email or phone stores the typed values here and queues an email to the address on file with a
 * link to /confirm-contact/{token}; only that link applies them, once, within CONTACT_CHANGE_DAYS.
 */

const CONTACT_CHANGE_DAYS = 7;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const NOT_VALID = 'This confirmation link is not valid. Nothing was changed.';
const USED = 'This confirmation link has already been used.';
const EXPIRED = 'This confirmation link has expired. Nothing was changed; register again to ask for a new one.';

/** Digits only, so '(231) 555-0101' and '231-555-0101' are the same number. */
function samePhone(a: string | null, b: string | null): boolean {
  return (a?.replace(/\D/g, '') ?? '') === (b?.replace(/\D/g, '') ?? '');
}

/**
 * What the typed details would change for a golfer with an email on file: the new email and/or phone (null when
 * unchanged). A blank phone keeps the one on file.
 */
export function contactDifference(
  onFile: { email: string | null; phone: string | null },
  typed: { email: string; phone: string | null },
): { email: string | null; phone: string | null } | null {
  const email = normalizeEmail(typed.email);
  const newEmail = email && email !== onFile.email ? email : null;
  const newPhone = typed.phone && !samePhone(typed.phone, onFile.phone) ? typed.phone.trim() : null;
  return newEmail || newPhone ? { email: newEmail, phone: newPhone } : null;
}

/**
 * Stores a change for a golfer with an email on file and queues the email to that address, in the caller's
 * transaction. The same change still waiting is not asked again (no second email); a different one replaces it.
 */
export async function requestContactChange(
  tx: Tx,
  input: {
    golfer: { id: number; firstName: string; email: string };
    change: { email: string | null; phone: string | null };
    leagueName: string;
    /** The site's public origin, for the link. */
    origin: string;
    /** Where the link goes: the address on file (a registration's change), or the new one (an email change on /me). */
    sendTo?: 'on-file' | 'new';
    now?: Date;
  },
): Promise<void> {
  const now = input.now ?? new Date();
  const waiting = await tx.contactChange.findMany({
    where: { golferId: input.golfer.id, confirmedAt: null, expiresAt: { gt: now } },
    select: { token: true, email: true, phone: true },
  });
  if (waiting.some((w) => w.email === input.change.email && w.phone === input.change.phone)) return;
  if (waiting.length > 0)
    await tx.contactChange.updateMany({
      where: { token: { in: waiting.map((w) => w.token) } },
      data: { expiresAt: now },
    });
  const token = crypto.randomBytes(32).toString('base64url');
  await tx.contactChange.create({
    data: {
      token,
      golferId: input.golfer.id,
      email: input.change.email,
      phone: input.change.phone,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CONTACT_CHANGE_DAYS * 24 * 60 * 60 * 1000),
    },
  });
  const message = contactChangeEmail({
    leagueName: input.leagueName,
    firstName: input.golfer.firstName,
    email: input.change.email,
    phone: input.change.phone,
    confirmUrl: `${input.origin}/confirm-contact/${token}`,
    expiresInDays: CONTACT_CHANGE_DAYS,
    askedOn: input.sendTo === 'new' ? 'my-league' : 'registration',
  });
  await enqueueMessage(tx, {
    key: `contact-change:${token}`,
    kind: 'contact-change',
    to: input.sendTo === 'new' && input.change.email ? input.change.email : input.golfer.email,
    golferId: input.golfer.id,
    ...message,
  });
}

/** A change waiting for confirmation, as the confirmation page shows it. */
type PendingContactChange = {
  firstName: string;
  email: string | null;
  phone: string | null;
  /** The address on file the link was sent to, masked. */
  onFile: string | null;
};

async function requireWaiting(token: string, client: Tx, now: Date) {
  if (!TOKEN_PATTERN.test(token)) throw new NotFoundError(NOT_VALID);
  const change = await client.contactChange.findUnique({ where: { token } });
  if (!change) throw new NotFoundError(NOT_VALID);
  if (change.confirmedAt) throw new NotFoundError(USED);
  if (change.expiresAt <= now) throw new NotFoundError(EXPIRED);
  const golfer = await getGolfer(change.golferId, client);
  if (!golfer) throw new NotFoundError(NOT_VALID);
  return { change, golfer };
}

/** The change a link asks to confirm; an unknown, used or expired link is a NotFoundError with its reason. */
export async function getContactChange(token: string, now = new Date()): Promise<PendingContactChange> {
  const { change, golfer } = await requireWaiting(token, db, now);
  return { firstName: golfer.firstName, email: change.email, phone: change.phone, onFile: maskEmail(golfer.email) };
}

function emailTaken(): ConflictError {
  return new ConflictError(
    'That email address now belongs to another golfer, so your contact details were not changed. Please contact the league administrator.',
  );
}

/**
 * Applies a change once: the link is claimed (a conditional update) in the same transaction as the golfer's update, so
 * a second use, or two at once, changes nothing more. A new email that meanwhile belongs to another golfer is a
 * ConflictError, and then nothing changes (the link stays usable once that is sorted out).
 */
export async function confirmContactChange(
  token: string,
  now = new Date(),
): Promise<{ email: string | null; phone: string | null }> {
  try {
    return await inTransaction(db, async (tx) => {
      const { change, golfer } = await requireWaiting(token, tx, now);
      const claim = await tx.contactChange.updateMany({
        where: { token, confirmedAt: null, expiresAt: { gt: now } },
        data: { confirmedAt: now },
      });
      if (claim.count === 0) throw new NotFoundError(USED);
      if (change.email) {
        const owners = await findGolfersByEmail(change.email, tx);
        if (owners.some((owner) => owner.id !== golfer.id)) throw emailTaken();
      }
      await updateGolfer(
        golfer.id,
        {
          firstName: golfer.firstName,
          lastName: golfer.lastName,
          nickname: golfer.nickname ?? undefined,
          email: change.email ?? golfer.email ?? undefined,
          phone: change.phone ?? golfer.phone ?? undefined,
        },
        // The golfer's own change through the emailed link: not an administrator's, so not in the audit log.
        null,
        tx,
      );
      return { email: change.email, phone: change.phone };
    });
  } catch (error) {
    if (isUniqueViolation(error) || (error instanceof ConflictError && error.message.startsWith('Another golfer')))
      throw emailTaken();
    throw error;
  }
}
