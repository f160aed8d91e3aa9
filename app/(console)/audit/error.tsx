'use client';
// Error boundary of /audit (see components/settings/screen-error).
export { ScreenError as default } from '@/components/settings/screen-error';
