'use client';
// True once React has attached its handlers: controls that only work with JavaScript stay
// disabled until then, so an early click is never silently lost.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
