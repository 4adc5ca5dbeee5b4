// Supporters' SQL: a project's donations newest first, and the owner's hide switch on one message.
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { donations } from '../../db/schema.ts';

export async function supportersOf(db: Db, projectId: string, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: donations.id,
        donorName: donations.donorName,
        donorAnonymous: donations.donorAnonymous,
        amountCents: donations.amountCents,
        showAmount: donations.showAmount,
        message: donations.message,
        messageHiddenAt: donations.messageHiddenAt,
        createdAt: donations.createdAt,
      })
      .from(donations)
      .where(eq(donations.projectId, projectId))
      .orderBy(desc(donations.createdAt), desc(donations.id))
      .limit(limit),
    db.select({ n: count() }).from(donations).where(eq(donations.projectId, projectId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type SupporterRow = Awaited<ReturnType<typeof supportersOf>>['rows'][number];

/** Hide (at `hiddenAt`) or show a donation's message; whether the donation belongs to the project. */
export async function setMessageHidden(
  db: Db,
  projectId: string,
  donationId: string,
  hiddenAt: Date | null,
): Promise<boolean> {
  const updated = await db
    .update(donations)
    .set({ messageHiddenAt: hiddenAt })
    .where(and(eq(donations.id, donationId), eq(donations.projectId, projectId)))
    .returning({ id: donations.id });
  return updated.length > 0;
}
