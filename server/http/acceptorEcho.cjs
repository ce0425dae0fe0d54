// The child of acceptors.ts: sends every handle it is given straight back. A handle crossing a
// process boundary arrives as a new file descriptor of the same socket, which is all the parent wants.
// Plain CommonJS so it starts with bare node (no TypeScript loader) in a few tens of ms.
process.on('message', (message, handle) => process.send(message, handle));
