const { PricedTemplate, linePercentages, centsText } = require('../apps/api/dist/catalogue/priced-template.js');
// render must equal splicing the string prices, for many list prices and percentages
const lists = [0, 1, 5, 9, 10, 99, 100, 101, 999, 1000, 9999, 10000, 123456, 99999999, 4294967295, 9007199254740];
const json = '[' + lists.map((c) => `{"a" : "é", "customer_price" : [${c}, null], "b" : 1}`).join(', ') + ']';
const t = PricedTemplate.parse(json);
let bad = 0;
for (let u = 0; u <= 10000; u += 7) {
  const pct = `${Math.floor(u / 100)}.${String(u % 100).padStart(2, '0')}`;
  const p = linePercentages({ discount_percentage: pct });
  const want = '[' + t.prices(p).map((x) => `{"a" : "é", "customer_price" : ${x}, "b" : 1}`).join(', ') + ']';
  if (t.render(p).toString() !== want) bad++;
}
console.log('mismatches', bad);
