/** Vitest setup file: ends each test file with the teardowns its fixtures registered (file-teardown.ts). */
import { afterAll } from 'vitest';
import { runFileTeardowns } from './file-teardown.js';

afterAll(runFileTeardowns);
