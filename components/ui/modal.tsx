'use client';
// Modal dialog on Headless UI: focus trap, Escape to close, labelled by its title. The panel never
// grows past the viewport: its content scrolls and the footer stays in view, so the primary
// button is reachable on a phone and beside an on-screen keyboard.
import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { ReactNode } from 'react';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned under the content (wrapping, primary first from the right). */
  footer?: ReactNode;
  size?: 'md' | 'lg';
}

export function Modal({ open, onClose, title, description, children, footer, size = 'md' }: ModalProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-3 sm:p-4">
        <DialogPanel
          className={`flex max-h-full w-full min-w-0 flex-col ${size === 'lg' ? 'max-w-2xl' : 'max-w-md'} rounded-lg border border-zinc-200 bg-white shadow-xl dark:border-zinc-800 dark:bg-zinc-900`}
        >
          <div className="min-h-0 overflow-y-auto p-4 sm:p-5">
            <DialogTitle className="text-base font-semibold break-words">{title}</DialogTitle>
            {description && <Description className="mt-1 text-sm break-words text-zinc-600 dark:text-zinc-400">{description}</Description>}
            {children && <div className="mt-4">{children}</div>}
          </div>
          {footer && (
            <div className="flex shrink-0 flex-wrap-reverse justify-end gap-2 px-4 pt-1 pb-4 sm:px-5 sm:pb-5 [&>button]:h-auto [&>button]:min-h-9 [&>button]:max-w-full [&>button]:py-1.5">
              {footer}
            </div>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
