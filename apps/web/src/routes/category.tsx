import { useParams } from 'react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { ButtonLink } from '../components/ui/button';
import { PageContainer, PageHeader } from '../components/ui/page';
import { categoryHeading } from '@kept/domain';
import { CategoryListing } from '../features/browse/category-listing';
import { useDocumentTitle } from '../lib/use-document-title';

export default function CategoryScreen() {
  const { category = '' } = useParams();
  const heading = categoryHeading(category);
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
      <CategoryListing key={category} slug={category} />
    </PageContainer>
  );
}
