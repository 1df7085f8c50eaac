// Validates the OpenAPI document read from stdin with @apidevtools/swagger-parser (an ES module, so the
// jest suites run it in a child process). Prints "valid" or the validator's message and exits 1.
import SwaggerParser from '@apidevtools/swagger-parser';

let text = '';
for await (const chunk of process.stdin) text += chunk;
try {
  await SwaggerParser.validate(JSON.parse(text));
  console.log('valid');
} catch (e) {
  console.log(String(e?.message ?? e));
  process.exit(1);
}
