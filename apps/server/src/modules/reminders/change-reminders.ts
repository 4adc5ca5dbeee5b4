// The signed-in user's reminder preferences: read them (with each running project's override), change
// them, and change one project's override (its owner only).
import type { ReminderOverrideDto, ReminderPrefsDto, RemindersResponse, SessionUser } from '@kept/contract';
import type { ReminderOverride } from '@kept/domain';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { findOwnedProject } from '../projects/access.ts';
import { saveOverride, savePrefs, selectPrefs, selectRunningProjects } from './queries.ts';

export type ReminderDeps = { db: Db; clock: Clock };

export async function showReminders(deps: ReminderDeps, user: SessionUser): Promise<RemindersResponse> {
  const prefs = await selectPrefs(deps.db, user.id);
  if (!prefs) throw new DomainError('not_found', 'User not found');
  const projects = await selectRunningProjects(deps.db, user.id);
  return { prefs, projects: projects.map((p) => ({ ...p, override: p.override ?? null })) };
}

export async function changeReminders(
  deps: ReminderDeps,
  user: SessionUser,
  prefs: ReminderPrefsDto,
): Promise<RemindersResponse> {
  await deps.db.transaction((tx) => savePrefs(tx, user.id, prefs, deps.clock.now()));
  return showReminders(deps, user);
}

/** An override with nothing in it follows the owner's choices entirely: stored as null. */
function normalize(override: ReminderOverrideDto | null): ReminderOverride | null {
  if (!override) return null;
  const out: ReminderOverride = {};
  if (override.channels && Object.keys(override.channels).length > 0) out.channels = override.channels;
  if (override.timings && Object.keys(override.timings).length > 0) out.timings = override.timings;
  return Object.keys(out).length > 0 ? out : null;
}

export async function changeProjectReminders(
  deps: ReminderDeps,
  user: SessionUser,
  projectId: string,
  override: ReminderOverrideDto | null,
) {
  return deps.db.transaction(async (tx) => {
    const project = await findOwnedProject(tx, projectId, user, { forUpdate: true });
    const stored = normalize(override);
    await saveOverride(tx, project.id, stored, deps.clock.now());
    return { projectId: project.id, title: project.title, override: stored };
  });
}
