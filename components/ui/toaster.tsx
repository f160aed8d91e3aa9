'use client';
// Toasts for the results of actions (sonner), following the system colour scheme.
import { Toaster as Sonner } from 'sonner';

export function Toaster() {
  return <Sonner theme="system" position="bottom-right" richColors closeButton />;
}

export { toast } from 'sonner';
