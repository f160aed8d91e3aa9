// Free loopback ports for the servers a test run or benchmark starts.
import getPort from 'get-port';

export const freePort = () => getPort({ host: '127.0.0.1' });
