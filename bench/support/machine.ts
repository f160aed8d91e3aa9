// A description of the machine a run happened on, written beside the results.
import { cpus, loadavg, totalmem } from 'node:os';

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
  /** 1-minute load average at the start and the end of the run (others' work shows up here). */
  loadAtStart: number;
  loadAtEnd?: number;
}

export function machineInfo(): MachineInfo {
  const list = cpus();
  return {
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAtStart: Number(loadavg()[0].toFixed(2)),
  };
}
