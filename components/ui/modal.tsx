'use client';
// Modal dialog on Headless UI: focus trap, Escape to close, labelled by its title.
import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { ReactNode } from 'react';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned under the content. */
  footer?: ReactNode;
  size?: 'md' | 'lg';
}

export function Modal({ open, onClose, title, description, children, footer, size = 'md' }: ModalProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          className={`w-full ${size === 'lg' ? 'max-w-2xl' : 'max-w-md'} rounded-lg border border-zinc-200 bg-white p-5 shadow-xl dark:border-zinc-800 dark:bg-zinc-900`}
        >
          <DialogTitle className="text-base font-semibold">{title}</DialogTitle>
          {description && <Description className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</Description>}
          {children && <div className="mt-4">{children}</div>}
          {footer && <div className="mt-5 flex justify-end gap-2">{footer}</div>}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
