/**
 * Where the tests' PostgreSQL is and who they are there (the defaults .ci/run creates), apart from pg.ts so that
 * naming the server (test/support/service-tiers.ts) does not mark a module as needing it.
 */
export const PG_ADMIN = {
  host: process.env.FAPIAO_TEST_PG_HOST ?? '127.0.0.1',
  port: Number(process.env.FAPIAO_TEST_PG_PORT ?? 5432),
  user: process.env.FAPIAO_TEST_PG_USER ?? 'fapiao_test',
  password: process.env.FAPIAO_TEST_PG_PASSWORD ?? 'fapiao_test',
};
