'use client';
// Error boundary of /reorganizations/* (see components/shell/screen-error).
export { ScreenError as default } from '@/components/shell/screen-error';
