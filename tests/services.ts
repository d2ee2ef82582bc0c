/**
 * The PostgreSQL and Redis every test run uses: this machine kind runs both on 127.0.0.1 in every session, and
 * `npm test` (scripts/test.sh) starts them where none answers, exporting these two variables. TEST_DATABASE_URL and
 * TEST_REDIS_URL point the tests elsewhere. No test is skipped for want of them: a run without them fails and says
 * which one did not answer.
 */
export const testDatabaseUrl =
  process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
export const testRedisUrl = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
