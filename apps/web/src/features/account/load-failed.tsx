import RotateCw from 'lucide-react/icons/rotate-cw';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { errorMessage } from './api';

/** What failed to load, and asks again for it: the query of a Settings part (or of Settings itself). */
export interface FailedQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A part of Settings that could not load: why (or the connection hint), and Try again, busy while it asks. */
export function LoadFailed({ title, query }: { title?: string; query: FailedQuery }) {
  return (
    <Alert tone="error" title={title}>
      <p>{errorMessage(query.error, 'Please check your connection and try again.')}</p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-3"
        loading={query.isFetching}
        icon={<RotateCw aria-hidden="true" className="size-4" />}
        onClick={() => void query.refetch()}
      >
        Try again
      </Button>
    </Alert>
  );
}
