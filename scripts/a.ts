import 'server-only';
export const x = 1;
