import RotateCw from 'lucide-react/icons/rotate-cw';
import { fetchProjectsFailedMessage } from '@kept/domain';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';

/** 'Loading projects...' while a list is on its way. */
export function LoadingProjects() {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-primary-700">
      <Spinner />
      <span className="text-slate-700">Loading projects...</span>
    </div>
  );
}

/** The Error Loading Projects box: 'Failed to fetch projects: {message}', and a way to try again. */
export function ProjectsError({ error, onRetry }: { error: Error; onRetry?: () => void }) {
  return (
    <Alert tone="error" title="Error Loading Projects">
      <p>{fetchProjectsFailedMessage(error.message)}</p>
      {onRetry ? (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={onRetry}
          icon={<RotateCw aria-hidden="true" className="size-4" />}
        >
          Try again
        </Button>
      ) : null}
    </Alert>
  );
}

/**
 * 'Show More (N remaining)': the next 50 of a long list; 'N+' when the count stopped short of the end
 * (`atLeast`: more than N remain).
 */
export function ShowMore({
  remaining,
  atLeast = false,
  loading,
  onClick,
}: {
  remaining: number;
  atLeast?: boolean;
  loading: boolean;
  onClick: () => void;
}) {
  return (
    <Button variant="secondary" loading={loading} onClick={onClick}>
      {`Show More (${remaining}${atLeast ? '+' : ''} remaining)`}
    </Button>
  );
}
