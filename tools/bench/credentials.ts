/**
 * Credentials of the benchmark's own throwaway services (NODE_ENV=production, which requires both).
 * Not secrets: the database they guard is created and dropped by the run.
 */
export const BENCH_OPERATOR_TOKEN = 'bench-operator-token-0123456789';
/** 32 bytes, base64url. */
export const BENCH_SECRETS_KEY = 'YmVuY2gtc2VjcmV0cy1rZXktMDEyMzQ1Njc4OTAxMjM';
