import Newspaper from 'lucide-react/icons/newspaper';
import { ButtonLink } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { PageContainer, PageHeader } from '../components/ui/page';
import { useDocumentTitle } from '../lib/use-document-title';

/** The blog: no posts have been published yet, and the page says so. */
export default function BlogScreen() {
  useDocumentTitle('Blog');
  return (
    <PageContainer width="medium">
      <PageHeader title="Blog" />
      <Card className="flex flex-col items-start gap-4 p-6 sm:flex-row">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary-50 text-primary-700">
          <Newspaper aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 className="text-lg font-semibold text-slate-900">No posts yet</h2>
          <p className="mt-1 text-slate-700">
            We haven't published anything here yet. Sign up for the newsletter at the bottom of this page to
            hear when we do.
          </p>
          <ButtonLink to="/how-it-works" variant="secondary" className="mt-4">
            How it works
          </ButtonLink>
        </div>
      </Card>
    </PageContainer>
  );
}
