const zlib = require('zlib');
const variants = [];
for (let i = 0; i < 1000; i++) variants.push({ _id: require('crypto').randomUUID(), part_number: 'PN-' + i * 7, size: '20 x 24 x 1', actual_size: '19 1/2 x 23 1/2 x 3/4', depth: 1, odd_size: false, odd_size_type: '', min_area: null, max_area: null, out_of_stock: false, display_order: i % 5, customer_price: (Math.random() * 500).toFixed(2) });
const raw = Buffer.from(JSON.stringify({ status: 200, data: { productDetails: [{ variants }] } }, null, 1));
console.log('raw', raw.length);
for (const q of [1, 3, 4, 5, 6]) {
  const t = process.hrtime.bigint();
  let out;
  for (let k = 0; k < 20; k++) out = zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
  console.log('br q' + q, out.length, Number(process.hrtime.bigint() - t) / 20 / 1e6, 'ms');
}
for (const l of [1, 6]) {
  const t = process.hrtime.bigint();
  let out;
  for (let k = 0; k < 20; k++) out = zlib.gzipSync(raw, { level: l });
  console.log('gzip ' + l, out.length, Number(process.hrtime.bigint() - t) / 20 / 1e6, 'ms');
}
