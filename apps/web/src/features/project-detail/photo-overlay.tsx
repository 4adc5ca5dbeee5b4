import { Modal } from '../../components/ui/dialog';

/** A check-in's photo at full size, in an overlay that closes on Escape, outside click or the close button. */
export default function PhotoOverlay({
  src,
  title,
  onClose,
}: {
  src: string;
  title: string;
  onClose: () => void;
}) {
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={title} size="full">
      <img
        src={src}
        alt={title}
        className="mx-auto max-h-[75dvh] w-auto max-w-full rounded-lg object-contain"
        decoding="async"
      />
    </Modal>
  );
}
