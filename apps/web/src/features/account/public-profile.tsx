import { useId, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import CalendarDays from 'lucide-react/icons/calendar-days';
import RotateCw from 'lucide-react/icons/rotate-cw';
import Sprout from 'lucide-react/icons/sprout';
import UserX from 'lucide-react/icons/user-x';
import type { ProjectCard } from '@kept/contract';
import { MESSAGES, formatInstantDate, userDoesNotExistMessage } from '@kept/domain';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageContainer } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../session';
import { isNotFound } from './api';
import { detectTimezone } from './detect-timezone';
import { ProfileProjectList } from './profile-project-list';
import { usePublicProfile } from './use-account';

function ProfileHeader({ username, children }: { username: string; children?: ReactNode }) {
  return (
    <header className="mb-8 flex items-center gap-4">
      <span
        aria-hidden="true"
        className="grid size-14 shrink-0 place-items-center rounded-full bg-primary-100 text-2xl font-bold text-primary-800 sm:size-16"
      >
        {username.slice(0, 1).toUpperCase()}
      </span>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
          {username}
        </h1>
        {children}
      </div>
    </header>
  );
}

function ProjectSection({
  title,
  projects,
  own,
}: {
  title: string;
  projects: readonly ProjectCard[];
  own: boolean;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-10 first-of-type:mt-0">
      <h2 id={headingId} className="mb-4 flex items-center gap-2 text-xl font-semibold text-slate-900">
        {title}{' '}
        <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-sm font-semibold text-slate-700">
          {projects.length}
        </span>
      </h2>
      <ProfileProjectList projects={projects} own={own} />
    </section>
  );
}

/** Not found: the spec's heading and text, and a way back to where the visitor came from. */
function UserNotFound({ username }: { username: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="mx-auto flex w-full max-w-xl px-4 py-12 sm:py-20">
      <Card className="w-full p-6 text-center sm:p-10">
        <span className="mx-auto grid size-12 place-items-center rounded-full bg-slate-100 text-slate-700">
          <UserX aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">
          {MESSAGES.userNotFoundTitle}
        </h1>
        <p className="mt-3 break-words text-slate-600">{userDoesNotExistMessage(username)}</p>
        <Button
          className="mt-6"
          icon={<ArrowLeft aria-hidden="true" className="size-4" />}
          // Opened in a fresh tab, with nowhere to go back to: "back" means the home page.
          onClick={() =>
            void (location.key === 'default' && window.history.length <= 1 ? navigate('/') : navigate(-1))
          }
        >
          Go Back
        </Button>
      </Card>
    </div>
  );
}

/** /user/{username}: who they are, since when, and their projects. */
export function PublicProfile({ username }: { username: string }) {
  const profile = usePublicProfile(username);
  const { user: viewer } = useSession();
  const [timeZone] = useState(detectTimezone);
  const notFound = profile.isError && isNotFound(profile.error);
  useDocumentTitle(notFound ? MESSAGES.userNotFoundTitle : (profile.data?.user.username ?? username));

  if (notFound) return <UserNotFound username={username} />;

  if (profile.isPending) {
    return (
      <PageContainer>
        <ProfileHeader username={username} />
        <div role="status" className="flex items-center gap-3 text-primary-700">
          <Spinner />
          <span className="text-slate-700">Loading profile...</span>
        </div>
      </PageContainer>
    );
  }

  if (profile.isError) {
    return (
      <PageContainer>
        <ProfileHeader username={username} />
        <Alert tone="error" title={MESSAGES.loadProfileFailed}>
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            loading={profile.isFetching}
            icon={<RotateCw aria-hidden="true" className="size-4" />}
            onClick={() => void profile.refetch()}
          >
            Try again
          </Button>
        </Alert>
      </PageContainer>
    );
  }

  const { user, activeProjects, completedProjects } = profile.data;
  const hasProjects = activeProjects.length + completedProjects.length > 0;
  // The viewer's own profile: every card on it is theirs ('Your Project').
  const own = viewer !== null && viewer.username?.toLowerCase() === user.username.toLowerCase();

  return (
    <PageContainer>
      <ProfileHeader username={user.username}>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
          <CalendarDays aria-hidden="true" className="size-4" />
          Joined {formatInstantDate(new Date(user.createdAt), timeZone, { long: true })}
        </p>
      </ProfileHeader>

      {hasProjects ? (
        <>
          {activeProjects.length > 0 ? (
            <ProjectSection title="Active Projects" projects={activeProjects} own={own} />
          ) : null}
          {completedProjects.length > 0 ? (
            <ProjectSection title="Completed Projects" projects={completedProjects} own={own} />
          ) : null}
        </>
      ) : (
        <Card className="flex flex-col items-center p-8 text-center sm:p-10">
          <span className="grid size-12 place-items-center rounded-full bg-primary-50 text-primary-700">
            <Sprout aria-hidden="true" className="size-6" />
          </span>
          <h2 className="mt-4 text-xl font-semibold text-slate-900">No Projects Yet</h2>
          <p className="mt-2 max-w-sm text-slate-600">
            {user.username} hasn't started a project yet. Check back soon!
          </p>
        </Card>
      )}
    </PageContainer>
  );
}
