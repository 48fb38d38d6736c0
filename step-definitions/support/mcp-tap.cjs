// A stdio pass-through between an MCP client and a real server: `node mcp-tap.cjs <log> <command> [args...]`.
// Every line the client sends is appended to <log>, so a scenario can see what reached the server
// (a notifications/cancelled, say). It ends with the server, and ends the server when its stdin closes.
const { spawn } = require('node:child_process');
const { appendFileSync } = require('node:fs');

const [log, command, ...args] = process.argv.slice(2);
const server = spawn(command, args, { stdio: ['pipe', 'inherit', 'inherit'] });
let pending = '';
process.stdin.on('data', (chunk) => {
  pending += chunk.toString('utf8');
  const lines = pending.split('\n');
  pending = lines.pop();
  for (const line of lines) if (line.trim()) appendFileSync(log, `${line}\n`);
  server.stdin.write(chunk);
});
process.stdin.on('end', () => server.stdin.end());
process.on('SIGTERM', () => server.kill('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
