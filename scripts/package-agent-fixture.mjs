// A stand-in for the agent's entry (apps/agent/src/cli.ts) while packaging is built and tested without it:
// it loads both native addons the agent needs and prints their versions, as the packaged executable must.
//   vahub-agent --help | --version | selftest | uiohook   (selftest: sharp encodes a JPEG, ws echoes)
// The addons are imported when a command needs them: uiohook-napi needs an X display (without one its
// addon fails the process at exit), and `--help` must work anywhere.
const version = process.env.VAHUB_AGENT_VERSION ?? 'dev';
const [command] = process.argv.slice(2);
if (command === '--version') {
  const { default: sharp } = await import('sharp');
  const { uIOhook } = await import('uiohook-napi');
  const uiohook = typeof uIOhook?.start === 'function' ? 'loaded' : 'missing';
  console.log(
    `vahub-agent ${version} (node ${process.versions.node}, sharp ${sharp.versions.sharp}, ` +
      `libvips ${sharp.versions.vips}, uiohook-napi ${uiohook})`,
  );
} else if (command === 'uiohook') {
  const { uIOhook } = await import('uiohook-napi');
  console.log(`uiohook-napi: ${typeof uIOhook?.start === 'function' ? 'loaded' : 'missing'}`);
} else if (command === 'selftest') {
  const { default: sharp } = await import('sharp');
  const image = sharp({ create: { width: 64, height: 32, channels: 3, background: '#3366cc' } });
  const jpeg = await image.jpeg().toBuffer();
  const meta = await sharp(jpeg).metadata();
  console.log(`selftest: ${meta.format} ${meta.width}x${meta.height} ${jpeg.length} bytes`);
  // What the agent bundles besides the addons: the workspace's tracker core and `ws` over Node's built-ins.
  const { hostClock } = await import('@vahub/tracker-core/clock');
  const { WebSocket, WebSocketServer } = await import('ws');
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((done) => server.once('listening', done));
  server.on('connection', (socket) => socket.on('message', (data) => socket.send(`echo ${data}`)));
  const client = new WebSocket(`ws://127.0.0.1:${server.address().port}`);
  const echoed = await new Promise((done, fail) => {
    const clock = hostClock(globalThis);
    const timer = clock.setTimeout(() => fail(new Error('no echo')), 5000);
    client.once('open', () => client.send('hello'));
    client.once('message', (data) => {
      clock.clearTimeout(timer);
      done(String(data));
    });
  });
  client.close();
  server.close();
  console.log(`selftest: ws ${echoed}`);
} else {
  console.log('Usage: vahub-agent <command>');
  console.log('  --version  versions of the agent and its native addons');
  console.log('  selftest   encode a JPEG with sharp, echo over ws');
  console.log('  uiohook    load uiohook-napi only');
  process.exit(command === '--help' || command === undefined ? 0 : 2);
}
