// Donations' SQL.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { donations, projects, users } from '../../db/schema.ts';
import type { Tx } from '../ledger/ledger.ts';

/** A visible project with what a new donation to it is checked against. */
export async function projectToDonateTo(db: Db | Tx, projectId: string, opts: { share?: boolean } = {}) {
  const query = db
    .select({
      id: projects.id,
      title: projects.title,
      userId: projects.userId,
      createdAt: projects.createdAt,
      endDate: projects.endDate,
      totalLengthDays: projects.totalLengthDays,
      checkInFrequencyDays: projects.checkInFrequencyDays,
      projectTimezone: projects.projectTimezone,
      projectStatus: projects.projectStatus,
      endedEarlyAt: projects.endedEarlyAt,
    })
    .from(projects)
    .where(and(eq(projects.id, projectId), isNull(projects.deletedAt)));
  const [project] = opts.share ? await query.for('share') : await query;
  return project;
}

/** The project row locked, with its owner's address for the note (one statement). */
export async function lockDonatedProject(tx: Tx, projectId: string) {
  const [project] = await tx
    .select({
      id: projects.id,
      title: projects.title,
      ownerId: projects.userId,
      ownerEmail: users.email,
      ownerUsername: users.username,
    })
    .from(projects)
    .leftJoin(users, eq(users.id, projects.userId))
    .where(eq(projects.id, projectId))
    .for('update', { of: projects });
  return project;
}

export async function insertDonation(tx: Tx, values: typeof donations.$inferInsert): Promise<void> {
  await tx.insert(donations).values(values);
}
