import CalendarPlus from 'lucide-react/icons/calendar-plus';
import { ButtonLink } from '../components/ui/button';
import { PageContainer } from '../components/ui/page';
import { MyHistory } from '../features/history';
import { MyProjects } from '../features/project-owner/my-projects';
import { useDocumentTitle } from '../lib/use-document-title';

export default function MyProjectsScreen() {
  useDocumentTitle('My Projects');
  return (
    <PageContainer>
      <MyProjects />
      <ButtonLink
        to="/settings#calendar"
        variant="secondary"
        className="mt-6"
        icon={<CalendarPlus aria-hidden="true" className="size-4" />}
      >
        Add to calendar
      </ButtonLink>
      <MyHistory />
    </PageContainer>
  );
}
