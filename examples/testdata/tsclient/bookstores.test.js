// The TypeScript MCP SDK's client against both bookstore examples, built
// from this checkout: examples/bookstore (go-sdk, runtime/mcpsdk) and
// examples/bookstore-mcpgo (mcp-go, runtime/mcpgo), over stdio. Every tool
// of each is called with impossible arguments (every property of the wrong
// type, and one the schema does not know), and must take the designed error
// path: a tool result, not a protocol error, with isError, the
// invalid_arguments failure in structuredContent.error, content[0] its
// exact text, and structuredContent that the SDK itself validated against
// the advertised output schema. Both servers must answer alike.
//
// Run by scripts/test.sh (npm ci, then node --test); it needs Go and fails,
// never skips, when it cannot build the servers.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const servers = [
  { name: 'bookstore (go-sdk)', pkg: './examples/bookstore' },
  { name: 'bookstore-mcpgo (mcp-go)', pkg: './examples/bookstore-mcpgo' },
];
const hint = "Correct the listed arguments to match the tool's input schema, then call the tool again.";

let bin;
const clients = new Map();

before(async () => {
  bin = mkdtempSync(join(tmpdir(), 'mcperrlint-tsclient-'));
  for (const server of servers) {
    server.binary = join(bin, server.pkg.split('/').pop());
    execFileSync('go', ['build', '-o', server.binary, server.pkg], { cwd: repo, stdio: 'inherit' });
    const client = new Client({ name: 'mcperrlint-tsclient', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: server.binary, stderr: 'ignore' }));
    clients.set(server.name, client);
  }
});

after(async () => {
  for (const client of clients.values()) await client.close();
  if (bin) rmSync(bin, { recursive: true, force: true });
});

// wrongValue returns a value of another JSON type than the schema wants.
function wrongValue(schema) {
  switch (schema.type) {
    case 'string': return 12345;
    case 'integer': case 'number': return 'not a number';
    case 'boolean': return 'not a boolean';
    case 'array': return { not: 'an array' };
    default: return 'not an object';
  }
}

// jsonType names a value's JSON type as the servers' messages do.
function jsonType(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

// impossible builds, from a tool's input schema, arguments that violate it
// everywhere, and the issues the server must report, in schema order.
function impossible(tool) {
  const props = tool.inputSchema.properties ?? {};
  const names = Object.keys(props);
  const args = {};
  const issues = [];
  for (const name of names) {
    args[name] = wrongValue(props[name]);
    issues.push({ path: name, message: `expected ${props[name].type}, got ${jsonType(args[name])}` });
  }
  args.impossible = true;
  issues.push({ path: 'impossible', message: `unknown property; expected one of ${names.join(', ')}` });
  return { args, issues };
}

// normalized replaces the request id, random per server, in a result.
function normalized(result) {
  const copy = structuredClone(result);
  const id = copy.structuredContent.error.data.requestId;
  copy.structuredContent.error.data.requestId = '<id>';
  copy.content[0].text = copy.content[0].text.replace(`request ${id})`, 'request <id>)');
  return copy;
}

test('every tool of both servers, called with impossible arguments, takes the invalid_arguments path', async () => {
  const answers = new Map();
  for (const server of servers) {
    const client = clients.get(server.name);
    const { tools } = await client.listTools(); // also caches the output validators callTool applies
    assert.deepEqual(tools.map((t) => t.name).sort(), ['fetch_reviews', 'get_book', 'reserve_book', 'search_books'], server.name);
    for (const tool of tools) {
      const where = `${server.name} ${tool.name}`;
      assert.ok(tool.outputSchema, `${where}: no output schema, so the SDK would validate nothing`);
      const contract = tool._meta?.['dev.mcperrlint/errors'] ?? [];
      const entry = contract.find((e) => e.reason === 'invalid_arguments');
      assert.deepEqual(entry && { code: entry.code, codeName: entry.codeName, retryable: entry.retryable },
        { code: -32602, codeName: 'InvalidParams', retryable: false }, `${where}: invalid_arguments in the advertised contract`);

      const { args, issues } = impossible(tool);
      // callTool validates structuredContent against the advertised output
      // schema and throws if it does not match: the call itself checks that
      // the widened schema admits the error envelope.
      const result = await client.callTool({ name: tool.name, arguments: args });
      assert.equal(result.isError, true, `${where}: isError`);
      const error = result.structuredContent?.error;
      assert.ok(error, `${where}: structuredContent.error in ${JSON.stringify(result.structuredContent)}`);
      assert.equal(error.code, -32602, `${where}: code`);
      assert.equal(error.data.reason, 'invalid_arguments', `${where}: data.reason`);
      assert.equal(error.data.retryable, false, `${where}: data.retryable`);
      assert.deepEqual(error.data.recovery, { hint }, `${where}: data.recovery`);
      assert.deepEqual(error.data.issues, issues, `${where}: data.issues`);
      assert.match(error.data.requestId, /^[0-9a-f]{12}$/, `${where}: data.requestId`);
      const shown = issues.slice(0, 5).map((i) => `${i.path}: ${i.message}`).join('; ');
      const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
      assert.equal(error.message, `Invalid arguments: ${shown}${more}.`, `${where}: message`);
      assert.equal(result.content.length, 1, `${where}: one content block`);
      assert.equal(result.content[0].type, 'text', `${where}: content[0].type`);
      assert.equal(result.content[0].text,
        `Error: ${error.message}\n\nRecovery: ${hint}\n\n(reason invalid_arguments · not retryable · request ${error.data.requestId})`,
        `${where}: content[0].text`);
      answers.set(`${server.name} ${tool.name}`, normalized(result));
    }
  }
  for (const tool of ['fetch_reviews', 'get_book', 'reserve_book', 'search_books']) {
    assert.deepEqual(answers.get(`${servers[1].name} ${tool}`), answers.get(`${servers[0].name} ${tool}`),
      `${tool}: the two servers answer differently`);
  }
});

test('a declared failure reaches the TypeScript client in its contract shape', async () => {
  for (const server of servers) {
    const client = clients.get(server.name);
    const result = await client.callTool({ name: 'get_book', arguments: { id: 'b-99' } });
    const error = result.structuredContent?.error;
    assert.equal(result.isError, true, server.name);
    assert.equal(error?.code, -32001, server.name);
    assert.equal(error?.data?.reason, 'book_not_found', server.name);
    assert.match(result.content[0].text, /^Error: No book has id "b-99"\.\n\nRecovery: .+\n\n\(reason book_not_found · not retryable · request [0-9a-f]{12}\)$/, server.name);
  }
});
