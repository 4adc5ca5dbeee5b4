import Briefcase from 'lucide-react/icons/briefcase';
import { ButtonLink } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { PageContainer, PageHeader } from '../components/ui/page';
import { useDocumentTitle } from '../lib/use-document-title';

/** Careers: there are no open positions, and the page says so. */
export default function CareersScreen() {
  useDocumentTitle('Careers');
  return (
    <PageContainer width="medium">
      <PageHeader title="Careers" />
      <Card className="flex flex-col items-start gap-4 p-6 sm:flex-row">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary-50 text-primary-700">
          <Briefcase aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 className="text-lg font-semibold text-slate-900">No open positions</h2>
          <p className="mt-1 text-slate-700">
            We aren't hiring right now. When we are, the openings will be listed on this page.
          </p>
          <ButtonLink to="/about" variant="secondary" className="mt-4">
            About Kept
          </ButtonLink>
        </div>
      </Card>
    </PageContainer>
  );
}
