import Compass from 'lucide-react/icons/compass';
import House from 'lucide-react/icons/house';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';
import { ButtonLink } from './ui/button';
import { Card } from './ui/card';

/** The 'Page not found' screen: for paths outside the route table and pages of things that do not exist. */
export function NotFound() {
  const { pathname } = useLocation();
  useDocumentTitle('Page not found');
  return (
    <div className="mx-auto flex w-full max-w-xl px-4 py-12 sm:py-20">
      <Card className="w-full p-6 text-center sm:p-10">
        <span className="mx-auto grid size-12 place-items-center rounded-full bg-primary-50 text-primary-700">
          <Compass aria-hidden="true" className="size-6" />
        </span>
        <p className="mt-4 text-sm font-semibold tracking-wide text-primary-800 uppercase">Error 404</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">Page not found</h1>
        <p className="mt-3 text-slate-600">
          We couldn't find <span className="font-mono text-sm break-all text-slate-800">{pathname}</span>. The
          link may be mistyped, or the page may have moved.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to="/" icon={<House aria-hidden="true" className="size-4" />}>
            Go to home
          </ButtonLink>
          <ButtonLink to="/how-it-works" variant="secondary">
            How it works
          </ButtonLink>
        </div>
      </Card>
    </div>
  );
}
