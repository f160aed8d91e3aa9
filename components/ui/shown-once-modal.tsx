'use client';
// A secret Arbor shows once (a new API key, a signing secret): copy it now, or never see it again.
import { Button } from '@/components/ui/button';
import { CopyField } from '@/components/ui/copy-field';
import { Modal } from '@/components/ui/modal';

export function ShownOnceModal({ value, onClose, title, description, label, hint }: {
  /** The secret; the modal is open while it is set. */
  value: string | null;
  onClose: () => void;
  title: string;
  description: string;
  label: string;
  hint?: string;
}) {
  return (
    <Modal open={Boolean(value)} onClose={onClose} title={title} description={description} size="lg" footer={<Button variant="primary" onClick={onClose}>Done</Button>}>
      {value && <CopyField label={label} value={value} hint={hint} />}
    </Modal>
  );
}
