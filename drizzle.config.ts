import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  // The shared layer's tables and every module's schema.ts: src/modules/list.test.ts checks that these
  // are exactly the tables the module list declares.
  schema: ['./src/lib/schema.ts', './src/modules/*/schema.ts'],
  out: './drizzle',
});
