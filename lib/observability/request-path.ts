// The request header proxy.ts sets to the requested path and query ("come back after sign-in").
export const REQUEST_PATH_HEADER = 'x-arbor-path';
