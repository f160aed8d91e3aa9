'use client';
// Error boundary of every console page without its own, and of the units layout (the tree): the
// console header stays, the detail stays on the server (see components/shell/screen-error).
export { ScreenError as default } from '@/components/shell/screen-error';
