import { spawn, type ChildProcess } from 'node:child_process';

/** `npm run dev`: the API (reloading on change) behind Vite's dev server (hot module reload). */
const apiPort = '3001';
const children: ChildProcess[] = [];

function run(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    for (const other of children) if (other !== child) other.kill('SIGTERM');
    process.exit(code ?? 0);
  });
  children.push(child);
}

run('npx', ['tsx', 'watch', '--clear-screen=false', 'server/index.ts'], { PORT: apiPort, CLIENT_DIR: './dist/__dev_has_no_client__', NODE_ENV: 'development' });
run('npx', ['vite', '--port', '5173', '--strictPort'], { API_PORT: apiPort });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
