'use client';
// "Are you sure?" for destructive actions, saying exactly what will happen. With `typeToConfirm`
// the person types that text (a unit's name, say) before the button works, as GitHub and Google
// Workspace ask before deleting something large.
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';
import { TextField } from './text-field';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  destructive?: boolean;
  /** Text to type before confirming; compared ignoring surrounding spaces. */
  typeToConfirm?: string;
  /** Compare the typed text ignoring case too (an email address). */
  ignoreCase?: boolean;
  /** Gets what was typed (trimmed), for a server that checks the confirmation itself. */
  onConfirm: (typed: string) => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, title, description, confirmLabel, busy, destructive = true, typeToConfirm, ignoreCase, onConfirm, onCancel }: ConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  useEffect(() => {
    if (open) setTyped('');
  }, [open]);
  const comparable = (text: string) => (ignoreCase ? text.trim().toLowerCase() : text.trim());
  const confirmed = typeToConfirm === undefined || (typeToConfirm.trim() !== '' && comparable(typed) === comparable(typeToConfirm));
  const confirm = () => {
    if (confirmed && !busy) onConfirm(typed.trim());
  };
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      description={description}
      footer={
        <>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant={destructive ? 'danger' : 'primary'} onClick={confirm} disabled={busy || !confirmed}>
            {busy ? 'Working…' : confirmLabel}
          </Button>
        </>
      }
    >
      {typeToConfirm !== undefined && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            confirm();
          }}
        >
          <TextField
            label={`Type “${typeToConfirm}” to confirm`}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </form>
      )}
    </Modal>
  );
}
