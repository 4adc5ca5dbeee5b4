import { useParams } from 'react-router';
import { ReceiptPage } from '../features/money-history/receipt-page';
import { useSession } from '../features/session';
import { useDocumentTitle } from '../lib/use-document-title';

export default function ReceiptScreen() {
  useDocumentTitle('Receipt');
  const { paymentId = '' } = useParams();
  const { user } = useSession();
  return <ReceiptPage paymentId={paymentId} timeZone={user?.timezone ?? 'UTC'} />;
}
