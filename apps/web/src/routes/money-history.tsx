import { MoneyHistoryPage } from '../features/money-history/money-history-page';
import { useSession } from '../features/session';
import { useDocumentTitle } from '../lib/use-document-title';

export default function MoneyHistoryScreen() {
  useDocumentTitle('Money history');
  const { user } = useSession();
  return <MoneyHistoryPage timeZone={user?.timezone ?? 'UTC'} />;
}
