/** Identity's emails follow the one kernel rule (moved to the kernel so other subgraphs share it). */
export * from '../kernel/email.js';
