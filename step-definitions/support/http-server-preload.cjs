// Preloaded (node --require) into MCP servers a scenario serves over HTTP, so that nothing a test starts is
// reachable from the network or outlives the test:
// - a listen() that names no host binds 127.0.0.1 instead of every interface;
// - the server exits when its stdin (a pipe from the test process) closes, which happens when the test
//   process ends, however it ends.
const net = require('node:net');

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\d+$/.test(args[0]))) {
    if (typeof args[1] !== 'string') args.splice(1, 0, '127.0.0.1');
  }
  return listen.apply(this, args);
};

process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
