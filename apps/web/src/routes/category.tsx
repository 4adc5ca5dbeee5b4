import { Navigate, useLocation, useParams } from 'react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { NotFound } from '../components/not-found';
import { ButtonLink } from '../components/ui/button';
import { PageContainer, PageHeader } from '../components/ui/page';
import { canonicalCategorySlug, categoryHeading } from '@kept/domain';
import { CategoryListing } from '../features/browse/category-listing';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * /category/{slug}: a known category in another spelling ('ART', 'home_improvements') moves to its
 * canonical address, replacing the history entry; a name no category has shows the not-found screen.
 */
export default function CategoryScreen() {
  const { category = '' } = useParams();
  const { search, hash } = useLocation();
  const canonical = canonicalCategorySlug(category);
  if (canonical === null) return <NotFound />;
  if (canonical !== category)
    return <Navigate to={{ pathname: `/category/${canonical}`, search, hash }} replace />;
  return <CategoryPage slug={canonical} />;
}

function CategoryPage({ slug }: { slug: string }) {
  const heading = categoryHeading(slug);
  useDocumentTitle(heading);
  return (
    <PageContainer>
      <ButtonLink
        to="/"
        variant="ghost"
        size="sm"
        className="-ml-3 mb-4"
        icon={<ArrowLeft aria-hidden="true" className="size-4" />}
      >
        Back to home
      </ButtonLink>
      <PageHeader title={heading} className="mb-4" />
      <CategoryListing key={slug} slug={slug} />
    </PageContainer>
  );
}
