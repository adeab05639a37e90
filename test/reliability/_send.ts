/**
 * Sends one request of the reliability suite again, byte for byte, and prints the answer: the
 * reproduction line of a failure is `npx tsx test/reliability/_send.ts $PORT '<JSON string>'`,
 * optionally `--body '<JSON string>'` or `--fill <bytes>`. `{{h*15552}}` in a string stands
 * for 15552 times `h`. Start a server first (`PORT=8787 npm start`, or `start:bun`, `start:deno`).
 */
import { describeAnswer, expand, rawRequest } from './_raw.ts';

const [port, head, flag, value] = process.argv.slice(2);
if (!port || !head) {
  console.error(
    "usage: npx tsx test/reliability/_send.ts PORT '<JSON string of the request head>' [--body '<JSON string>' | --fill BYTES]",
  );
  process.exit(2);
}
const body =
  flag === '--body'
    ? Buffer.from(expand(JSON.parse(value!)), 'latin1')
    : flag === '--fill'
      ? { fill: Number(value) }
      : undefined;
const text = expand(JSON.parse(head) as string);
const answer = await rawRequest(Number(port), {
  head: Buffer.from(text, 'latin1'),
  body,
  isHead: text.startsWith('HEAD '),
});
console.log(describeAnswer(answer));
console.log(answer.headers);
