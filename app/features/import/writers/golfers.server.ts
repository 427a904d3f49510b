import { golferData, normalizeEmail, updateGolfer } from '~/models/golfers.server';
import type { GolferContact, GolferInput } from '~/schemas/golfer';
import { type Writer, eachRow } from './writer.server';

function nameKey(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A row's values over what is already known: blank cells keep what is on file. */
function mergeGolfer(
  input: GolferInput,
  known: { nickname: string | null; email: string | null; phone: string | null },
): GolferInput {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    nickname: input.nickname ?? known.nickname ?? undefined,
    email: input.email ?? known.email ?? undefined,
    phone: input.phone ?? known.phone ?? undefined,
  };
}

type KnownGolfer = GolferContact & {
  id: number | null;
  // Never in an import file: a golfer's 'I can sub' is theirs to tick (golferData leaves it out when not given).
  canSub?: boolean;
  input?: GolferInput;
};

/**
 * Inserts per statement: far below SQLite's and PostgreSQL's parameter limits, and small enough that one statement
 * (Prisma compiles it on the server's thread) holds the event loop about 10 ms: 500 held it 45 ms.
 */
const INSERT_CHUNK = 100;

/**
 * Golfers are matched by email, else by first and last name (ignoring case), and updated rather than duplicated
 * (docs/product/import-export.md#matching-existing-records). A row with an email only takes over a same-named golfer
 * who has no email on file (a namesake with another email is someone else); blank cells keep what is on file. Rows of
 * the same file match each other too. Every golfer is loaded once into maps, so matching costs no query per row;
 * existing golfers
 * are updated through updateGolfer (only when something changed) and new ones inserted in batches, so 10,000
 * new golfers take a few statements rather than 20,000.
 */
export const golferWriter: Writer<GolferInput> = {
  async write(tx, rows, wrap) {
    const stored = await tx.golfer.findMany({
      select: { id: true, firstName: true, lastName: true, nickname: true, email: true, phone: true },
      orderBy: { id: 'asc' },
    });
    // Several golfers may share an address (decision 125): a row matches the one of its name there, or the only one.
    const byEmail = new Map<string, KnownGolfer[]>();
    const byName = new Map<string, KnownGolfer[]>();
    const remember = (golfer: KnownGolfer) => {
      if (golfer.email) {
        const list = byEmail.get(golfer.email) ?? [];
        if (!list.includes(golfer)) byEmail.set(golfer.email, [...list, golfer]);
      }
      const key = nameKey(golfer.firstName, golfer.lastName);
      const list = byName.get(key) ?? [];
      if (!list.includes(golfer)) byName.set(key, [...list, golfer]);
    };
    const forget = (golfer: KnownGolfer) => {
      if (golfer.email)
        byEmail.set(
          golfer.email,
          (byEmail.get(golfer.email) ?? []).filter((g) => g !== golfer),
        );
      const key = nameKey(golfer.firstName, golfer.lastName);
      byName.set(
        key,
        (byName.get(key) ?? []).filter((g) => g !== golfer),
      );
    };
    stored.forEach(remember);

    const created: KnownGolfer[] = [];
    await eachRow(rows, wrap, async ({ input }) => {
      const email = normalizeEmail(input.email);
      const namesakes = byName.get(nameKey(input.firstName, input.lastName)) ?? [];
      const atEmail = email ? (byEmail.get(email) ?? []) : [];
      const byEmailMatch =
        atEmail.find((g) => namesakes.includes(g)) ?? (atEmail.length === 1 ? atEmail[0] : undefined);
      const match = byEmailMatch ?? (email ? namesakes.find((g) => !g.email) : namesakes[0]);
      const merged = match ? mergeGolfer(input, match) : input;
      const data = golferData(merged);
      if (match) {
        const unchanged = (Object.keys(data) as (keyof typeof data)[]).every(
          (key) => key === 'fullName' || data[key] === match[key],
        );
        if (unchanged) return;
        forget(match);
        Object.assign(match, data, { input: merged });
        remember(match);
        if (match.id !== null) await updateGolfer(match.id, merged, null, tx);
        return;
      }
      const golfer: KnownGolfer = { id: null, ...data, input: merged };
      created.push(golfer);
      remember(golfer);
    });

    for (let i = 0; i < created.length; i += INSERT_CHUNK) {
      const chunk = created.slice(i, i + INSERT_CHUNK);
      await tx.golfer.createMany({ data: chunk.map((golfer) => golferData(golfer.input!)) });
    }
  },
};
