require('reflect-metadata');
const { createDataSource, runMigrations } = require('/work/wt-pricedonce/libs/db/dist');
(async () => {
  const ds = createDataSource({ url: 'postgres://postgres@127.0.0.1:5432/pricedonce_scratch', poolSize: 2 });
  await ds.initialize();
  console.log((await runMigrations(ds)).length);
  await ds.destroy();
})().catch((e) => { console.error(e); process.exit(1); });
